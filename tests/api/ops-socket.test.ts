import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pino from "pino";
import { expect, test } from "vitest";
import { loadApiConfig } from "#api/src/config.ts";
import { startApi } from "#api/src/start.ts";
import { runOps } from "./helpers.ts";

/**
 * `npm run ops` beside a running service on the embedded database (decision 061): the folder
 * lock keeps the CLI out of the database, so the service runs the command for it, under the
 * CLI's operator name; once the service stops, the CLI opens the database itself.
 */
test("the real CLI works while the service holds the embedded database, and after it stops", async () => {
  const dir = join("tests/.tmp", `ops-socket-${process.pid}-${Math.random().toString(36).slice(2)}`);
  // The embedded database, and mail to the outbox: neither a server's URL of the run's own settings.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dir, API_PORT: String(20_000 + (process.pid % 20_000)), OPERATOR: "alice" };
  const api = await startApi(loadApiConfig(env), pino({ level: "silent" }), { metrics: "off" });
  try {
    expect(await runOps(env, "operator-add", "Ops@Example.com")).toMatch(/^mailed an enrolment code to ops@example\.com, good until /);
    const mail = readdirSync(join(dir, "outbox")).map((name) => readFileSync(join(dir, "outbox", name), "utf8"));
    expect(mail.join("\n")).toMatch(/To: ops@example\.com[\s\S]*Your VV console enrolment code/);
    expect(await runOps(env, "operators")).toMatch(/^ops@example\.com\t\S+\talice\tactive$/m);
    // A refusal comes back as the CLI's own would: on stderr, exit code 1.
    await expect(runOps(env, "avatar-reject", "1", "ugly")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/reasons: explicit/),
    });
  } finally {
    await api.close();
  }
  expect(await runOps(env, "operator-remove", "ops@example.com")).toBe("removed operator ops@example.com\n");
}, 120_000);
