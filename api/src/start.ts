import type { ServerResponse } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type Logger } from "pino";
import { buildApp } from "./app.ts";
import { ShiftedClock, systemClock } from "./lib/clock.ts";
import { databaseTimeouts, type ApiConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { startJobWorker } from "./jobs/worker.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { startEvidenceSweep } from "./jobs/evidence-sweep.ts";
import { openRuleBook } from "./domain/rules/versions.ts";
import { createMailer } from "./mail/mailer.ts";
import { nativePushStatus } from "./native-push-config.ts";
import { socialFor } from "./social/choose.ts";
import { instanceMetrics } from "./metrics.ts";
import { OPS_SOCKET } from "./ops-ask.ts";
import { listenForOps } from "./ops-socket.ts";
import { collectNodeMetrics, exposition, metricsJson, serveMetrics, type MetricsJson } from "#lib/metrics.ts";

export interface RunningApi {
  url: string;
  /** This instance's metrics (its thread's and its database's gauges), for a scrape that adds them to its own. */
  metrics(): Promise<MetricsJson>;
  close(): Promise<void>;
}

/** The API as its own process (api/src/server.ts), which a load balancer may have to drain first. */
export interface StandaloneApi extends RunningApi {
  /**
   * From now on /healthz answers 503 and every answer says `Connection: close`, while requests
   * are still taken: the balancer stops sending new ones and its pooled connections end.
   */
  drain(): void;
}

/**
 * Fastify's close stops taking connections, answers the requests in flight and closes the
 * connections idle at that moment. A keep-alive connection whose request was in flight is idle
 * only after its answer, and the client (the web app's pool, any HTTP client) may keep it for a
 * minute (Keep-Alive: timeout=72): the close waited for the client, and a SIGTERM ended in
 * close-with-grace's forced exit (code 1) after its 10 s. So the answers still to be sent say
 * `Connection: close` (the client will not reuse the connection), and any connection that turns
 * idle meanwhile is closed at once.
 */
function closableServer(app: FastifyInstance, draining: () => boolean): () => Promise<void> {
  let closing = false;
  const unanswered = new Set<ServerResponse>();
  app.server.prependListener("request", (_req, res: ServerResponse) => {
    if (closing || draining()) return void res.setHeader("connection", "close");
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  });
  return async () => {
    closing = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader("connection", "close");
    // For an answer already on its way when the close began (a file download).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
    }
  };
}

/**
 * Opens the database (migrating it), builds the app and listens: the API as a service. Its
 * metrics (decision 059) are served on METRICS_PORT when set, or only collected for the web app
 * to serve with its own when the API runs on the web app's thread ("collect").
 */
export async function startApi(
  config: ApiConfig,
  log: Logger = pino({ level: config.LOG_LEVEL }),
  opts: { metrics: "serve" | "collect" | "off" } = { metrics: config.METRICS_PORT ? "serve" : "off" },
): Promise<StandaloneApi> {
  const nativePush = nativePushStatus(config);
  log[nativePush.on ? "info" : "warn"](nativePush.line);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeouts: databaseTimeouts(config),
    onPoolError: (err) => log.warn({ err }, "database connection lost"),
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log });
  const social = socialFor(config);
  // Version 1 of the rules from the environment on the first start; the stored versions after that.
  // Only a server with test hooks has a clock a test may move forward (decision 069).
  const clock = config.TEST_HOOKS ? new ShiftedClock() : systemClock;
  const ruleBook = await openRuleBook({ db: database.db, config, clock }, { seed: true, log: log.child({ svc: "rules" }) });
  const domain = { db: database.db, config, ruleBook, clock, mailer, social };
  let draining = false;
  const app = await buildApp(domain, { logger: log.child({ svc: "api" }), draining: () => draining });
  const closeServer = closableServer(app, () => draining);
  const url = await app.listen({ host: config.API_HOST, port: config.API_PORT });
  log.info({ database: database.kind, mail: mailer.target, social: social.name, url }, "api listening");
  // The jobs' statements are not held to the requests' timeouts (Database.jobs).
  const jobs = { ...domain, db: database.jobs };
  const scheduler = startScheduler(jobs, log.child({ svc: "rounds" }));
  const jobWorker = startJobWorker(jobs, log.child({ svc: "jobs" }));
  const evidenceSweep = startEvidenceSweep(jobs, log.child({ svc: "farm-evidence" }));
  // The embedded database is this process's alone: `npm run ops` reaches it through the service.
  const opsSocket =
    database.kind === "pglite" ? await listenForOps(domain, join(config.DATA_DIR, OPS_SOCKET), log.child({ svc: "ops" })) : undefined;
  if (opts.metrics !== "off") collectNodeMetrics("api");
  const gauges = instanceMetrics(domain, database);
  const metrics = () => metricsJson([gauges]);
  const metricsServer =
    opts.metrics === "serve" && config.METRICS_PORT
      ? await serveMetrics({ host: config.METRICS_HOST, port: config.METRICS_PORT, text: async () => exposition(await metrics()), log })
      : undefined;
  return {
    url: `http://${config.API_HOST}:${config.API_PORT}`,
    metrics,
    drain() {
      draining = true;
      log.info({ drainMs: config.SHUTDOWN_DRAIN_MS }, "draining: /healthz answers 503 until the close");
    },
    async close() {
      await Promise.all([
        scheduler.stop(),
        jobWorker.stop(),
        evidenceSweep.stop(),
        metricsServer?.close(),
        opsSocket && new Promise((done) => opsSocket.close(done)),
      ]);
      await closeServer();
      await database.close();
    },
  };
}
