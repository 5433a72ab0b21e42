import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  SESSION_SECRET: z
    .string()
    .min(1)
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(16, "each secret needs at least 16 characters")).min(1)),
  UPSTREAM_URL: z.url(),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type WebEnv = z.infer<typeof schema>;

let cached: WebEnv | undefined;

/**
 * The web app's settings. server.ts fills SESSION_SECRET and UPSTREAM_URL from their
 * defaults (data-folder secret, in-process API) before the first request.
 */
export function getEnv(): WebEnv {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function webEnvSchema() {
  return schema;
}
