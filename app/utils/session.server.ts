import type { Session } from "@remix-run/node";
import { deviceCookie, SESSION_COOKIE, sessionStorage, type SessionData } from "./cookies.server.ts";

/** A signed-in browser's session cookie is sent again, with a new expiry, once it is this old. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** What a request's cookies say of the browser: its login and its device. */
export interface BrowserSession {
  token?: string;
  did?: string;
  /** The device id found only in the session (set there before it had a cookie of its own): the next cookies written move it. */
  didToMove?: string;
  stored: Session<SessionData>;
}

export async function readSession(request: Request): Promise<BrowserSession> {
  const header = request.headers.get("Cookie");
  const [stored, device] = await Promise.all([sessionStorage().getSession(header), deviceCookie().parse(header)]);
  const own = typeof device === "string" && device ? device : undefined;
  const old = stored.get("did") || undefined;
  return { token: stored.get("token") || undefined, did: own ?? old, didToMove: own ? undefined : old, stored };
}

/** Headers that set these cookies (added to `headers` when given). */
export function withCookies(cookies: string[], headers = new Headers()): Headers {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The session with its expiry from now, and the device id in its own cookie. */
async function sessionCookies(browser: BrowserSession, did: string | undefined): Promise<string[]> {
  browser.stored.set("renewedAt", Date.now());
  browser.stored.unset("did");
  const cookies = [await sessionStorage().commitSession(browser.stored)];
  if (did) cookies.push(await deviceCookie().serialize(did));
  return cookies;
}

/**
 * The device id the API bound a sign-in code to, kept in the device cookie when it is new to the
 * browser, so the sign-in that follows comes from the same device (docs/decisions/054).
 */
export async function deviceIdCookies(browser: BrowserSession, did: string): Promise<string[]> {
  return did === browser.did ? [] : [await deviceCookie().serialize(did)];
}

/** Signs the browser in with the token and device id the API gave. */
export function signedInCookies(browser: BrowserSession, signIn: { token: string; did: string }): Promise<string[]> {
  browser.stored.set("token", signIn.token);
  return sessionCookies(browser, signIn.did);
}

/**
 * Ends the signed-in state: the session had nothing but the token, so it goes. The device id
 * stays (moved to its own cookie if it was still in the session): the device rules follow the
 * phone, not the login.
 */
export async function signedOutCookies(browser: BrowserSession): Promise<string[]> {
  const cookies = [await sessionStorage().destroySession(browser.stored)];
  if (browser.didToMove) cookies.push(await deviceCookie().serialize(browser.didToMove));
  return cookies;
}

/**
 * The cookies that keep a signed-in browser's login alive as long as the API's token, which
 * slides with every use: the session once a day (not on every answer), and the device cookie
 * with it, so that neither lapses while the phone is in use. Nothing for a browser that is not
 * signed in.
 */
export async function renewedCookies(browser: BrowserSession): Promise<string[]> {
  if (!browser.token) return [];
  const age = Date.now() - (browser.stored.get("renewedAt") ?? 0);
  if (age >= 0 && age < RENEW_AFTER_MS) return [];
  return sessionCookies(browser, browser.did);
}

/**
 * Adds the renewal to a page's or a data request's answer, unless the answer writes the session
 * itself (a sign-in, a sign-out). Only a request that sent the session cookie is renewed, and
 * server.ts's privateCaching keeps every answer to one out of shared caches.
 */
export async function renewSession(request: Request, headers: Headers): Promise<void> {
  if (headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) return;
  withCookies(await renewedCookies(await readSession(request)), headers);
}
