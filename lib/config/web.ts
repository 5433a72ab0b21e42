import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { join } from "node:path";
import { z } from "zod";
import { DEFAULT_WEB_PORT, int, localWebUrl, parseSettings, port, publicUrlSetting, sharedSettings } from "./shared.ts";

// Visitors tap these on /download: only web addresses, never a script URL.
const appLink = z.url({ protocol: /^https?$/, error: "an http(s) URL" }).optional();

function isAddressOrSubnet(text: string): boolean {
  const [address, prefix, ...rest] = text.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The secret server.ts keeps in the data folder when SESSION_SECRET is not set. */
function storedSecret(dataDir: string): string[] | undefined {
  try {
    const secret = readFileSync(join(dataDir, "session-secret"), "utf8").trim();
    return secret ? [secret] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The web app's settings, read by server.ts and by the app's server modules. Defaults that
 * depend on other settings are derived in the transform: the public URL from the port, the
 * API's URL from API_PORT when it runs in this process, the session secret from the data folder.
 */
export const webEnvSchema = z
  .object({
    ...sharedSettings,
    PORT: port(DEFAULT_WEB_PORT),
    PUBLIC_URL: publicUrlSetting.optional(),
    /** Comma-separated: the first signs, all verify (rotation). */
    SESSION_SECRET: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(16, "each secret needs at least 16 characters")).min(1))
      .optional(),
    UPSTREAM_URL: z.url().optional(),
    API_TIMEOUT_MS: int(10_000, 100),
    API_MAX_RESPONSE_BYTES: int(4 * 1024 * 1024, 1024),
    FORM_BODY_LIMIT: int(64 * 1024, 1024),
    UPLOAD_BODY_LIMIT: int(12 * 1024 * 1024, 1024),
    /**
     * Addresses and subnets (comma-separated, like 10.0.0.0/8, 2001:db8::/32, 203.0.113.7) that
     * may open the operators' console; every other visitor gets a 404 there. Unset: any.
     */
    CONSOLE_ALLOW_IPS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().refine(isAddressOrSubnet, "an IP address or a subnet like 10.0.0.0/8")).min(1))
      .optional(),
    RATE_WEB_PER_IP_PER_MINUTE: int(600, 1),
    RATE_WEB_POSTS_PER_IP_PER_MINUTE: int(60, 1),
    /** The app's download links (/download shows a button for each one set) and its version. */
    APP_APK_URL: appLink,
    APP_PLAY_URL: appLink,
    APP_STORE_URL: appLink,
    APP_VERSION: z
      .string()
      .regex(/^\d+(?:\.\d+){0,3}(?:[-+][0-9A-Za-z.-]+)?$/, "a version like 1.4.0")
      .optional(),
    /** The map's tile template (Leaflet's {s}, {z}, {x}, {y}) and the credit it must show (HTML). */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, "an http(s) URL template")
      .refine((v) => ["{z}", "{x}", "{y}"].every((part) => v.includes(part)), "a tile template with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .min(1)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  })
  .transform((v, ctx) => {
    const secrets = v.SESSION_SECRET ?? storedSecret(v.DATA_DIR);
    if (!secrets) {
      const message = `not set, and no ${join(v.DATA_DIR, "session-secret")} to read`;
      ctx.issues.push({ code: "custom", path: ["SESSION_SECRET"], message, input: undefined });
      return z.NEVER;
    }
    return {
      ...v,
      PUBLIC_URL: v.PUBLIC_URL ?? localWebUrl(v.PORT),
      SESSION_SECRET: secrets,
      UPSTREAM_URL: v.UPSTREAM_URL ?? `http://127.0.0.1:${v.API_PORT}`,
      /** True when no UPSTREAM_URL is set: server.ts then runs the API in this process. */
      apiInProcess: !v.UPSTREAM_URL,
      /** Where the tiles come from, as a CSP source: the template's scheme and host, {s} as `*`. */
      MAP_TILE_SOURCE: /^https?:\/\/[^/]+/.exec(v.MAP_TILE_URL)![0].replace("{s}", "*"),
    };
  });

export type WebEnv = z.output<typeof webEnvSchema>;

/** The web app's settings from the environment (never written back to it); a bad one throws a ConfigError. */
export function loadWebEnv(source: NodeJS.ProcessEnv = process.env): WebEnv {
  return parseSettings(webEnvSchema, source);
}
