import type { ApiConfig } from "#api/src/config.ts";
import { wellFormedHandleAdapter, type SocialNetwork } from "./social.ts";
import { xApiAdapter } from "./x-api.ts";

/** The X API when a bearer token is configured, otherwise the well-formed-handle adapter. */
export function socialFor(config: Pick<ApiConfig, "X_BEARER_TOKEN" | "X_API_URL" | "X_OFFICIAL_HANDLE">): SocialNetwork {
  return config.X_BEARER_TOKEN
    ? xApiAdapter({ baseUrl: config.X_API_URL, bearerToken: config.X_BEARER_TOKEN, officialHandle: config.X_OFFICIAL_HANDLE })
    : wellFormedHandleAdapter;
}
