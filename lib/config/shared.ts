import { z } from "zod";

/** A setting is wrong or missing: the message is one line that names it, which the start prints before it stops. */
export class ConfigError extends Error {}

/** A whole number read from the environment's text, with its default and its least value. */
export const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/** A TCP port, with its default. */
export const port = (def: number) => int(def, 1).pipe(z.number().max(65535));

/** A URL, or nothing: unset and empty both leave it out. */
export const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/** The web app's port when PORT is not set. */
export const DEFAULT_WEB_PORT = 3000;

/** The web app's address on this machine: PUBLIC_URL when it is not set. */
export function localWebUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** PUBLIC_URL, where the web app is reached; each side says what unset means. */
export const publicUrlSetting = z.url();

/**
 * The settings both servers read, each defined once with its default and message: the web
 * app's schema and the API's are made of these and their own.
 */
export const sharedSettings = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  API_PORT: port(8787),
  TRUST_PROXY: z.string().trim().min(1).default("loopback"),
  REDIS_URL: optionalUrl,
  /**
   * The IPv6 network every per-IP limit of either server counts as one client (`ipLimitKey`): a
   * subscriber's line is given a whole /64 and may send from any address in it.
   */
  RATE_IPV6_PREFIX: int(64, 1).pipe(z.number().max(128)),
  REQUEST_TIMEOUT_MS: int(30_000, 1000),
  /** The key the native apps send in APP_KEY_HEADER; unset: no visitor is a native app. */
  NATIVE_APP_KEY: z.string().min(16, "at least 16 characters").optional(),
  /** A login unused this many days ends: the API's token, and the web app's session cookie with it. */
  TOKEN_IDLE_DAYS: int(30, 1),
  /** How long the farm signals' evidence is kept (decision 064): the API deletes it then, the privacy page says so. */
  FARM_EVIDENCE_DAYS: int(90, 1),
  /**
   * Where Prometheus scrapes this process (`GET /metrics`): off unless set. Never the public port;
   * the host is loopback unless a scraper on another machine or container needs it (decision 059).
   */
  METRICS_PORT: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional())
    .optional(),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** The largest picture: the API refuses more, the web app holds no more in memory, and the pages say so. */
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024, 1024),
  /**
   * On SIGTERM, how long the instance goes on serving while its /healthz answers 503, so that a
   * load balancer checking it sends its requests elsewhere before it stops taking connections.
   * 0 stops at once: a lone process has nobody to hand its visitors to.
   */
  SHUTDOWN_DRAIN_MS: int(0, 0),
};

/** close-with-grace's delay: the drain, then this long for the requests in flight and the closing. */
export const closeGraceMs = (drainMs: number) => drainMs + 10_000;

/** Reads settings from the environment with a schema; a bad value throws one line that names it. */
export function parseSettings<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError(`Invalid configuration: ${issue.path.join(".") || "environment"}: ${issue.message}`);
}
