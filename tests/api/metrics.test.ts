/**
 * The API's Prometheus metrics (docs/decisions/059): real calls through the API, then the
 * exposition Prometheus would scrape, read line by line for the series those calls made.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { startScheduler } from "#api/src/jobs/scheduler.ts";
import { instanceMetrics } from "#api/src/metrics.ts";
import { exposition, metricsJson } from "#lib/metrics.ts";
import { seriesValue } from "../setup/metrics-text.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { closeOf, collect, roundConfig, setInRound, start } from "./airdrop-helpers.ts";
import { caller, expectCode, sendCode, signUp, uniqueEmail } from "./helpers.ts";

let api: TestApi;
let scrape: () => Promise<string>;

beforeAll(async () => {
  api = await createTestApi(roundConfig({ RATE_AUTH_PER_IP_PER_MINUTE: "3", SCHEDULER_TICK_MS: "100" }));
  const gauges = instanceMetrics(api.domain, api.database);
  scrape = async () => exposition(await metricsJson([gauges]));
});
afterAll(async () => {
  await api?.close();
});

const value = seriesValue;

describe("API metrics", () => {
  test("requests by route pattern, status and duration; a path matching no route is one series", async () => {
    const before = await scrape();
    const route = { tier: "api", method: "GET", route: "/v1/user/did/", status: "200" };
    await caller(api).call("GET", "/v1/user/did/");
    await caller(api).call("GET", "/v1/no/such/path/12345");
    const after = await scrape();
    expect(value(after, "vv_http_request_duration_seconds_count", route)).toBe(
      (value(before, "vv_http_request_duration_seconds_count", route) ?? 0) + 1,
    );
    expect(value(after, "vv_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBeGreaterThan(0);
    expect(value(after, "vv_http_request_duration_seconds_count", { tier: "api", route: "unmatched", status: "404" })).toBeGreaterThan(0);
    expect(after).not.toContain("12345");
  });

  test("codes sent and refused, by purpose and code", async () => {
    const c = caller(api);
    const email = uniqueEmail("metrics");
    await sendCode(c, email, "register");
    expectCode(await sendCode(c, email, "register"), ErrorCode.sendCodeTooSoon);
    const text = await scrape();
    expect(value(text, "vv_codes_sent_total", { purpose: "register" })).toBeGreaterThanOrEqual(1);
    expect(value(text, "vv_codes_refused_total", { purpose: "register", code: String(ErrorCode.sendCodeTooSoon) })).toBe(1);
  });

  test("rate-limit refusals, by limiter", async () => {
    const c = caller(api);
    for (let i = 0; i < 4; i++) await c.call("GET", "/v1/user/did/");
    expect(value(await scrape(), "vv_rate_limit_refusals_total", { limiter: "api-auth" })).toBeGreaterThanOrEqual(1);
  });

  test("a round distributed by the scheduler, its duration, the lag before it, and a claim", async () => {
    setInRound(api, 60, 30);
    const user = await signUp(api);
    await start(user.client);
    // Round 61 closed a minute ago and no one has distributed it: the lag says so.
    api.clock.set(new Date((closeOf(61) + 60) * 1000));
    expect(value(await scrape(), "vv_round_distribution_lag_seconds")).toBe(60);
    const scheduler = startScheduler(api.domain, pino({ level: "silent" }));
    try {
      await expect.poll(async () => value(await scrape(), "vv_rounds_distributed_total"), { timeout: 10_000 }).toBe(1);
    } finally {
      await scheduler.stop();
    }
    const text = await scrape();
    expect(value(text, "vv_round_distribution_seconds_count")).toBe(1);
    expect(value(text, "vv_round_participants")).toBe(1);
    expect(value(text, "vv_round_distribution_lag_seconds")).toBe(0);
    await collect(user.client);
    expect(value(await scrape(), "vv_claims_total", { outcome: "paid" })).toBe(1);
  });

  test("the job queue by kind: pending, due and the oldest due job's age, read when scraped", async () => {
    const now = api.clock.now();
    await enqueueJobs(api.domain, [
      { kind: "mail", payload: {}, runAt: new Date(now.getTime() - 90_000) },
      { kind: "mail", payload: {}, runAt: new Date(now.getTime() + 90_000) },
    ]);
    const text = await scrape();
    expect(value(text, "vv_jobs_pending", { kind: "mail" })).toBe(2);
    expect(value(text, "vv_jobs_due", { kind: "mail" })).toBe(1);
    expect(value(text, "vv_jobs_oldest_due_age_seconds", { kind: "mail" })).toBe(90);
    expect(value(text, "vv_jobs_pending", { kind: "push" })).toBe(0);
  });

  test("the database's connections by pool", async () => {
    const text = await scrape();
    const pool = api.database.kind === "pglite" ? "pglite" : "requests";
    // The scrape's own queries may be using or opening a connection: each series is there.
    expect(value(text, "vv_db_pool_connections", { pool, state: "busy" })).toBeGreaterThanOrEqual(0);
    expect(value(text, "vv_db_pool_connections", { pool, state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(value(text, "vv_db_pool_waiting", { pool })).toBeGreaterThanOrEqual(0);
  });
});
