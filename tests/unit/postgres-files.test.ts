import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ON_POSTGRES, PGLITE_ONLY } from "../../scripts/test-api-on-postgres.mjs";

// Which API files run on PostgreSQL too is a choice made for each file (docs/testing.md): a new
// file is named in one list or the other, and a file that fires requests at once or takes a
// lock is on PostgreSQL, where they meet on separate connections.
const onPostgres = Object.keys(ON_POSTGRES);
const pgliteOnly = Object.keys(PGLITE_ONLY);
const files = readdirSync("tests/api")
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => name.slice(0, -".test.ts".length));

test("every API test file is named once, on PostgreSQL too or on PGlite only", () => {
  expect(onPostgres.filter((name) => pgliteOnly.includes(name))).toEqual([]);
  expect(
    files.filter((name) => !onPostgres.includes(name) && !pgliteOnly.includes(name)),
    "name each in ON_POSTGRES or PGLITE_ONLY of scripts/test-api-on-postgres.mjs, with why (docs/testing.md)",
  ).toEqual([]);
});

test("a file that sends requests at once or names a lock runs on PostgreSQL", () => {
  const racing = files.filter((name) => {
    const text = readFileSync(`tests/api/${name}.test.ts`, "utf8");
    return /Promise\.all|\braces?\b|skip locked|advisory|for update|TEST_DATABASE_URL|kind !== "postgres"/i.test(text);
  });
  // Files that await several things at once that are no race on the database, each with why.
  const noRace: Record<string, string> = {
    "airdrop-flow": "the screen's four reads",
    "pglite-statements": "reads on PGlite itself",
    "push-native": "the fake push services starting",
    "push-rounds": "the set-up's sign-ups and reading the queued jobs",
  };
  expect(
    racing.filter((name) => !onPostgres.includes(name) && !(name in noRace)),
    "requests at once or locks: move these to ON_POSTGRES of scripts/test-api-on-postgres.mjs",
  ).toEqual([]);
});

test("docs/testing.md names every file that runs on PostgreSQL", () => {
  const docs = readFileSync("docs/testing.md", "utf8");
  expect(onPostgres.filter((name) => !docs.includes(`| \`${name}\` |`))).toEqual([]);
});
