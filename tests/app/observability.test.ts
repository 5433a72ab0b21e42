/**
 * The real server.ts as `npm run dev` starts it (Vite serves the app from source: no build), with
 * the API on its own thread (decision 027) over PostgreSQL, METRICS_PORT set and an OTLP endpoint
 * configured: one scrape carries the web app's and the API thread's metrics (decision 059), and a
 * form post is one trace from the web app through the API to the database, with the request id
 * on both servers' spans (decision 060). The OTLP/HTTP receiver is this test's own.
 * PostgreSQL is needed for the database's spans (pg's instrumentation): without one reachable
 * the file is skipped, saying so.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriesValue } from "../setup/metrics-text.ts";
import { startServerProcess, type ServerProcess } from "../setup/server-process.ts";
import { freePort } from "../setup/tcp.ts";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const reachable = await postgresReachable();
if (!reachable) console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: metrics and traces of the running server skipped`);

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

/** An OTLP/HTTP JSON receiver (what exporter-trace-otlp-http sends): every span it is given. */
function otlpReceiver(spans: Span[]): Server {
  const flat = (attributes: OtlpAttribute[] = []) =>
    Object.fromEntries(attributes.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue ?? a.value.doubleValue]));
  return createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const sent = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: OtlpAttribute[] };
            scopeSpans: { spans: (Omit<Span, "service" | "attributes"> & { attributes: OtlpAttribute[] })[] }[];
          }[];
        };
        for (const rs of sent.resourceSpans) {
          const service = String(flat(rs.resource.attributes)["service.name"]);
          for (const scope of rs.scopeSpans) for (const s of scope.spans) spans.push({ ...s, service, attributes: flat(s.attributes) });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
}

describe.skipIf(!reachable)("the running server's metrics and traces", () => {
  const spans: Span[] = [];
  let receiver: Server;
  let web: ServerProcess;
  let base: string;
  let metricsUrl: string;
  let dataDir: string;
  let database: string;

  beforeAll(async () => {
    database = `vv_observe_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${database}`;
    receiver = otlpReceiver(spans);
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const [port, apiPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    dataDir = mkdtempSync(join(tmpdir(), "vv-observe-"));
    web = await startServerProcess({
      args: ["--import", "tsx", "--import", "./lib/tracing/preload.ts", "server.ts"],
      env: {
        NODE_ENV: "development",
        PORT: String(port),
        PUBLIC_URL: base,
        API_PORT: String(apiPort),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        SESSION_SECRET: "observe-test-session-secret-0123456789",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as { port: number }).port}`,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        LOG_LEVEL: "warn",
      },
      base,
    });
  }, 120_000);

  afterAll(async () => {
    await web?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  test("one scrape on METRICS_PORT: the web app's requests by route pattern, and the API thread's series", async () => {
    expect((await fetch(`${base}/login`)).status).toBe(200);
    expect((await fetch(`${base}/swap/12`, { redirect: "manual" })).status).toBe(302);
    const text = await (await fetch(metricsUrl)).text();
    const page = { tier: "web", method: "GET", status: "200" };
    expect(seriesValue(text, "vv_http_request_duration_seconds_count", { ...page, route: "/login" })).toBe(1);
    expect(seriesValue(text, "vv_http_request_duration_seconds_count", { tier: "web", route: "/swap/:exchangeId", status: "302" })).toBe(1);
    expect(text).not.toContain('route="/swap/12"');
    // The API's thread: its event loop, its requests (the web app's readiness checks) and its database.
    expect(seriesValue(text, "nodejs_eventloop_lag_p99_seconds", { tier: "api" })).toBeGreaterThan(0);
    expect(seriesValue(text, "nodejs_eventloop_lag_p99_seconds", { tier: "web" })).toBeGreaterThan(0);
    expect(seriesValue(text, "vv_db_pool_connections", { pool: "requests", state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, "vv_jobs_oldest_due_age_seconds", { kind: "push" })).toBe(0);
    // Each metric once, and the process's own series once, from the web app's thread.
    const types = text.split("\n").filter((line) => line.startsWith("# TYPE "));
    expect(new Set(types).size).toBe(types.length);
    expect(seriesValue(text, "process_cpu_user_seconds_total", { tier: "api" })).toBeUndefined();
    expect(seriesValue(text, "process_cpu_user_seconds_total", { tier: "web" })).toBeGreaterThan(0);
    // Never on the public port.
    expect(await (await fetch(`${base}/metrics`, { redirect: "manual" })).text()).not.toContain("# TYPE");
  });

  test("a form post is one trace: web app, its call to the API, the API, and the API's SQL, with the request id on both servers", async () => {
    const requestId = `observe-${randomBytes(4).toString("hex")}`;
    const res = await fetch(`${base}/register`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded", "x-request-id": requestId },
      body: new URLSearchParams({ intent: "send", email: `observe-${requestId}@example.com` }),
    });
    expect(res.status).toBe(200);
    const webSpan = () => spans.find((s) => s.service === "vv-web" && s.attributes["vv.request_id"] === requestId);
    await expect.poll(() => webSpan(), { timeout: 15_000 }).toBeDefined();
    const traceId = webSpan()!.traceId;
    const inTrace = () => spans.filter((s) => s.traceId === traceId);
    const apiSpan = () => inTrace().find((s) => s.service === "vv-api" && s.attributes["url.path"] === "/v1/user/vcode/send/");
    await expect.poll(() => apiSpan(), { timeout: 15_000 }).toBeDefined();
    await expect
      .poll(() => inTrace().filter((s) => s.parentSpanId === apiSpan()!.spanId && s.name.startsWith("pg.query")).length)
      .toBeGreaterThan(0);

    const call = inTrace().find(
      (s) => s.service === "vv-web" && s.parentSpanId === webSpan()!.spanId && s.attributes["url.path"] === "/v1/user/vcode/send/",
    );
    expect(call, "the web app's call to the API").toBeDefined();
    expect(apiSpan()!.parentSpanId).toBe(call!.spanId);
    expect(apiSpan()!.attributes["vv.request_id"]).toBe(requestId);
    const statements = inTrace()
      .filter((s) => s.parentSpanId === apiSpan()!.spanId && s.name.startsWith("pg.query"))
      .map((s) => String(s.attributes["db.query.text"]));
    expect(statements.some((text) => /insert into "otp_codes"/i.test(text))).toBe(true);
    // The probes a balancer polls are not traced.
    await fetch(`${base}/healthz`);
    await new Promise((r) => setTimeout(r, 500));
    expect(spans.some((s) => s.attributes["url.path"] === "/healthz")).toBe(false);
  });
});
