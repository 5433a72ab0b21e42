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
console.log(`API suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")})`);
const run = spawnSync("npx", ["vitest", "run", "tests/api"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
