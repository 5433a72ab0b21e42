import { getEnv } from "#app/utils/env.server.ts";
import type { RequestContext } from "#app/utils/request.server.ts";

/**
 * Whether this page can use passkeys: opened at PUBLIC_URL's own origin (the relying party the API
 * signs for; at another address of the machine, an IP above all, the browser would refuse), and
 * not inside the native app, whose webview has no WebAuthn. Whether the browser has it is the
 * page's own check.
 */
export function passkeysHere(request: Request, ctx: RequestContext): boolean {
  return !ctx.caller.app && new URL(request.url).origin === new URL(getEnv().PUBLIC_URL).origin;
}
