import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import pino from "pino";
import { ConfigError, loadApiConfig } from "./api/src/config.ts";
import { ensureSecret } from "./api/src/secret-file.ts";
import { startApi, type RunningApi } from "./api/src/start.ts";
import { getEnv } from "./app/utils/env.server.ts";

const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

/**
 * Fills in the defaults that need the machine (a kept session secret, the in-process
 * API) and validates everything; a bad value ends the start with one clear line.
 */
async function configure(): Promise<{ api?: RunningApi }> {
  const dataDir = process.env.DATA_DIR || "./data";
  if (!process.env.SESSION_SECRET) process.env.SESSION_SECRET = ensureSecret(dataDir, "session-secret");
  process.env.PUBLIC_URL ||= `http://localhost:${Number(process.env.PORT) || 3000}`;
  if (process.env.UPSTREAM_URL) {
    getEnv();
    return {};
  }
  const apiConfig = loadApiConfig({ ...process.env, API_HOST: "127.0.0.1" });
  process.env.UPSTREAM_URL = `http://127.0.0.1:${apiConfig.API_PORT}`;
  getEnv();
  return { api: await startApi(apiConfig, log) };
}

let api: RunningApi | undefined;
try {
  ({ api } = await configure());
} catch (error) {
  if (error instanceof ConfigError || (error instanceof Error && error.message.startsWith("Invalid configuration"))) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const env = getEnv();

const BUILD_DIR = resolve("public/build");
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Build assets were compressed at build time: serve the .br or .gz twin when the browser takes it. */
function precompressed(req: Request, res: Response, next: NextFunction) {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const file = resolve(join(BUILD_DIR, decodeURIComponent(req.path)));
  if (!file.startsWith(BUILD_DIR + sep)) return next();
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
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
 * The visitor's address as Express resolved it (trusting only a loopback proxy), in a header
 * the Remix handler passes on; whatever a client sent under that name is overwritten.
 */
function clientIpHeader(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-client-ip"] = req.ip ?? "";
  next();
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (env.PUBLIC_URL.startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
  next();
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(securityHeaders);
app.use(clientIpHeader);
app.use("/build", precompressed, express.static(BUILD_DIR, { immutable: true, maxAge: "1y" }));
app.use(compression());
app.use(express.static("public", { maxAge: "1h", index: false }));
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

const build = (await import(resolve("build/index.js"))) as ServerBuild;
app.all(
  "*",
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  }),
);

const server = app.listen(env.PORT, () => {
  log.info({ url: env.PUBLIC_URL, port: env.PORT, upstream: env.UPSTREAM_URL }, "web app listening");
});

closeWithGrace({ delay: 10_000 }, async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await api?.close();
});
