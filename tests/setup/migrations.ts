import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

const FOLDER = fileURLToPath(new URL("../../api/src/db/migrations", import.meta.url));

/** What a migration test works with: the database as the migrations before `tag` left it. */
export interface OldDatabase {
  // Drizzle over PGlite or node-postgres: the tests only run SQL on it.
  db: any;
  /** Runs the migrations from `tag` on, as a start of the new release would. */
  migrateRest(): Promise<void>;
}

/**
 * A fresh database migrated up to, not including, the migration named `tag` (a copy of the
 * folder whose journal ends before it): on PostgreSQL when TEST_DATABASE_URL is set (a database
 * of its own, dropped after), else on an in-memory PGlite.
 */
export async function withDatabaseBefore(tag: string, test: (old: OldDatabase) => Promise<void>): Promise<void> {
  const before = mkdtempSync(join(tmpdir(), "vv-migrations-"));
  cpSync(FOLDER, before, { recursive: true });
  const journal = JSON.parse(readFileSync(join(before, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(join(before, "meta/_journal.json"), JSON.stringify(journal));

  const admin = process.env.TEST_DATABASE_URL;
  let db: any;
  let close: () => Promise<void>;
  if (admin) {
    const dbName = `vv_migrate_${randomBytes(6).toString("hex")}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${dbName}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    db = drizzlePg(pool);
    close = async () => {
      await pool.end();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${dbName} with (force)`);
      await d.end();
    };
  } else {
    const client = new PGlite();
    db = drizzlePglite(client);
    close = () => client.close();
  }
  const migrate = (migrationsFolder: string) => (admin ? migratePg(db, { migrationsFolder }) : migratePglite(db, { migrationsFolder }));
  try {
    await migrate(before);
    await test({ db, migrateRest: () => migrate(FOLDER) });
  } finally {
    await close();
    rmSync(before, { recursive: true, force: true });
  }
}
