import { loadWebEnv, type WebEnv } from "#lib/config/web.ts";

export type { WebEnv };

let cached: WebEnv | undefined;

/** The web app's settings, read from the environment once, on first use. */
export function getEnv(): WebEnv {
  return (cached ??= loadWebEnv());
}
