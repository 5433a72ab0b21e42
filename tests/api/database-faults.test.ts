/**
 * Faults of the database that must end: a PostgreSQL that takes
 * the connection and never answers, one that answers the handshake and then nothing, PGlite
 * held by an open transaction, and a database that cannot be reached when the API starts.
 * The servers here are net.Servers of the test's own; only the check of PostgreSQL's own
 * statement timeout needs a real one (TEST_DATABASE_URL, as `npm run test:pg` sets it).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode, ERROR_MESSAGES } from "#contract/errors.ts";
import { buildApp } from "#api/src/app.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { apiConfigSchema, ConfigError, databaseTimeouts, loadApiConfig, type ApiConfig } from "#api/src/config.ts";
import { openDatabase, openPostgres, rowsOf, type Database } from "#api/src/db/client.ts";
import { ManualClock } from "#api/src/lib/clock.ts";
import { socialFor } from "#api/src/social/choose.ts";
import { fakeServer, freePort, type FakeServer } from "../setup/tcp.ts";
import { openPglite } from "../setup/test-api.ts";
import { expectNoLeak } from "./helpers.ts";

const TIMEOUTS = { DATABASE_CONNECT_TIMEOUT_MS: "600", DATABASE_STATEMENT_TIMEOUT_MS: "800", DATABASE_QUERY_TIMEOUT_MS: "1000" };

function configWith(overrides: Record<string, string> = {}): ApiConfig {
  return {
    ...apiConfigSchema.parse({ NODE_ENV: "test", DATA_DIR: "tests/.tmp", LOG_LEVEL: "silent", ...TIMEOUTS, ...overrides }),
    API_SECRET: "test-secret",
  };
}

/**
 * PostgreSQL's side of the handshake (AuthenticationOk, ReadyForQuery), the first `answered`
 * queries answered as BEGIN would be, and then silence: a server that hangs once the
 * connection is made, as one stuck on a lock or a full disk does.
 */
function silentAfter(answered = 0) {
  return (socket: Socket): void => {
    let left = answered;
    let greeted = false;
    socket.on("data", (chunk) => {
      if (!greeted) {
        greeted = true;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
        return;
      }
      // A simple query ('Q'), as pg sends a statement without parameters.
      if (left > 0 && chunk[0] === 0x51) {
        left -= 1;
        const tag = Buffer.from("BEGIN\0");
        const complete = Buffer.concat([Buffer.from([0x43, 0, 0, 0, 4 + tag.length]), tag]);
        socket.write(Buffer.concat([complete, Buffer.from([0x5a, 0, 0, 0, 5, 0x54])]));
      }
    });
  };
}

async function apiOn(database: Database, config: ApiConfig) {
  const domain = {
    db: database.db,
    config,
    ruleBook: environmentRuleBook(config),
    clock: new ManualClock(new Date("2026-03-01T08:00:00Z")),
    mailer: { target: "memory", send: async () => {} },
    social: socialFor(config),
  };
  const app = await buildApp(domain, { logger: false });
  await app.ready();
  return app;
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work;
  return { ms: performance.now() - start, value };
}

describe("the settings", () => {
  test("defaults 5 s to connect, 10 s a statement, the query 2 s more than the statement; a bad value is one line naming it", () => {
    expect(databaseTimeouts(apiConfigSchema.parse({}))).toEqual({ connectMs: 5000, statementMs: 10_000, queryMs: 12_000 });
    expect(databaseTimeouts(apiConfigSchema.parse({ DATABASE_STATEMENT_TIMEOUT_MS: "30000" })).queryMs).toBe(32_000);
    expect(databaseTimeouts(apiConfigSchema.parse({ DATABASE_QUERY_TIMEOUT_MS: "7000" })).queryMs).toBe(7000);
    for (const name of ["DATABASE_CONNECT_TIMEOUT_MS", "DATABASE_STATEMENT_TIMEOUT_MS", "DATABASE_QUERY_TIMEOUT_MS"]) {
      for (const bad of ["50", "ten", "-1", "1.5"]) {
        const env = { NODE_ENV: "test", API_SECRET: "x", [name]: bad } as NodeJS.ProcessEnv;
        expect(() => loadApiConfig(env), `${name}=${bad}`).toThrow(ConfigError);
        expect(() => loadApiConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
      }
    }
  });
});

describe("a PostgreSQL that does not answer: the request ends, in the envelope", () => {
  const config = configWith();
  let server: FakeServer;
  let database: Database;
  afterEach(async () => {
    await database?.close().catch(() => {});
    await server?.close();
  });

  test("a TCP black hole (takes the connection, never answers): /v1/user/ ends at the connect timeout with the server-fault answer", async () => {
    server = await fakeServer();
    database = openPostgres({ url: `postgres://vv:secret@127.0.0.1:${server.port}/vv`, timeouts: databaseTimeouts(config) });
    const app = await apiOn(database, config);
    const { ms, value: res } = await timed(
      app.inject({ method: "GET", url: "/v1/user/?os=web&vcode=1", headers: { authorization: "HIN some-token" } }),
    );
    expect(server.accepted(), "the API did reach the black hole").toBeGreaterThan(0);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ErrorCode.internal, err_msg: ERROR_MESSAGES[ErrorCode.internal] });
    expectNoLeak(res.body);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(600 + 4000);
    // Readiness says so within the same bound, rather than hanging the orchestrator's probe.
    const health = await timed(app.inject({ method: "GET", url: "/healthz" }));
    expect(health.value.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(600 + 4000);
    await app.close();
  });

  test("a server that answers the handshake and then nothing: the query fails at the query timeout, and its connection is dropped", async () => {
    server = await fakeServer(silentAfter(0));
    database = openPostgres({ url: `postgres://vv@127.0.0.1:${server.port}/vv`, timeouts: databaseTimeouts(config) });
    const app = await apiOn(database, config);
    const { ms, value: res } = await timed(
      app.inject({ method: "GET", url: "/v1/user/?os=web&vcode=1", headers: { authorization: "HIN some-token" } }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ErrorCode.internal, err_msg: ERROR_MESSAGES[ErrorCode.internal] });
    expectNoLeak(res.body);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(1000 + 4000);
    await expect.poll(() => server.sockets.size, { timeout: 2000 }).toBe(0);
    await app.close();
  });

  // The second case's statement times out, then the rollback queued behind it: the transaction's
  // connection is released without an error, which the pool alone would keep.
  for (const { answered, timeouts, what } of [
    {
      answered: 0,
      timeouts: 1,
      what: "a transaction whose BEGIN is not answered: it fails at the query timeout and its connection is dropped, not leaked",
    },
    {
      answered: 1,
      timeouts: 2,
      what: "a transaction whose server goes silent after BEGIN: its connection is not put back in the pool to hold later queries",
    },
  ]) {
    test(what, async () => {
      server = await fakeServer(silentAfter(answered));
      database = openPostgres({ url: `postgres://vv@127.0.0.1:${server.port}/vv`, timeouts: databaseTimeouts(config) });
      const { ms, value: outcome } = await timed(
        database.db
          .transaction(async (tx) => tx.execute(sql`select 1`))
          .then(
            () => "done",
            (error: Error) => error,
          ),
      );
      expect(outcome).toBeInstanceOf(Error);
      expect(ms).toBeLessThan(timeouts * 1000 + 4000);
      await expect.poll(() => server.sockets.size, { timeout: 2000 }).toBe(0);
    });
  }
});

describe("a real PostgreSQL (TEST_DATABASE_URL, npm run test:pg)", () => {
  const url = process.env.TEST_DATABASE_URL;

  test.skipIf(!url)("the server cancels a statement at the statement timeout; the jobs' connections have none", async () => {
    const database = openPostgres({ url: url!, timeouts: databaseTimeouts(configWith()) });
    try {
      expect(rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`show statement_timeout`))[0].statement_timeout).toBe(
        "800ms",
      );
      expect(rowsOf<{ statement_timeout: string }>(await database.jobs.execute(sql`show statement_timeout`))[0].statement_timeout).toBe(
        "0",
      );
      const { ms, value: error } = await timed(
        database.db.execute(sql`select pg_sleep(3)`).then(
          () => undefined,
          (e: Error) => e,
        ),
      );
      expect((error?.cause as { code?: string } | undefined)?.code).toBe("57014");
      expect(ms).toBeLessThan(800 + 4000);
      // The connection is still good: the next query on the pool answers.
      expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0].n).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe("PGlite: a query waits for its turn no longer than the query timeout", () => {
  let database: Database;
  beforeAll(async () => {
    // Started from the run's migrated template (test-api.ts), as a copy: initdb takes seconds.
    const base = await openPglite();
    const template = await (base.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await base.close();
    database = await openDatabase({ template, timeouts: databaseTimeouts(configWith({ DATABASE_QUERY_TIMEOUT_MS: "300" })) });
    await database.db.execute(sql`create table waited (n int)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  test("behind a transaction held open, a query fails at the timeout, never runs, and the transaction is unharmed", async () => {
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into waited values (1)`);
      await sleep(3000);
      await tx.execute(sql`insert into waited values (2)`);
    });
    await sleep(20);
    const { ms, value: outcome } = await timed(
      database.db.execute(sql`insert into waited values (3)`).then(
        () => "ran",
        (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
      ),
    );
    expect(outcome).toMatch(/no turn within 300 ms/);
    expect(ms).toBeGreaterThanOrEqual(250);
    // Well before the transaction lets go (3 s).
    expect(ms).toBeLessThan(2000);
    await held;
    await sleep(50);
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select n from waited order by n`));
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });
});

describe("a database unreachable at start: one line on stderr and a non-zero exit", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "vv-start-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs an entry point to its end (or kills it after 30 s): its exit code and what it wrote. */
  function run(
    entry: string,
    env: Record<string, string>,
    args: string[] = [],
  ): Promise<{ code: number | null; stderr: string; stdout: string; ms: number }> {
    const start = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    // Not a hang: a process still running after 50 s is killed, and its exit code (null) fails the test.
    // No tighter bound on the clock: on two cores kept busy by other runs, starting server.ts with tsx
    // alone took 30 s.
    const killer = setTimeout(() => child.kill("SIGKILL"), 50_000);
    return new Promise((resolve) =>
      child.on("close", (code) => {
        clearTimeout(killer);
        resolve({ code, stderr, stdout, ms: performance.now() - start });
      }),
    );
  }

  function expectOneLine(stderr: string, pattern: RegExp): void {
    const lines = stderr.trimEnd().split("\n");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(stderr).not.toMatch(/secret/);
  }

  test("the standalone API (npm run api) against a closed port", async () => {
    const port = await freePort();
    const { code, stderr } = await run("api/src/server.ts", {
      DATABASE_URL: `postgres://vv:secret@127.0.0.1:${port}/vv`,
      API_PORT: String(await freePort()),
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expectOneLine(
      stderr,
      new RegExp(
        `^Cannot open the database at DATABASE_URL postgres://vv@127\\.0\\.0\\.1:${port}/vv: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}$`,
      ),
    );
  });

  test("the web app with its API in-process (npm start) against a closed port", async () => {
    const port = await freePort();
    const { code, stderr } = await run("server.ts", {
      PORT: String(await freePort()),
      API_PORT: String(await freePort()),
      SESSION_SECRET: "database-faults-session-secret-0123",
      DATABASE_URL: `postgres://vv:secret@127.0.0.1:${port}/vv`,
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expectOneLine(
      stderr,
      new RegExp(`^Cannot open the database at DATABASE_URL postgres://vv@127\\.0\\.0\\.1:${port}/vv: connect ECONNREFUSED`),
    );
  });

  /** Runs `entry` against a PostgreSQL that takes the connection and never answers. */
  async function againstBlackHole(entry: string, args: string[] = []): ReturnType<typeof run> {
    const server = await fakeServer();
    try {
      // A port of its own, should the entry get as far as listening.
      return await run(
        entry,
        {
          DATABASE_URL: `postgres://vv@127.0.0.1:${server.port}/vv`,
          DATABASE_CONNECT_TIMEOUT_MS: "500",
          API_PORT: String(await freePort()),
        },
        args,
      );
    } finally {
      await server.close();
    }
  }
  const NO_ANSWER = String.raw`Cannot open the database at DATABASE_URL postgres://vv@127\.0\.0\.1:\d+/vv: no answer within 500 ms \(DATABASE_CONNECT_TIMEOUT_MS\)$`;

  test("the operator command (npm run ops) against a black hole: one line after the connect timeout, not a hang", async () => {
    const { code, stderr } = await againstBlackHole("api/src/cli/ops.ts", ["ban-device", "ops-black-hole-device"]);
    expect(code).toBe(1);
    expectOneLine(stderr, new RegExp(`^failed: ${NO_ANSWER}`));
  });

  test("the standalone API against a black hole: the same, after the connect timeout", async () => {
    const { code, stderr } = await againstBlackHole("api/src/server.ts");
    expect(code).not.toBe(0);
    expect(code, "killed after 50 s: a hang").not.toBeNull();
    expectOneLine(stderr, new RegExp(`^${NO_ANSWER}`));
  });
});
