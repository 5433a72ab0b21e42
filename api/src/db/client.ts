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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
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

/**
 * Runs the migrations holding a PostgreSQL advisory lock, so processes opening one database
 * together (instances starting, an operator command) migrate one after the other: the first
 * applies them, the others find them applied. Without it they ran the same CREATE TABLEs at once
 * and all but one crashed ("duplicate key value violates unique constraint
 * pg_type_typname_nsp_index"). PGlite is one process's alone (the folder lock).
 */
async function inTurn(pool: pg.Pool, migrate: () => Promise<unknown>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
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
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) is an
    // 'error' event on the pool; unheard, it would crash the process. The pool drops that
    // connection and opens a new one for the next query.
    pool.on("error", (error) => opts.onPoolError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await inTurn(pool, () => migratePg(db as never, { migrationsFolder }));
    return { db, kind: "postgres", close: () => pool.end() };
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
    const client = new PGliteWithStatements({ dataDir: dir, loadDataDir: fromTemplate ? opts.template : undefined });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    if (dir) closeUp(dir);
    return {
      db,
      kind: "pglite",
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
