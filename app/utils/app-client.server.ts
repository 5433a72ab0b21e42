import { nativeAppOf, type NativeApp } from "../../contract/wire.ts";
import { appCookie } from "./cookies.server.ts";

/** The native app named in this URL (`?os=android|ios&vcode=N`), to remember in a cookie. */
export function appFromUrl(request: Request): NativeApp | undefined {
  const params = new URL(request.url).searchParams;
  return nativeAppOf({ os: params.get("os"), vcode: params.get("vcode") });
}

/** The native app this webview runs in: named in the URL now, or remembered from before. */
export async function appFromRequest(request: Request): Promise<NativeApp | undefined> {
  const stored = (await appCookie.parse(request.headers.get("Cookie"))) as Partial<NativeApp> | null;
  return appFromUrl(request) ?? (stored ? nativeAppOf(stored) : undefined);
}
