import { createCookie, createCookieSessionStorage, type CookieOptions } from "@remix-run/node";
import { getEnv } from "./env.server.ts";

/**
 * Every cookie the web app sets, with its options in one place. None is readable by page
 * scripts; the signed ones use SESSION_SECRET (the first signs, all verify).
 */
const DAY = 60 * 60 * 24;
const YEAR = DAY * 365;

function base(): CookieOptions {
  return { path: "/", sameSite: "lax", httpOnly: true, secure: getEnv().PUBLIC_URL.startsWith("https:") };
}

function signed(): CookieOptions {
  return { ...base(), secrets: getEnv().SESSION_SECRET };
}

/** Set once the welcome card (asking a new user for a nickname) has been shown: it asks once. */
export const welcomedCookie = createCookie("vv_welcomed", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 10 * YEAR });

export const SESSION_COOKIE = "vv_session";

export interface SessionData {
  token: string;
  /** When the cookie was last sent (ms since the epoch): it is sent again, with a new expiry, a day later. */
  renewedAt: number;
  /** The device id, where sign-ins kept it before it had a cookie of its own; read once, then moved. */
  did: string;
}

let session: ReturnType<typeof createSessionStorage> | undefined;
let device: ReturnType<typeof createCookie> | undefined;
let toast: ReturnType<typeof createCookie> | undefined;
let app: ReturnType<typeof createCookie> | undefined;
let appeal: ReturnType<typeof createCookie> | undefined;

function createSessionStorage() {
  return createCookieSessionStorage<SessionData>({
    cookie: { name: SESSION_COOKIE, ...signed(), maxAge: getEnv().TOKEN_IDLE_DAYS * DAY },
  });
}

/**
 * The login token. It lives as long as the API's token left unused (TOKEN_IDLE_DAYS), and is
 * renewed with use as the token is. Created on first use: the secret comes from the settings.
 */
export function sessionStorage() {
  return (session ??= createSessionStorage());
}

/**
 * The device id the API issued with this browser's first sign-in. Apart from the session and
 * long-lived, so that no logout or expired login gives the phone a new id and fresh device
 * rules. Signed: a browser cannot choose one.
 */
export function deviceCookie() {
  return (device ??= createCookie("vv_device", { ...signed(), maxAge: 10 * YEAR }));
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

/**
 * A banned account's appeal pass (decision 066), sent to /appeal alone, for as long as the pass
 * is good (the maxAge each serialize gives). The API signed it: nothing to sign again.
 */
export function appealCookie() {
  return (appeal ??= createCookie("vv_appeal", { ...base(), path: "/appeal" }));
}
