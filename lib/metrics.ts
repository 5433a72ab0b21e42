import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Histogram,
  register,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from "prom-client";

/**
 * Prometheus metrics (docs/decisions/059). Each thread has its own registry (prom-client's
 * global one): the web app's, and the API's, whether it runs in a process of its own or on the
 * web app's thread beside it (decision 027). Every series says its tier, so one scrape of the
 * embedded process carries both and Prometheus can tell them apart.
 */
export type Tier = "web" | "api";

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Latencies from 5 ms (a static file) to 10 s (API_TIMEOUT_MS's default). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Every answered request: by route pattern (never the raw URL, which visitors can invent without
 * end), method and status. Its `_count` is the request count.
 */
const httpDuration = new Histogram({
  name: "vv_http_request_duration_seconds",
  help: "Requests answered, by tier, method, route pattern and status, and how long each took",
  labelNames: ["tier", "method", "route", "status"] as const,
  buckets: HTTP_BUCKETS,
});

export function observeRequest(tier: Tier, method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ tier, method, route, status: String(status) }, seconds);
}

const rateLimitRefusals = new Counter({
  name: "vv_rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by limiter (web-ip, web-posts, api-ip, api-auth, api-writes, api-exports)",
  labelNames: ["limiter"] as const,
});

export function countRateLimitRefusal(limiter: string): void {
  rateLimitRefusals.inc({ limiter });
}

let defaultsCollected = false;

/**
 * Node's own series (event-loop delay, heap, garbage collection, and the process's CPU, memory
 * and file descriptors), labelled with the tier. Once per thread: the process's servers call it
 * at start; the tests, which build servers without starting them, do not.
 */
export function collectNodeMetrics(tier: Tier): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ labels: { tier } });
}

/** This thread's series, and `more` (a running instance's own gauges), as objects. */
export async function metricsJson(more: Registry[] = []): Promise<MetricsJson> {
  const own = await register.getMetricsAsJSON();
  const rest = await Promise.all(more.map((r) => r.getMetricsAsJSON()));
  return [...own, ...rest.flat()];
}

/**
 * The process-wide series (CPU, resident memory, file descriptors, start time) are the same
 * whichever thread reads them: the API's thread leaves them to the web app's, so the scrape of
 * the embedded process has each once.
 */
export function threadOnly(metrics: MetricsJson): MetricsJson {
  return metrics.filter((m) => !m.name.startsWith("process_"));
}

/**
 * Series of several threads as one exposition: each metric's values under one name. Every value
 * carries its tier, so no two threads' label sets are the same and "sum" only gathers them; the
 * other aggregators prom-client names (average, omit...) are for workers that share labels.
 */
export async function exposition(...threads: MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate(threads.map((metrics) => metrics.map((m) => ({ ...m, aggregator: "sum" as const })))).metrics();
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on an address of its own (METRICS_HOST, loopback unless set), apart
 * from the public port: the public never reaches it through the balancer, and a scrape is not
 * counted, limited or logged as a visitor's request.
 */
export function serveMetrics(opts: { host: string; port: number; text: () => Promise<string>; log: Logger }): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    opts.text().then(
      (text) => res.writeHead(200, { "content-type": register.contentType }).end(text),
      (error: unknown) => {
        opts.log.error({ err: error }, "metrics could not be collected");
        res.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      const { port } = server.address() as AddressInfo;
      const url = `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${port}/metrics`;
      opts.log.info({ url }, "metrics listening");
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
