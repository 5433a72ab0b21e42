import { fileURLToPath } from "node:url";
import { chmodSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { lockFolder, type FolderLock } from "./folder-lock.ts";
import { PGliteWithStatements } from "./pglite-statements.ts";
import { join } from "node:path";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import { DatabaseUnreachableError } from "#api/src/config.ts";
import { shownUrl } from "#lib/shown-url.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * For the background work (round distribution, the job worker). On PostgreSQL opened with
   * timeouts, connections of their own that keep the connect timeout but not the statement and
   * query timeouts: a round's distribution is one statement over every minting user, which at a
   * million users may run longer than any request should (decision 035). Otherwise `db`.
   */
  jobs: Db;
  kind: "pglite" | "postgres";
  /** How the connections are used now, read when metrics are scraped (api/src/metrics.ts). */
  use(): PoolUse[];
  close(): Promise<void>;
}

/**
 * One pool's connections: running a query or transaction, idle, and the requests waiting for one.
 * PGlite has one session: busy while a query or transaction has its turn, the rest waiting.
 */
interface PoolUse {
  pool: "requests" | "jobs" | "pglite";
  busy: number;
  idle: number;
  waiting: number;
}

function poolUse(pool: pg.Pool, name: PoolUse["pool"]): PoolUse {
  return { pool: name, busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** How long the database may take (decision 035); openDatabase without them waits for ever, as tests and tools do. */
export interface DatabaseTimeouts {
  /** PostgreSQL: a connection (a new one, or a free one of the pool's) within this. */
  connectMs: number;
  /** PostgreSQL's own statement_timeout on the requests' connections: it cancels a slow statement. */
  statementMs: number;
  /**
   * PostgreSQL: a query the server has not answered in this long fails on the client, and its
   * connection is dropped. PGlite: the longest a query waits for its turn; one that has not
   * started by then fails without running.
   */
  queryMs: number;
}

/** The rows of a raw `execute`: the two drivers type their results apart. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * PGlite writes its files 0666 whatever the umask: they are made the owner's alone once open.
 * Files it makes later stay behind the folders, which are 0700 (see keepFilesPrivate).
 */
function closeUp(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, 0o700);
      closeUp(path);
    } else if (entry.isFile()) {
      chmodSync(path, 0o600);
    }
  }
}

// Any constant of our own (distribution uses 72_716_001): the key instances migrate under in turn.
const MIGRATION_LOCK = 72_716_002;

/** A connection failure in one line: Node reports a refused `localhost` (two addresses) as an AggregateError without a message. */
function reasonOf(error: unknown, connectMs?: number): string {
  const e = error as { message?: string; code?: string; errors?: { message?: string }[] };
  if (connectMs !== undefined && /timeout/i.test(e.message ?? "")) return `no answer within ${connectMs} ms (DATABASE_CONNECT_TIMEOUT_MS)`;
  const parts = e.message ? [e.message] : [...new Set((e.errors ?? []).map((x) => x.message).filter(Boolean))];
  return (parts.length ? parts.join("; ") : (e.code ?? String(error))).replace(/\s+/g, " ");
}

/**
 * Runs the migrations on a connection of their own holding a PostgreSQL advisory lock, so
 * processes opening one database together (instances starting, an operator command) migrate
 * one after the other: the first applies them, the others find them applied. Without it they
 * ran the same CREATE TABLEs at once and all but one crashed ("duplicate key value violates
 * unique constraint pg_type_typname_nsp_index"). PGlite is one process's alone (the folder lock).
 * The connection has the connect timeout but no statement timeout: a migration, or the wait for
 * another instance's, may take longer than any request. A connection that cannot be opened is a
 * DatabaseUnreachableError.
 */
async function migrateInTurn(url: string, connectMs?: number): Promise<void> {
  const holder = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  // A connection the server ends while the migrations run fails the query running on it; the
  // event itself must not crash the process.
  holder.on("error", () => {});
  try {
    await holder.connect();
  } catch (error) {
    await holder.end().catch(() => {});
    throw new DatabaseUnreachableError(`Cannot open the database at DATABASE_URL ${shownUrl(url)}: ${reasonOf(error, connectMs)}`);
  }
  try {
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(holder, { schema }) as never, { migrationsFolder });
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await holder.end().catch(() => {});
  }
}

/**
 * A pooled connection that is dropped rather than reused when it cannot be trusted:
 * - pg's query_timeout fails a query the server has not answered in time but leaves it in
 *   flight on its connection, and every later query there waits behind it. A query run by the
 *   pool itself drops its connection on any error; a transaction's connection (its rollback
 *   timed out too) went back to the pool as it was. The timeout is noted here, and the pool
 *   ends the connection on its release (postgresPool).
 * - Drizzle sends a transaction's BEGIN before its try: when the BEGIN fails (it timed out, the
 *   server went away) the connection is never released, and the pool had one connection fewer
 *   for good (ten such failures and every request waited for a connection in vain). It is
 *   released here, with the error, which makes the pool drop it.
 */
class PooledClient extends pg.Client {
  stalled = false;
  /** Set by the pool each time it hands this connection out. */
  declare release?: (error?: Error | boolean) => void;

  // pg's query has a dozen overloads; this override passes every one of them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const text: unknown = typeof args[0] === "string" ? args[0] : args[0]?.text;
    const opens = typeof text === "string" && /^\s*begin\b/i.test(text);
    const failed = (error: unknown) => {
      if (!error) return;
      if ((error as Error).message === "Query read timeout") this.stalled = true;
      if (opens && this.release) {
        const release = this.release;
        // Drizzle will not release it; should a later version do so too, that is a no-op.
        this.release = () => {};
        release(error as Error);
      }
    };
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (error: unknown, result: unknown) => void;
      args[last] = (error: unknown, result: unknown) => {
        failed(error);
        callback(error, result);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    // The caller handles the rejection; this only looks at it, first.
    if (result instanceof Promise) result.catch(failed);
    return result;
  }
}

function postgresPool(
  url: string,
  opts: { max: number; timeouts?: Partial<DatabaseTimeouts>; onPoolError?: (error: Error) => void },
): pg.Pool {
  const t = opts.timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    Client: PooledClient,
    connectionTimeoutMillis: t?.connectMs,
    statement_timeout: t?.statementMs,
    query_timeout: t?.queryMs,
  });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is an
  // 'error' event on the pool; unheard, it would crash the process. The pool drops that
  // connection and opens a new one for the next query.
  pool.on("error", (error) => opts.onPoolError?.(error));
  pool.on("release", (error, client) => {
    // Ended here, the pool removes it rather than keep it idle (it checks `_ending` next).
    if (!error && (client as unknown as PooledClient).stalled) client.end().catch(() => {});
  });
  return pool;
}

/**
 * PostgreSQL's pools, without migrating: the second half of openDatabase. With timeouts the
 * requests' pool has all three and the jobs get a pool of their own with the connect timeout
 * alone (see Database.jobs). Tests open it on a server that cannot be migrated (one that never
 * answers).
 */
export function openPostgres(opts: { url: string; timeouts?: DatabaseTimeouts; onPoolError?: (error: Error) => void }): Database {
  const pool = postgresPool(opts.url, { max: 10, timeouts: opts.timeouts, onPoolError: opts.onPoolError });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (!opts.timeouts) return { db, jobs: db, kind: "postgres", use: () => [poolUse(pool, "requests")], close: () => pool.end() };
  // The scheduler and the job worker each run one pass at a time, each in one transaction.
  const jobsPool = postgresPool(opts.url, { max: 3, timeouts: { connectMs: opts.timeouts.connectMs }, onPoolError: opts.onPoolError });
  const jobs = drizzlePg(jobsPool, { schema }) as unknown as Db;
  return {
    db,
    jobs,
    kind: "postgres",
    use: () => [poolUse(pool, "requests"), poolUse(jobsPool, "jobs")],
    close: async () => {
      await Promise.all([pool.end(), jobsPool.end()]);
    },
  };
}

/** A query that waited for its turn on PGlite longer than the query timeout. */
class TurnTimeoutError extends Error {}

/**
 * PGlite counting its turns: a query outside a transaction, or a whole transaction, has the one
 * session to itself; the others wait. What a pool's use is on PostgreSQL (Database.use).
 */
class PGliteInTurns extends PGliteWithStatements {
  waiting = 0;
  busy = 0;

  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    let started = false;
    return super
      ._runExclusiveTransaction(async () => {
        started = true;
        this.waiting--;
        this.busy++;
        try {
          return await fn();
        } finally {
          this.busy--;
        }
      })
      .finally(() => {
        if (!started) this.waiting--;
      });
  }
}

/**
 * PGlite with the query timeout applied where it can be (decision 035). PGlite runs each
 * statement synchronously on the API's thread and ignores statement_timeout (its WebAssembly
 * build has no timer signal): a statement that has started runs to its end, and no timer fires
 * meanwhile. What can be bounded is the wait for its turn: behind an open transaction, or a
 * queue of queries. A query still waiting after `queryMs` fails then and never runs, nor does
 * one whose turn comes too late (the thread was held by a long statement).
 */
class PGliteWithTimeouts extends PGliteInTurns {
  readonly #queryMs: number;

  constructor(options: ConstructorParameters<typeof PGliteInTurns>[0] & { queryMs: number }) {
    const { queryMs, ...rest } = options;
    super(rest);
    this.#queryMs = queryMs;
  }

  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#inTime((turn) => super._runExclusiveTransaction(turn), fn);
  }

  override _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#inTime((turn) => super._runExclusiveQuery(turn), fn);
  }

  #inTime<T>(wait: (turn: () => Promise<T>) => Promise<T>, fn: () => Promise<T>): Promise<T> {
    const limit = this.#queryMs;
    const asked = performance.now();
    let late = false;
    const tooLate = () => new TurnTimeoutError(`the database gave this query no turn within ${limit} ms (DATABASE_QUERY_TIMEOUT_MS)`);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        late = true;
        reject(tooLate());
      }, limit);
      wait(() => {
        clearTimeout(timer);
        if (late || performance.now() - asked > limit) return Promise.reject(tooLate());
        return fn();
      }).then(resolve, reject);
    });
  }
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite: in `dataDir/pglite`, or in memory
 * when dataDir is undefined (tests). Migrations run before the handle is returned.
 *
 * `template` (a PGlite `dumpDataDir` tarball) is what a new PGlite database starts as instead
 * of an empty cluster: PGlite's initdb takes seconds, loading a tarball about one, so the tests
 * migrate one database per run and start the others from its dump. Migrations still run on it
 * (they find everything applied). A folder that already holds a database ignores it.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  template?: Blob;
  timeouts?: DatabaseTimeouts;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    await migrateInTurn(opts.url, opts.timeouts?.connectMs);
    return openPostgres({ url: opts.url, timeouts: opts.timeouts, onPoolError: opts.onPoolError });
  }
  let dir: string | undefined;
  let lock: FolderLock | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    lock = lockFolder(dir);
  }
  try {
    const fromTemplate = opts.template && !(dir && existsSync(join(dir, "PG_VERSION")));
    const options = { dataDir: dir, loadDataDir: fromTemplate ? opts.template : undefined };
    const client = opts.timeouts ? new PGliteWithTimeouts({ ...options, queryMs: opts.timeouts.queryMs }) : new PGliteInTurns(options);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    if (dir) closeUp(dir);
    return {
      db,
      jobs: db,
      kind: "pglite",
      use: () => [{ pool: "pglite", busy: client.busy, idle: 1 - client.busy, waiting: client.waiting }],
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
