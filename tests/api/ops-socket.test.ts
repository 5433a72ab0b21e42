import { readdirSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { expect, test } from "vitest";
import { loadApiConfig } from "#api/src/config.ts";
import { openDatabase } from "#api/src/db/client.ts";
import { auditPage } from "#api/src/domain/operators/audit.ts";
import { startApi } from "#api/src/start.ts";
import { runOps } from "./helpers.ts";

/**
 * `npm run ops` beside a running service on the embedded database (decision 061): the folder
 * lock keeps the CLI out of the database, so the service runs the command for it; once the service
 * stops, the CLI opens the database itself. Either way the act is the CLI's, under the machine user
 * that ran it: a name in the environment changes nothing (decision 067).
 */
test("the real CLI works while the service holds the embedded database, and after it stops; its acts are the machine user's, whatever OPERATOR says", async () => {
  const dir = join("tests/.tmp", `ops-socket-${process.pid}-${Math.random().toString(36).slice(2)}`);
  // The embedded database, and mail to the outbox: neither a server's URL of the run's own settings.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATA_DIR: dir,
    API_PORT: String(20_000 + (process.pid % 20_000)),
    OPERATOR: "operator:someone-else@example.com",
  };
  const cli = `cli:${userInfo().username}`;
  const api = await startApi(loadApiConfig(env), pino({ level: "silent" }), { metrics: "off" });
  try {
    expect(await runOps(env, "operator-add", "Ops@Example.com")).toMatch(/^mailed an enrolment code to ops@example\.com, good until /);
    const mail = readdirSync(join(dir, "outbox")).map((name) => readFileSync(join(dir, "outbox", name), "utf8"));
    expect(mail.join("\n")).toMatch(/To: ops@example\.com[\s\S]*Your VV console enrolment code/);
    expect(await runOps(env, "operators")).toMatch(new RegExp(`^ops@example\\.com\\t\\S+\\t${cli}\\tactive$`, "m"));
    // A refusal comes back as the CLI's own would: on stderr, exit code 1.
    await expect(runOps(env, "avatar-reject", "1", "ugly")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/reasons: explicit/),
    });
  } finally {
    await api.close();
  }
  expect(await runOps(env, "operator-remove", "ops@example.com")).toBe("removed operator ops@example.com\n");

  const database = await openDatabase({ dataDir: dir });
  try {
    const { items } = await auditPage({ db: database.db } as Parameters<typeof auditPage>[0]);
    expect(items.map((r) => [r.action, r.actor, r.via])).toEqual([
      ["operator.remove", cli, "cli"],
      ["operator.add", cli, "cli"],
    ]);
  } finally {
    await database.close();
  }
}, 120_000);
