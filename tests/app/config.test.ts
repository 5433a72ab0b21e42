import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

/**
 * Starts server.ts with one bad setting; it must stop at once with one line naming it. Started
 * the way `npm run serve` starts it (node with tsx's loader): through npx it took a second more.
 */
function startWith(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, DATA_DIR: "tests/.tmp/config-test", NODE_ENV: "production", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  const lines = run.stderr.split("\n").filter((l) => l.trim());
  return { status: run.status, lines };
}

// One setting of each loader the start reads (the web app's, the API's in its process, the web
// app's alone before an API elsewhere): that any ConfigError ends the start as one line. Each
// setting's own refusal is a loader's unit test (tests/unit/config.test.ts).
test.each([
  [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
  [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
  [{ UPSTREAM_URL: "http://127.0.0.1:9", TOKEN_IDLE_DAYS: "forever" }, "TOKEN_IDLE_DAYS"],
])("a bad %o stops the start with one line naming %s", (env, name) => {
  const { status, lines } = startWith(env);
  expect(status).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name}\\b`));
});
