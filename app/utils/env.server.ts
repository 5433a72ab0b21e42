import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** A setting is wrong or missing: the message is one line that names it. */
export class WebConfigError extends Error {}

// Visitors tap these on /download: only web addresses, never a script URL.
const appLink = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z
    .string()
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(16, "each secret needs at least 16 characters")).min(1))
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  UPSTREAM_URL: z.url().optional(),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  API_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).default(4 * 1024 * 1024),
  TRUST_PROXY: z.string().trim().min(1).default("loopback"),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  FORM_BODY_LIMIT: z.coerce.number().int().min(1024).default(64 * 1024),
  UPLOAD_BODY_LIMIT: z.coerce.number().int().min(1024).default(12 * 1024 * 1024),
  REDIS_URL: z.url().optional(),
  RATE_WEB_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_WEB_POSTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  NATIVE_APP_KEY: z.string().min(16, "at least 16 characters").optional(),
  APP_APK_URL: appLink,
  APP_PLAY_URL: appLink,
  APP_STORE_URL: appLink,
  APP_VERSION: z
    .string()
    .regex(/^\d+(?:\.\d+){0,3}(?:[-+][0-9A-Za-z.-]+)?$/, "a version like 1.4.0")
    .optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*$/, "an http(s) URL template")
    .refine((v) => ["{z}", "{x}", "{y}"].every((part) => v.includes(part)), "a tile template with {z}, {x} and {y}")
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .min(1)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
});

export interface WebEnv {
  NODE_ENV: "development" | "production" | "test";
  PORT: number;
  PUBLIC_URL: string;
  /** The first signs, all verify (rotation). */
  SESSION_SECRET: string[];
  UPSTREAM_URL: string;
  /** True when no UPSTREAM_URL is set: server.ts then runs the API in this process. */
  apiInProcess: boolean;
  API_TIMEOUT_MS: number;
  API_MAX_RESPONSE_BYTES: number;
  TRUST_PROXY: string;
  REQUEST_TIMEOUT_MS: number;
  FORM_BODY_LIMIT: number;
  UPLOAD_BODY_LIMIT: number;
  REDIS_URL?: string;
  RATE_WEB_PER_IP_PER_MINUTE: number;
  RATE_WEB_POSTS_PER_IP_PER_MINUTE: number;
  /** The key the native apps send in APP_KEY_HEADER; unset: no visitor is a native app. */
  NATIVE_APP_KEY?: string;
  /** The app's download links (/download shows a button for each one set) and its version. */
  APP_APK_URL?: string;
  APP_PLAY_URL?: string;
  APP_STORE_URL?: string;
  APP_VERSION?: string;
  /** The map's tile template (Leaflet's {s}, {z}, {x}, {y}) and the credit it must show (HTML). */
  MAP_TILE_URL: string;
  MAP_TILE_ATTRIBUTION: string;
  /** Where the tiles come from, as a CSP source: the template's scheme and host, {s} as `*`. */
  MAP_TILE_SOURCE: string;
}

function fail(name: string, message: string): never {
  throw new WebConfigError(`Invalid configuration: ${name}: ${message}`);
}

/** The secret server.ts keeps in the data folder when SESSION_SECRET is not set. */
function storedSecret(dataDir: string): string[] {
  try {
    const secret = readFileSync(join(dataDir, "session-secret"), "utf8").trim();
    if (secret) return [secret];
  } catch {
    // reported below
  }
  return fail("SESSION_SECRET", `not set, and no ${join(dataDir, "session-secret")} to read`);
}

/**
 * The web app's settings, read from the environment (never written back to it). Defaults that
 * depend on other settings are derived here: the public URL from the port, the API's URL from
 * API_PORT when it runs in this process.
 */
export function loadWebEnv(source: NodeJS.ProcessEnv = process.env): WebEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(issue.path.join(".") || "environment", issue.message);
  }
  const v = parsed.data;
  return {
    NODE_ENV: v.NODE_ENV,
    PORT: v.PORT,
    PUBLIC_URL: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    SESSION_SECRET: v.SESSION_SECRET ?? storedSecret(v.DATA_DIR),
    UPSTREAM_URL: v.UPSTREAM_URL ?? `http://127.0.0.1:${v.API_PORT}`,
    apiInProcess: !v.UPSTREAM_URL,
    API_TIMEOUT_MS: v.API_TIMEOUT_MS,
    API_MAX_RESPONSE_BYTES: v.API_MAX_RESPONSE_BYTES,
    TRUST_PROXY: v.TRUST_PROXY,
    REQUEST_TIMEOUT_MS: v.REQUEST_TIMEOUT_MS,
    FORM_BODY_LIMIT: v.FORM_BODY_LIMIT,
    UPLOAD_BODY_LIMIT: v.UPLOAD_BODY_LIMIT,
    REDIS_URL: v.REDIS_URL,
    RATE_WEB_PER_IP_PER_MINUTE: v.RATE_WEB_PER_IP_PER_MINUTE,
    RATE_WEB_POSTS_PER_IP_PER_MINUTE: v.RATE_WEB_POSTS_PER_IP_PER_MINUTE,
    NATIVE_APP_KEY: v.NATIVE_APP_KEY,
    APP_APK_URL: v.APP_APK_URL,
    APP_PLAY_URL: v.APP_PLAY_URL,
    APP_STORE_URL: v.APP_STORE_URL,
    APP_VERSION: v.APP_VERSION,
    MAP_TILE_URL: v.MAP_TILE_URL,
    MAP_TILE_ATTRIBUTION: v.MAP_TILE_ATTRIBUTION,
    MAP_TILE_SOURCE: /^https?:\/\/[^/]+/.exec(v.MAP_TILE_URL)![0].replace("{s}", "*"),
  };
}

let cached: WebEnv | undefined;

export function getEnv(): WebEnv {
  return (cached ??= loadWebEnv());
}
