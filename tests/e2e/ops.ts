import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";
import { E2E } from "./env.ts";

/**
 * `npm run ops -- <args>` against the run's server, as an operator types it beside the running
 * service (the embedded database answers through its socket, decision 061): what it printed.
 */
export function runOps(...args: string[]): string {
  const run = spawnSync(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E.dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout;
}
