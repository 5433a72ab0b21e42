import { createCookie, createCookieSessionStorage, type CookieOptions } from "@remix-run/node";
import { getEnv } from "./env.server.ts";

/**
 * Every cookie the web app sets, with its options in one place. None is readable by page
 * scripts; the signed ones use SESSION_SECRET (the first signs, all verify).
 */
const YEAR = 60 * 60 * 24 * 365;

function base(): CookieOptions {
  return { path: "/", sameSite: "lax", httpOnly: true, secure: getEnv().PUBLIC_URL.startsWith("https:") };
}

function signed(): CookieOptions {
  return { ...base(), secrets: getEnv().SESSION_SECRET };
}


/** Set once the welcome card (asking a new user for a nickname) has been shown: it asks once. */
export const welcomedCookie = createCookie("vv_welcomed", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 10 * YEAR });

let session: ReturnType<typeof createSessionStorage> | undefined;
let toast: ReturnType<typeof createCookie> | undefined;
let app: ReturnType<typeof createCookie> | undefined;

function createSessionStorage() {
  return createCookieSessionStorage<{ token: string; did: string }>({
    cookie: { name: "vv_session", ...signed(), maxAge: 60 * 60 * 24 * 30 },
  });
}

/** The login token and the device id. Created on first use: the secret comes from the settings. */
export function sessionStorage() {
  return (session ??= createSessionStorage());
}

/** A flash toast that survives one redirect. */
export function toastCookie() {
  return (toast ??= createCookie("vv_toast", { ...signed(), maxAge: 60 }));
}

/**
 * The native app a webview runs in, remembered from the page load that proved it (the app's
 * key header with `?os=&vcode=`), so every API call reports it. Signed: a browser cannot
 * write one.
 */
export function appCookie() {
  return (app ??= createCookie("vv_app", { ...signed(), maxAge: YEAR }));
}
