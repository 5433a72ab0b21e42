// Runs again on PostgreSQL the API test files whose subject can differ there (docs/testing.md),
// when one is reachable (CI has one at 127.0.0.1:5432); each file creates and drops a database of
// its own there. PGlite is PostgreSQL itself, on one connection and in process: the same SQL,
// planner and constraints, so a file that sends one request at a time learns nothing more on
// PostgreSQL. What differs: requests at once on separate pooled connections (races, locks, SKIP
// LOCKED), statement timeouts, the pool, and the pg driver's wire protocol and its errors.
//
// Every tests/api file is named in exactly one of the two lists below, with why
// (tests/unit/postgres-files.test.ts holds that): a new file is a choice, not a default.
import { existsSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

/** Run on PGlite, then again on PostgreSQL. */
export const ON_POSTGRES = {
  "account-deletion": "two deletions of one account at once",
  "account-lifecycle": "deletions and bans racing claims, gifts and team joins",
  "airdrop-claims": "starts and claims at once, a distribution racing claims",
  appeals: "two appeals sent at once",
  campaign: "two applications at once",
  "canonical-email": "registrations of one mailbox racing",
  "change-email": "two changes to one address confirmed at once",
  "database-faults": "PostgreSQL's own statement timeout, and the pool after a fault",
  distribution: "distributions at once: the advisory lock lets one through",
  "envelope-errors": "the pool's connections ended by the server",
  farms: "two operators banning one cluster at once; the CLI on PostgreSQL",
  fuzz: "inputs that reach the database go through pg's wire protocol, whose errors are not PGlite's",
  ledger: "claims of two team members at once",
  "map-location": "a deletion racing location posts; PostgreSQL's plan for the nearby query",
  metrics: "the gauges of the requests' connection pool",
  "migration-jobs": "a migration on a PostgreSQL database of its own",
  "migration-ledger": "a migration on a PostgreSQL database of its own",
  "migration-members-up": "a migration on a PostgreSQL database of its own",
  "migration-operator-passkeys": "a migration on a PostgreSQL database of its own",
  "notification-settings": "two saves of one setting at once",
  operators: "two enrolments racing for one code",
  "otp-device-lock": "wrong codes at once, each counted under the pair's advisory lock",
  passkeys: "one passkey signing in twice at once",
  push: "instances making the VAPID keys at once; one subscription from two accounts at once",
  races: "parallel sign-ups, sign-ins, code sends and invite binds",
  rules: "two rule books opened at once under the rules' advisory lock",
  "signup-friction": "one proof spent twice at once",
  social: "binds and follows at once",
  tasks: "claims of one task at once",
  "team-remind": "reminders at once, and two mail workers at once (SKIP LOCKED)",
  tokens: "calls at once around a logout",
  "tools-exchanges": "joins, leaves and cancels of exchanges at once",
  "tools-gifts": "one gift code used twice at once, and crossed gifts",
  "tools-stones": "stones made lazily by calls at once, under one lock per user",
};

/** Run on PGlite only. */
export const PGLITE_ONLY = {
  "airdrop-flow": "one call at a time (the screen's reads at once do not race)",
  "airdrop-rounds": "round amounts, one call at a time",
  "airdrop-suspend": "one call at a time",
  "airdrop-team": "one call at a time",
  "avatar-review": "one call at a time",
  "avatar-upload": "one call at a time",
  "folder-lock": "the embedded PGlite's own folder lock",
  "ledger-properties": "steps one at a time; the same SQL on either database",
  "login-devices": "one call at a time",
  "ops-socket": "the CLI beside a service on the embedded database",
  otp: "one call at a time",
  "otp-limits": "one call at a time (the limits at once: races)",
  "pglite-statements": "PGlite's parsed statements",
  "profile-invite": "one call at a time (parallel binds: races)",
  "profile-status": "one call at a time",
  "push-jobs": "one worker at a time (two at once: team-remind)",
  "push-kinds": "one call at a time",
  "push-native": "one call at a time",
  "push-native-start": "starts the standalone API on PGlite",
  "push-rounds": "one distribution at a time; only the set-up signs up at once",
  "push-tokens": "one call at a time",
  "rate-limits": "Redis and memory, not the database",
  "redis-state": "Redis, not the database",
  register: "one call at a time (parallel sign-ups: races)",
  sessions: "one call at a time",
  "team-list": "one call at a time; the same SQL on either database",
  "team-nudge": "one call at a time",
  "team-power-agreement": "the same SQL on either database, one call at a time",
  "test-hooks": "which routes a setting turns on",
  "tools-codes": "one call at a time",
  "trust-proxy": "the client's address, not the database",
};

const fileOf = (name) => `tests/api/${name}.test.ts`;

async function main() {
  const { default: pg } = await import("pg");
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
    // The stage table of scripts/run-stages.mjs says "skipped" rather than "passed".
    if (process.env.VV_STAGE_NOTE) writeFileSync(process.env.VV_STAGE_NOTE, "skipped: PostgreSQL not reachable");
    process.exit(0);
  }
  // A file named here but not in this tree (another branch's) is left out.
  const files = Object.keys(ON_POSTGRES).map(fileOf).filter(existsSync);
  console.log(`API suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")}): ${files.length} files (docs/testing.md says which and why)`);
  const run = spawnSync("npx", ["vitest", "run", ...files], {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  process.exit(run.status ?? 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
