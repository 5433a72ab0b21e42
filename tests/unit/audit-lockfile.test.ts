import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

// scripts/audit-lockfile.mjs runs as `npm run audit:deps`; these tests run it the same way, as a
// child process, against small lockfiles and advisory lists written here.
const root = fileURLToPath(new URL("../..", import.meta.url));
const script = join(root, "scripts/audit-lockfile.mjs");
const dir = mkdtempSync(join(tmpdir(), "audit-lockfile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Entry = { version: string; dev?: true; devOptional?: true; name?: string };

let fixtures = 0;
function lockfile(packages: Record<string, Entry>): string {
  const path = join(dir, `lock-${++fixtures}.json`);
  const lock = { name: "fixture", lockfileVersion: 3, requires: true, packages: { "": { name: "fixture" }, ...packages } };
  writeFileSync(path, JSON.stringify(lock));
  return path;
}

const advisoryList = {
  reviewed: "2026-11-23",
  source: "test fixture",
  advisories: [
    {
      id: "GHSA-grv7-fg5c-xmjg",
      package: "braces",
      vulnerable: "<3.0.3",
      severity: "high",
      title: "Uncontrolled resource consumption in braces",
      fixed: "3.0.3",
    },
    {
      id: "GHSA-pxg6-pf52-xh8x",
      package: "cookie",
      vulnerable: "<0.7.0",
      severity: "low",
      title: "cookie accepts out of bounds characters",
      fixed: "0.7.0",
    },
    {
      id: "GHSA-67mh-4wv8-2f99",
      package: "esbuild",
      vulnerable: "<=0.24.2",
      severity: "moderate",
      title: "esbuild dev server",
      fixed: "0.25.0",
    },
  ],
  accepted: [{ id: "GHSA-67mh-4wv8-2f99", package: "esbuild", scope: "dev", until: "2027-02-21", reason: "build only" }],
};
const advisories = join(dir, "advisories.json");
writeFileSync(advisories, JSON.stringify(advisoryList));

function audit(lock: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [script, "--lockfile", lock, "--advisories", advisories, "--today", "2026-11-23", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("audit-lockfile", () => {
  test("a lockfile with no vulnerable version passes and says what it checked", () => {
    const lock = lockfile({ "node_modules/braces": { version: "3.0.3" }, "node_modules/cookie": { version: "0.7.2" } });
    const { status, out } = audit(lock);
    expect(status, out).toBe(0);
    expect(out).toMatch(/2 packages checked, 3 advisories known, 0 findings .*reviewed 2026-11-23/);
  });

  test("a vulnerable version fails, naming the advisory, the path and the fix", () => {
    const lock = lockfile({
      "node_modules/braces": { version: "3.0.3" },
      "node_modules/micromatch/node_modules/braces": { version: "3.0.2" },
    });
    const { status, out } = audit(lock);
    expect(status, out).toBe(1);
    expect(out).toMatch(/node_modules\/micromatch\/node_modules\/braces\s+3\.0\.2\s+GHSA-grv7-fg5c-xmjg\s+high\s+3\.0\.3\s+FAIL/);
    expect(out).not.toMatch(/^node_modules\/braces /m);
  });

  test("an aliased install is checked under its real name, prereleases included", () => {
    const lock = lockfile({ "node_modules/braces-next": { name: "braces", version: "3.0.3-beta.1" } });
    expect(audit(lock).status).toBe(1);
  });

  test("a finding below --level is listed but does not fail", () => {
    const lock = lockfile({ "node_modules/cookie": { version: "0.6.0" } });
    const { status, out } = audit(lock);
    expect(status, out).toBe(0);
    expect(out).toMatch(/GHSA-pxg6-pf52-xh8x\s+low\s+0\.7\.0 \(major\)\s+below level/);
    expect(audit(lock, "--level", "low").status).toBe(1);
  });

  test("a vulnerable package only in the dev tree fails the full check and passes --omit=dev", () => {
    const lock = lockfile({ "node_modules/braces": { version: "3.0.2", dev: true } });
    expect(audit(lock).status).toBe(1);
    const { status, out } = audit(lock, "--omit=dev");
    expect(status, out).toBe(0);
    expect(out).toMatch(/0 packages checked \(production tree\)/);
  });

  test("an acceptance covers the dev tree until its date, never production", () => {
    const dev = lockfile({ "node_modules/esbuild": { version: "0.17.6", dev: true } });
    expect(audit(dev).out).toMatch(/accepted until 2027-02-21/);
    expect(audit(dev).status).toBe(0);
    expect(audit(dev, "--today", "2027-03-01").status).toBe(1);
    const production = lockfile({ "node_modules/esbuild": { version: "0.17.6" } });
    const { status, out } = audit(production);
    expect(status, out).toBe(1);
    expect(out).toMatch(/FAIL \(acceptance is dev-only\)/);
  });

  test("a build-only package in the production tree fails; marked dev it passes", () => {
    const inProduction = lockfile({
      "node_modules/@remix-run/dev": { version: "2.17.5" },
      "node_modules/vite": { version: "6.4.6", devOptional: true },
    });
    const { status, out } = audit(inProduction, "--omit=dev");
    expect(status, out).toBe(1);
    expect(out).toMatch(/build-only package in the production tree: node_modules\/@remix-run\/dev 2\.17\.5/);
    expect(out).toMatch(/build-only package in the production tree: node_modules\/vite 6\.4\.6 \(devOptional/);
    const asDev = lockfile({ "node_modules/@remix-run/dev": { version: "2.17.5", dev: true } });
    expect(audit(asDev).status).toBe(0);
  });

  test("an old review date warns without failing", () => {
    const lock = lockfile({ "node_modules/braces": { version: "3.0.3" } });
    const { status, out } = audit(lock, "--today", "2027-03-01");
    expect(status, out).toBe(0);
    expect(out).toMatch(/reviewed 98 days ago/);
  });

  test("the repository's lockfile passes the repository's advisory list", () => {
    // The check that fails when a vulnerable version lands in package-lock.json.
    const run = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
