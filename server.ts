import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import pino from "pino";
import { DatabaseUnreachableError, loadApiConfig } from "./api/src/config.ts";
import { FolderInUseError } from "./api/src/db/folder-lock.ts";
import { collectNodeMetrics, exposition, metricsJson, serveMetrics } from "./lib/metrics.ts";
import { keepFilesPrivate } from "./lib/private-files.ts";
import { REQUEST_ID, tagRequestId } from "./lib/tracing/request-id.ts";
import { trustProxyValue } from "./lib/trust-proxy.ts";
import { rateLimits } from "./lib/rate-limit.ts";
import { ensureSecret } from "./lib/secret-file.ts";
import type { RunningApi } from "./api/src/start.ts";
import { startApiInWorker } from "./api/src/start-in-worker.ts";
import { consoleGuard } from "./server/console-guard.ts";
import { contentSecurityPolicy } from "./server/csp.ts";
import { bodyGuard, isDataPath, methodGuard, originGuard, privateCaching, rateGuard } from "./server/request-guards.ts";
import { appServerExports } from "./server/app-build.ts";
import { prerenderedPages } from "./server/prerendered-pages.ts";
import { requestMetrics } from "./server/request-metrics.ts";
import { routeNamespaces } from "./server/route-namespaces.ts";
import { closeGraceMs, ConfigError } from "./lib/config/shared.ts";
import { loadWebEnv, type WebEnv } from "./lib/config/web.ts";

const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

/**
 * Validates every setting (a bad value ends the start with one clear line), keeps a session
 * secret in the data folder when none is set, and starts the API on a thread of this process
 * unless UPSTREAM_URL points at one elsewhere. The app's modules read the same environment.
 */
async function configure(): Promise<{ env: WebEnv; api?: RunningApi }> {
  keepFilesPrivate(process.env.DATA_DIR || "./data");
  if (!process.env.SESSION_SECRET) ensureSecret(process.env.DATA_DIR || "./data", "session-secret");
  const env = loadWebEnv();
  if (!env.apiInProcess) return { env };
  const apiConfig = loadApiConfig({ ...process.env, API_HOST: "127.0.0.1", PUBLIC_URL: env.PUBLIC_URL });
  return { env, api: await startApiInWorker(apiConfig, log) };
}

let configured: Awaited<ReturnType<typeof configure>>;
try {
  configured = await configure();
} catch (error) {
  if (error instanceof ConfigError || error instanceof FolderInUseError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { env, api } = configured;

/** `npm run dev`: Vite serves the app's modules from source and reloads them as they change. */
const DEV = process.env.NODE_ENV === "development";
const CLIENT_DIR = resolve("build/client");
const ASSETS_DIR = join(CLIENT_DIR, "assets");
const SERVICE_WORKER = join(CLIENT_DIR, "sw.js");
const PUBLIC_HOST = new URL(env.PUBLIC_URL).host;
/** Pages whose form may carry a picture (multipart), under UPLOAD_BODY_LIMIT. */
const UPLOAD_PATHS = ["/settings", "/campaign"];
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Build assets were compressed at build time: serve the .br or .gz twin when the browser takes it. */
function precompressed(req: Request, res: Response, next: NextFunction) {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    res.status(400).type("text").send("Bad request");
    return;
  }
  const file = resolve(join(ASSETS_DIR, path));
  if (!file.startsWith(ASSETS_DIR + sep)) return next();
  for (const [encoding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (accepted.includes(encoding) && existsSync(file + suffix)) {
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", IMMUTABLE);
      res.type(extname(file));
      return res.sendFile(file + suffix);
    }
  }
  next();
}

/**
 * Facts only this server knows, in headers the Remix handler passes on (whatever a client sent
 * under these names is overwritten): the visitor's address as Express resolved it (trusting
 * the proxies TRUST_PROXY names), the host Remix holds a post's Origin to, and whether Remix's
 * own fetch asked (single fetch's `<path>.data`, which Remix strips before loaders and actions
 * see the URL).
 */
function requestFacts(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-client-ip"] = req.ip ?? "";
  // One id for the request and every API call it makes, the balancer's if it sent one: the API
  // logs it as reqId, and traces name it on both sides.
  const requestId = req.headers["x-request-id"];
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId)) req.headers["x-request-id"] = randomUUID();
  tagRequestId(req.headers["x-request-id"] as string);
  // Remix refuses a post whose Origin differs from its Host (a 500), which a proxy that rewrites
  // Host would cause on every form. originGuard, before this, has let through only an Origin of
  // the address the browser used or of PUBLIC_URL: that is the host Remix is to compare with.
  const origin = req.headers.origin;
  req.headers["x-forwarded-host"] = req.method === "POST" && origin ? new URL(origin).host : PUBLIC_HOST;
  req.headers["x-data-request"] = isDataPath(req.path) ? "1" : "0";
  next();
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, {
      // The map's tiles come from MAP_TILE_URL's host. On every page: a page's policy stays
      // with the document, and /map is usually reached from another page without a reload.
      img: `'self' data: blob: ${env.MAP_TILE_SOURCE}`,
      // In development Vite's module reloading talks over a WebSocket of its own.
      connect: DEV ? "'self' ws://localhost:*" : "'self'",
    }),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (env.PUBLIC_URL.startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
  next();
}

/**
 * Set on SIGTERM: /healthz answers 503 and every answer closes its connection, while requests
 * are still served for SHUTDOWN_DRAIN_MS, so a load balancer sends the next ones elsewhere and
 * keeps no pooled connection to a server about to close.
 */
let draining = false;

const app = express();
app.disable("x-powered-by");
app.use((_req, res, next) => {
  if (draining) res.setHeader("Connection", "close");
  next();
});
app.set("trust proxy", trustProxyValue(env.TRUST_PROXY));
// First, so every request is timed whole; appBuild is read when an answer is done.
app.use(requestMetrics(() => appBuild()));
app.use(securityHeaders);
app.use(methodGuard);
// Before requestFacts, which overwrites the X-Forwarded-Host a trusted proxy sent.
app.use(originGuard(env.PUBLIC_URL));
app.use(requestFacts);
app.use(bodyGuard({ bodyLimit: env.FORM_BODY_LIMIT, uploadLimit: env.UPLOAD_BODY_LIMIT, uploadPaths: UPLOAD_PATHS }));
app.use(privateCaching);
app.use(consoleGuard(env.CONSOLE_ALLOW_IPS));
const vite = DEV ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" })) : undefined;
// The app as its build: Vite builds it again from source on each call, so an edit shows on the
// next reload; in production it is the one built file, loaded once.
const production = vite ? undefined : ((await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild);
if (production) appServerExports(production);
const appBuild = (): Promise<ServerBuild> =>
  production ? Promise.resolve(production) : (vite!.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>);
if (vite) {
  app.use(vite.middlewares);
} else {
  // Vite names every file of the build by its content: each one is kept by browsers for a year.
  app.use("/assets", precompressed, express.static(ASSETS_DIR, { immutable: true, maxAge: "1y" }));
  // A build file that is not there (a page of the previous deploy asking for its chunk) is a 404,
  // never the unknown-path redirect to /airdrop: the browser would try to run that page's HTML.
  app.use("/assets", (_req, res) => res.status(404).type("text/plain").send("Not found"));
}
app.use(compression());
// The offline page's script is copied into the build by scripts/build-sw.mjs; in development it is read from its source.
if (vite) app.get("/offline.js", (_req, res) => res.type("js").sendFile(resolve("app/features/offline/offline-figures.js")));
// public/, copied into the build. Every file there has an extension and no page path does: a
// page costs no look at the disk.
const publicFiles = express.static(vite ? "public" : CLIENT_DIR, {
  maxAge: "1h",
  index: false,
  // The browser asks again for its service worker at each visit: a new build's reaches it at once.
  setHeaders: (res, path) => {
    if (path === SERVICE_WORKER) res.setHeader("Cache-Control", "no-cache");
  },
});
app.use((req, res, next) => (extname(req.path) && !isDataPath(req.path) ? publicFiles(req, res, next) : next()));
// Liveness (the process serves) and readiness (it can serve pages: the API and its database
// answer, and it is not shutting down) apart, so an orchestrator restarts only what is stuck.
// With REDIS_URL set, readiness also names Redis's state and where the limits count: while it
// is down they count in this process's memory, "degraded" but still 200, since every instance
// shares that Redis and a load balancer draining them all would stop the service (decision 034).
const limits = rateLimits(env.REDIS_URL, log.child({ svc: "web" }));
app.get("/livez", (_req, res) => {
  res.json({ status: "ok" });
});
app.get("/healthz", async (_req, res) => {
  const ready = !draining && (await appServerExports(await appBuild()).apiAnswers());
  const { degraded, fields } = limits.health();
  res.status(ready ? 200 : 503).json({
    status: ready ? (degraded ? "degraded" : "ok") : "unavailable",
    api: ready ? "ok" : draining ? "draining" : "unreachable",
    ...fields,
  });
});
// Counted from here: pages, data requests and posts, not static files or the health check.
app.use(
  rateGuard(limits, {
    perMinute: env.RATE_WEB_PER_IP_PER_MINUTE,
    postsPerMinute: env.RATE_WEB_POSTS_PER_IP_PER_MINUTE,
    ipv6Prefix: env.RATE_IPV6_PREFIX,
  }),
);

if (production) {
  const namespacesFor = routeNamespaces(production.routes);
  // The legal texts and the sign-in pages read nothing of an anonymous visitor but the language.
  app.use(prerenderedPages(["/privacy", "/terms", "/login", "/register"], production, { namespacesFor }));
  app.all(
    "*",
    createRequestHandler({
      build: production,
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, namespacesFor }),
    }),
  );
} else {
  app.all(
    "*",
    createRequestHandler({
      build: appBuild,
      mode: env.NODE_ENV,
      getLoadContext: async (_req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        namespacesFor: routeNamespaces((await appBuild()).routes),
      }),
    }),
  );
}

// A request (headers and body) that drips slower than REQUEST_TIMEOUT_MS is answered 408 and
// closed, so slow clients cannot hold sockets open; Node checks every second.
const server = createServer(
  {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    headersTimeout: Math.min(env.REQUEST_TIMEOUT_MS, 10_000),
    connectionsCheckingInterval: 1000,
  },
  app,
).listen(env.PORT, () => {
  log.info({ url: env.PUBLIC_URL, port: env.PORT, upstream: env.UPSTREAM_URL }, "web app listening");
});

// Apart from the public port (decision 059); with the API on this process's other thread, its
// series come in the same scrape.
if (env.METRICS_PORT) collectNodeMetrics("web");
const metricsServer = env.METRICS_PORT
  ? await serveMetrics({
      host: env.METRICS_HOST,
      port: env.METRICS_PORT,
      text: async () => exposition(await metricsJson(), api ? await api.metrics() : []),
      log,
    })
  : undefined;

closeWithGrace({ delay: closeGraceMs(env.SHUTDOWN_DRAIN_MS) }, async ({ signal }) => {
  draining = true;
  if (signal && env.SHUTDOWN_DRAIN_MS > 0) {
    log.info({ drainMs: env.SHUTDOWN_DRAIN_MS }, "draining: /healthz answers 503 until the close");
    await sleep(env.SHUTDOWN_DRAIN_MS);
  }
  await new Promise<void>((done) => server.close(() => done()));
  await appServerExports(await appBuild()).apiCallsSettled();
  await Promise.all([api?.close(), limits.close(), vite?.close(), metricsServer?.close()]);
});
