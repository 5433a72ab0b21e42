import { createCookie } from "@remix-run/node";

/**
 * The native apps open the web app with `?os=android|ios&vcode=N`; that is remembered in a
 * cookie so every API call from this webview reports the app (the upgrade reward needs it).
 */
export const appCookie = createCookie("vv_app", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export type AppClient = { os: "android" | "ios"; vcode: string };

export function appFromUrl(request: Request): AppClient | undefined {
  const params = new URL(request.url).searchParams;
  const os = params.get("os");
  const vcode = params.get("vcode") ?? "";
  return (os === "android" || os === "ios") && /^\d{1,9}$/.test(vcode) ? { os, vcode } : undefined;
}

export async function appFromRequest(request: Request): Promise<AppClient | undefined> {
  const stored = (await appCookie.parse(request.headers.get("Cookie"))) as AppClient | null;
  return appFromUrl(request) ?? (stored && (stored.os === "android" || stored.os === "ios") ? stored : undefined);
}
