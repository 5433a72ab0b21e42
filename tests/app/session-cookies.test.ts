/**
 * The session cookie lives as long as the API's token (TOKEN_IDLE_DAYS, here 45) and slides with
 * it: a signed-in request renews it once a day. The device id has a cookie of its own that no
 * logout clears, and a session cookie of the old shape ({token, did}) keeps its device id.
 * The web app's clock is vitest's fake Date and the API's its ManualClock, moved together.
 */
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { TestApi } from "../setup/test-api.ts";
import { Jar, SESSION_SECRET, args, get, post, run, setCookieNames, signUpThroughApp, startBff } from "./harness.ts";

const IDLE_DAYS = 45;
const DAY_MS = 86_400_000;
const START = new Date("2026-03-01T08:00:00Z");

let api: TestApi;
let entry: typeof import("#app/entry.server.tsx");
let appLayout: typeof import("#app/routes/_app.tsx");
let login: typeof import("#app/routes/login.tsx");
let logout: typeof import("#app/routes/logout.tsx");
let session: typeof import("#app/utils/session.server.ts");

beforeAll(async () => {
  process.env.TOKEN_IDLE_DAYS = String(IDLE_DAYS);
  api = await startBff({ TOKEN_IDLE_DAYS: String(IDLE_DAYS) });
  entry = await import("#app/entry.server.tsx");
  appLayout = await import("#app/routes/_app.tsx");
  login = await import("#app/routes/login.tsx");
  logout = await import("#app/routes/logout.tsx");
  session = await import("#app/utils/session.server.ts");
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => api.close());

/** Both clocks at `at`: the web app's Date and the API's. */
function clocksAt(at: Date): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  api.clock.set(at);
}

function daysLater(days: number): void {
  clocksAt(new Date(Date.now() + days * DAY_MS));
}

/** The attributes of the cookie `name` a response sets (names in lower case), or undefined when it sets none. */
function cookieSet(res: Response, name: string): Record<string, string> | undefined {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  if (!line) return undefined;
  return Object.fromEntries(
    line
      .split(";")
      .slice(1)
      .map((a) => a.trim().split("="))
      .map(([k, v]) => [k.toLowerCase(), v ?? ""]),
  );
}

/** When a browser receiving this response now drops the cookie `name`: Remix sends Max-Age alone. */
function expiresOf(res: Response, name: string): number {
  return Date.now() + Number(cookieSet(res, name)!["max-age"]) * 1000;
}

/** How many times a response sets the cookie `name`. */
function timesSet(res: Response, name: string): number {
  return res.headers.getSetCookie().filter((l) => l.startsWith(`${name}=`)).length;
}

/**
 * A signed-in page's data request as Remix's server answers it: the layout's loader (a call to
 * the API with the token), then the entry's handleDataRequest.
 */
async function visit(jar: Jar, path = "/airdrop"): Promise<Response> {
  const request = get(path, { jar, headers: { "x-data-request": "1" } });
  const res = await run(() => appLayout.loader(args(request)));
  return jar.take(await entry.handleDataRequest(res, { request, params: {}, context: {} }));
}

/** The login page's data request, as an anonymous visitor's. */
async function visitLoginPage(jar: Jar): Promise<Response> {
  const request = get("/login", { jar, headers: { "x-data-request": "1" } });
  const res = await run(() => login.loader(args(request)));
  return jar.take(await entry.handleDataRequest(res, { request, params: {}, context: {} }));
}

async function stored(jar: Jar) {
  return session.readSession(get("/", { jar }));
}

/** Logs `email` in through /login as the browser with this jar would. */
async function logIn(jar: Jar, email: string): Promise<Response> {
  jar.take(await run(() => login.action(args(post("/login", { intent: "send", email }, { jar })))));
  const code = api.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1];
  return jar.take(await run(() => login.action(args(post("/login", { intent: "login", email, code }, { jar })))));
}

/** A session cookie's value as the web app wrote it before the device id had a cookie of its own. */
async function oldShapeSession(data: { token?: string; did: string }): Promise<string> {
  const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [SESSION_SECRET], path: "/", maxAge: 30 * 86_400 } });
  const old = await storage.getSession();
  if (data.token) old.set("token", data.token);
  old.set("did", data.did);
  const line = await storage.commitSession(old);
  return line.slice("vv_session=".length, line.indexOf(";"));
}

describe("the session cookie follows the token", () => {
  test("at sign-in the session lives TOKEN_IDLE_DAYS days and the device id ten years, neither readable by scripts", async () => {
    clocksAt(START);
    const { email } = await signUpThroughApp(api, { tag: "life" });
    const res = await logIn(new Jar(), email);
    expect(res.status).toBe(302);
    const sessionCookie = cookieSet(res, "vv_session")!;
    expect(sessionCookie["max-age"]).toBe(String(IDLE_DAYS * 86_400));
    expect(expiresOf(res, "vv_session")).toBe(START.getTime() + IDLE_DAYS * DAY_MS);
    expect(sessionCookie).toHaveProperty("httponly");
    const device = cookieSet(res, "vv_device")!;
    expect(device["max-age"]).toBe(String(10 * 365 * 86_400));
    expect(device).toHaveProperty("httponly");
  });

  test("used, the session is sent again once a day with a later expiry, and outlives its first TOKEN_IDLE_DAYS; left idle longer, it ends on both sides", async () => {
    clocksAt(START);
    const { jar } = await signUpThroughApp(api, { tag: "slide" });
    let expires = START.getTime() + IDLE_DAYS * DAY_MS;

    // The same day: nothing is sent again.
    daysLater(0.5);
    const sameDay = await visit(jar);
    expect(sameDay.status).toBe(200);
    expect(setCookieNames(sameDay)).toEqual([]);

    // Two days on: the session again, expiring TOKEN_IDLE_DAYS from now, and the device cookie with it.
    daysLater(2);
    const renewed = await visit(jar);
    expect(renewed.status).toBe(200);
    expect(setCookieNames(renewed).sort()).toEqual(["vv_device", "vv_session"]);
    expect(cookieSet(renewed, "vv_session")!["max-age"]).toBe(String(IDLE_DAYS * 86_400));
    expect(expiresOf(renewed, "vv_session")).toBeGreaterThan(expires);
    expires = expiresOf(renewed, "vv_session");
    expect((await stored(jar)).did).toBeDefined();

    // Used once a month, for four months: the browser still holds the cookie each time, and the API the token.
    for (let month = 1; month <= 4; month++) {
      daysLater(30);
      expect(Date.now()).toBeLessThan(expires);
      const res = await visit(jar);
      expect(res.status, `month ${month}`).toBe(200);
      expect(expiresOf(res, "vv_session")).toBe(Date.now() + IDLE_DAYS * DAY_MS);
      expires = expiresOf(res, "vv_session");
    }

    // Unused for longer than TOKEN_IDLE_DAYS: a browser has dropped the cookie, and the API the token.
    daysLater(IDLE_DAYS + 1);
    expect(Date.now()).toBeGreaterThan(expires);
    const idle = await visit(jar);
    expect(idle.status).toBe(302);
    expect(idle.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop");
    // The sign-out's cookie alone: no renewal beside it.
    expect(timesSet(idle, "vv_session")).toBe(1);
    expect(jar.cookies.has("vv_session")).toBe(false);
    expect(jar.cookies.has("vv_device")).toBe(true);
  });

  test("anonymous page views set no cookie, with or without a device cookie", async () => {
    clocksAt(START);
    const fresh = new Jar();
    expect(setCookieNames(await visitLoginPage(fresh))).toEqual([]);

    const { jar } = await signUpThroughApp(api, { tag: "anon" });
    jar.take(await run(() => logout.action(args(post("/logout", {}, { jar })))));
    jar.cookies.delete("vv_toast");
    expect([...jar.cookies.keys()]).toEqual(expect.arrayContaining(["vv_device"]));
    daysLater(3);
    expect(setCookieNames(await visitLoginPage(jar))).toEqual([]);
  });
});

describe("the device id's own cookie", () => {
  test("logout clears the session, not the device id; the next login on this phone is the same device", async () => {
    clocksAt(START);
    const { jar, email } = await signUpThroughApp(api, { tag: "out" });
    const { did } = await stored(jar);
    expect(did).toMatch(/^[A-Za-z0-9_-]{44}$/);

    const res = jar.take(await run(() => logout.action(args(post("/logout", {}, { jar })))));
    expect(res.headers.get("Location")).toBe("/login");
    expect(setCookieNames(res).sort()).toEqual(["vv_session", "vv_toast"]);
    expect(jar.cookies.has("vv_session")).toBe(false);
    expect(await stored(jar)).toMatchObject({ token: undefined, did });

    daysLater(1);
    const again = await logIn(jar, email);
    expect(again.status).toBe(302);
    expect(await stored(jar)).toMatchObject({ token: expect.any(String), did });
  });

  test("a signed-in session cookie of the old shape keeps its device id: the first answer moves it to its own cookie", async () => {
    clocksAt(START);
    const { jar } = await signUpThroughApp(api, { tag: "old-in" });
    const { token, did } = await stored(jar);
    const old = new Jar();
    old.cookies.set("vv_session", await oldShapeSession({ token: token!, did: did! }));
    expect(await stored(old)).toMatchObject({ token, did, didToMove: did });

    const res = await visit(old);
    expect(res.status).toBe(200);
    expect(setCookieNames(res).sort()).toEqual(["vv_device", "vv_session"]);
    const moved = await stored(old);
    expect(moved).toMatchObject({ token, did, didToMove: undefined });
    expect(moved.stored.has("did")).toBe(false);
    expect(setCookieNames(await visit(old))).toEqual([]);
  });

  test("a signed-out session cookie of the old shape: page views write nothing, and logging in keeps the device id", async () => {
    clocksAt(START);
    const { jar, email } = await signUpThroughApp(api, { tag: "old-out" });
    const { did } = await stored(jar);
    const old = new Jar();
    old.cookies.set("vv_session", await oldShapeSession({ did: did! }));
    expect(await stored(old)).toMatchObject({ token: undefined, did });
    expect(setCookieNames(await visitLoginPage(old))).toEqual([]);

    const signedIn = await logIn(old, email);
    expect(signedIn.status).toBe(302);
    expect(await stored(old)).toMatchObject({ token: expect.any(String), did, didToMove: undefined });
  });

  test("a logout from a session cookie of the old shape moves the device id to its own cookie", async () => {
    clocksAt(START);
    const { jar } = await signUpThroughApp(api, { tag: "old-logout" });
    const { token, did } = await stored(jar);
    const old = new Jar();
    old.cookies.set("vv_session", await oldShapeSession({ token: token!, did: did! }));

    const res = old.take(await run(() => logout.action(args(post("/logout", {}, { jar: old })))));
    expect(res.headers.get("Location")).toBe("/login");
    expect(setCookieNames(res).sort()).toEqual(["vv_device", "vv_session", "vv_toast"]);
    expect(old.cookies.has("vv_session")).toBe(false);
    expect(await stored(old)).toMatchObject({ token: undefined, did });
  });
});
