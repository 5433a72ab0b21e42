/**
 * The web app's /healthz with Redis down, on the real server.ts: its
 * route and its log, not a copy of them. server.ts runs as `npm run dev` does (Vite serves the
 * app from source, so no build is needed), against a test API of its own (UPSTREAM_URL), with
 * REDIS_URL on a port nothing listens on until a forwarder to the suite's Redis opens there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "../setup/server-process.ts";
import { forwarder, freePort } from "../setup/tcp.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";

const REDIS = { host: "127.0.0.1", port: 6379 };

interface LogLine {
  level: number;
  msg: string;
  svc?: string;
}

describe("web app /healthz while Redis is down, and when it is back", () => {
  let api: TestApi;
  let web: ServerProcess;
  let base: string;
  let redisPort: number;
  let dataDir: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    api = await createTestApi();
    await api.app.listen({ port: 0, host: "127.0.0.1" });
    const upstream = `http://127.0.0.1:${(api.app.server.address() as { port: number }).port}`;
    redisPort = await freePort();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), "vv-healthz-"));
    web = await startServerProcess({
      args: ["--import", "tsx", "server.ts"],
      env: {
        NODE_ENV: "development",
        PORT: String(port),
        DATA_DIR: dataDir,
        SESSION_SECRET: "healthz-test-session-secret-0123456789",
        UPSTREAM_URL: upstream,
        REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
        LOG_LEVEL: "info",
      },
      base,
      onLine: (line) => {
        if (line.startsWith("{")) lines.push(JSON.parse(line) as LogLine);
      },
    });
  }, 120_000);

  afterAll(async () => {
    await web?.stop();
    await api?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const said = (pattern: RegExp) => lines.filter((l) => l.svc === "web" && pattern.test(l.msg));
  const health = async () => {
    const res = await fetch(`${base}/healthz`);
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  test("Redis unreachable: a warning in the log, and /healthz degraded (200) naming Redis and the memory counters", async () => {
    await expect.poll(() => said(/^redis unreachable/).length, { timeout: 10_000 }).toBe(1);
    expect(said(/^redis unreachable/)[0].level).toBe(40);
    expect(await health()).toEqual({ status: 200, body: { status: "degraded", api: "ok", redis: "unreachable", rate_limits: "memory" } });
  });

  test("Redis back: the log says so and /healthz is ok, the limits in Redis", async () => {
    const redis = await forwarder(redisPort, REDIS);
    try {
      await expect.poll(() => said(/^redis back/).length, { timeout: 10_000 }).toBe(1);
      expect(await health()).toEqual({ status: 200, body: { status: "ok", api: "ok", redis: "connected", rate_limits: "redis" } });
    } finally {
      await redis.close();
    }
  });
});
