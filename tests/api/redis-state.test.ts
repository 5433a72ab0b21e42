/**
 * Redis's state, said: with REDIS_URL on a port nothing listens on, the
 * API starts, logs that Redis is unreachable and that the limits count in memory, and its
 * /healthz says "degraded" (still 200, decision 034) naming Redis and the store; when Redis
 * comes (a forwarder to the suite's Redis opens on that port) the log says it is back and
 * /healthz is ok; when it goes again, both say so again. Needs the Redis at 127.0.0.1:6379
 * that tests/api/rate-limits.test.ts uses.
 */
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { buildApp } from "#api/src/app.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { apiConfigSchema } from "#api/src/config.ts";
import type { Database } from "#api/src/db/client.ts";
import { ManualClock } from "#api/src/lib/clock.ts";
import { socialFor } from "#api/src/social/choose.ts";
import { forwarder, freePort } from "../setup/tcp.ts";
import { openPglite } from "../setup/test-api.ts";
import { caller } from "./helpers.ts";

const REDIS = { host: "127.0.0.1", port: 6379 };

interface LogLine {
  level: number;
  msg: string;
  svc?: string;
  redis?: string;
}

describe("Redis unreachable, back, and gone again: the log and /healthz say so", () => {
  const lines: LogLine[] = [];
  let port: number;
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    port = await freePort();
    const config = {
      ...apiConfigSchema.parse({
        NODE_ENV: "test",
        DATA_DIR: "tests/.tmp",
        REDIS_URL: `redis://127.0.0.1:${port}/0`,
        RATE_AUTH_PER_IP_PER_MINUTE: "3",
      }),
      API_SECRET: "test-secret",
    };
    database = await openPglite();
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const domain = {
      db: database.db,
      config,
      ruleBook: environmentRuleBook(config),
      clock: new ManualClock(new Date("2026-03-01T08:00:00Z")),
      mailer: { target: "memory", send: async () => {} },
      social: socialFor(config),
    };
    app = await buildApp(domain, { logger: log });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const said = (pattern: RegExp) => lines.filter((l) => l.svc === "rate-limits" && pattern.test(l.msg));
  const health = async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    return { status: res.statusCode, body: res.json() as Record<string, string> };
  };

  test("unreachable at start: a warning names Redis and the memory counters; /healthz is degraded, not ok", async () => {
    await expect.poll(() => said(/^redis unreachable/).length, { timeout: 5000 }).toBe(1);
    const [warning] = said(/^redis unreachable/);
    expect(warning.level).toBe(40);
    expect(warning.msg).toMatch(/counted in this process's memory/);
    expect(warning.redis).toBe(`redis://127.0.0.1:${port}/0`);
    expect(await health()).toEqual({ status: 200, body: { status: "degraded", redis: "unreachable", rate_limits: "memory" } });
  });

  test("the limits still hold meanwhile, counted in memory", async () => {
    const c = caller({ app } as never, {});
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.call("GET", "/v1/user/did/")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await c.call("GET", "/v1/user/did/")).body.code).toBe(ErrorCode.rateLimited);
  });

  test("Redis comes: the log says it is back, /healthz is ok and names Redis as the store; it goes: both say so again", async () => {
    const redis = await forwarder(port, REDIS);
    try {
      // ioredis tries again after at most 2 s.
      await expect.poll(() => said(/^redis back/).length, { timeout: 10_000 }).toBe(1);
      expect(said(/^redis back/)[0].level).toBe(30);
      expect(await health()).toEqual({ status: 200, body: { status: "ok", redis: "connected", rate_limits: "redis" } });
    } finally {
      await redis.close();
    }
    await expect.poll(() => said(/^redis unreachable/).length, { timeout: 5000 }).toBe(2);
    expect(await health()).toEqual({ status: 200, body: { status: "degraded", redis: "unreachable", rate_limits: "memory" } });
  });

  test("a Redis that keeps the connection but stops answering: a request waits at most the command timeout, and the heartbeat finds it out", async () => {
    const redis = await forwarder(port, REDIS);
    try {
      await expect.poll(() => said(/^redis back/).length, { timeout: 10_000 }).toBe(2);
      redis.freeze();
      const c = caller({ app } as never, {});
      const start = performance.now();
      expect((await c.call("GET", "/v1/openapi.json")).status).toBe(200);
      expect(performance.now() - start).toBeLessThan(1000 + 3000);
      // A PING every 5 s, unanswered after 1 s.
      await expect.poll(() => said(/^redis unreachable/).length, { timeout: 10_000 }).toBe(3);
      expect((await health()).body).toEqual({ status: "degraded", redis: "unreachable", rate_limits: "memory" });
      redis.thaw();
      await expect.poll(() => said(/^redis back/).length, { timeout: 10_000 }).toBe(3);
      expect((await health()).body).toEqual({ status: "ok", redis: "connected", rate_limits: "redis" });
    } finally {
      await redis.close();
    }
  });
});
