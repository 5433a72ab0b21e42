// Runs the API suite again on PostgreSQL when one is reachable (CI has one at 127.0.0.1:5432);
// each test file creates and drops a database of its own there.
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  if (process.env.CI) {
    console.error(`PostgreSQL is required in CI but ${url} is unreachable: ${error.message}`);
    process.exit(1);
  }
  console.log(`PostgreSQL not reachable at ${url}: API suite on PostgreSQL skipped (${error.message})`);
  process.exit(0);
}
// Files that never open PostgreSQL, whatever TEST_DATABASE_URL says: they test the embedded
// PGlite itself (its folder lock, its parsed statements) or start the standalone API on PGlite.
// Run here they would only repeat, to the assertion, what the PGlite run has just done.
const PGLITE_ONLY = ["tests/api/folder-lock.test.ts", "tests/api/pglite-statements.test.ts", "tests/api/push-native-start.test.ts"];
console.log(`API suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")})`);
const run = spawnSync("npx", ["vitest", "run", "tests/api", ...PGLITE_ONLY.flatMap((file) => ["--exclude", file])], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
