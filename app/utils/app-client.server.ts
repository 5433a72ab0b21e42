import { sameHash } from "#lib/crypto.ts";
import { APP_KEY_HEADER, nativeAppOf, type NativeApp } from "#contract/wire.ts";
import { appCookie } from "./cookies.server.ts";
import { getEnv } from "./env.server.ts";

function carriesAppKey(request: Request): boolean {
  const key = getEnv().NATIVE_APP_KEY;
  const sent = request.headers.get(APP_KEY_HEADER);
  return !!key && sent !== null && sameHash(sent, key);
}

/**
 * The native app this page load comes from, to remember in a cookie: the URL names it
 * (`?os=android|ios&vcode=N`) and the app's key header proves it (docs/decisions/019).
 */
export function appFromUrl(request: Request): NativeApp | undefined {
  if (!carriesAppKey(request)) return undefined;
  const params = new URL(request.url).searchParams;
  return nativeAppOf({ os: params.get("os"), vcode: params.get("vcode") });
}

/** The native app this webview runs in: proved by this request, or remembered from before. */
export async function appFromRequest(request: Request): Promise<NativeApp | undefined> {
  const stored = (await appCookie().parse(request.headers.get("Cookie"))) as Partial<NativeApp> | null;
  return appFromUrl(request) ?? (stored ? nativeAppOf(stored) : undefined);
}
