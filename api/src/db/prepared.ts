import type { Db } from "./client.ts";

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and kept, for the reads every page makes. Drizzle
 * otherwise rebuilds the SQL text from the query builder on each call (a tenth of the server's
 * time in a profile under load), and PostgreSQL parses it again: a prepared query is named, so
 * each pooled connection parses it once. Transactions are handles of their own and get their
 * own copy.
 */
export function prepared<Q>(db: Db, name: string, build: (db: Db) => Q): Q {
  let queries = byDb.get(db);
  if (!queries) byDb.set(db, (queries = new Map()));
  let query = queries.get(name) as Q | undefined;
  if (!query) queries.set(name, (query = build(db)));
  return query;
}
