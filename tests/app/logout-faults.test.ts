/**
 * A logout that cannot revoke the token (the database down, the API not
 * answering) keeps the user signed in and says so, in their language; it never says "logged out"
 * while the token lives on. The web app runs against the real API; the database going down is
 * the API's own database handle failing every query, as a dropped connection does, and coming
 * back; the API going away is undici's MockAgent refusing the connection (api-faults.test.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { MockAgent } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import type { Db } from "#api/src/db/client.ts";
import type { TestApi } from "../setup/test-api.ts";
import { ORIGIN, args, get, loadContext, post, run, signUpThroughApp, startBff, type Jar } from "./harness.ts";

let api: TestApi & { url: string };
let logout: typeof import("#app/routes/logout.tsx");
let appLayout: typeof import("#app/routes/_app.tsx");
let root: typeof import("#app/root.tsx");
let session: typeof import("#app/utils/session.server.ts");
let toast: typeof import("#app/utils/toast.server.ts");
let client: typeof import("#app/utils/api.server.ts");
let realDb: Db;

beforeAll(async () => {
  api = await startBff();
  logout = await import("#app/routes/logout.tsx");
  appLayout = await import("#app/routes/_app.tsx");
  root = await import("#app/root.tsx");
  session = await import("#app/utils/session.server.ts");
  toast = await import("#app/utils/toast.server.ts");
  client = await import("#app/utils/api.server.ts");
  realDb = api.domain.db;
});
afterEach(() => {
  api.domain.db = realDb;
  client.setApiDispatcher(undefined);
});
afterAll(async () => api.close());

/** The API's database stops answering: every query fails as on a connection the server dropped. */
function databaseDown(): void {
  const fail = () => {
    throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
  };
  api.domain.db = new Proxy(realDb, { get: (_target, property) => (property === "then" ? undefined : fail) }) as Db;
}

function databaseBack(): void {
  api.domain.db = realDb;
}

async function tokenOf(jar: Jar): Promise<string | undefined> {
  return (await session.readSession(get("/", { jar }))).token;
}

async function toastOf(jar: Jar) {
  return (await toast.takeToast(get("/", { jar }))).toast;
}

/** The logout button of the /mine page's sheet, as the browser posts it. */
function logoutFrom(jar: Jar, page = "/mine?confirm=logout"): Request {
  return post("/logout", {}, { jar, headers: { Referer: `${ORIGIN}${page}` } });
}

async function airdropStatus(jar: Jar): Promise<number> {
  return (await run(() => appLayout.loader(args(get("/airdrop", { jar }))))).status;
}

describe("logout with the database down", () => {
  test("keeps the cookie and says so; the token still works once the database is back, and a retry then logs out for real", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "logout-db" });
    const token = await tokenOf(jar);
    expect(token).toBeTruthy();
    const copy = jar.clone(); // the cookie as another tab, or a copy of it, still holds it

    databaseDown();
    const failed = jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    expect(failed.status).toBe(302);
    // Back to the page it was asked from, its sheet still open for a retry.
    expect(failed.headers.get("Location")).toBe("/mine?confirm=logout");
    expect(failed.headers.getSetCookie().some((c) => c.startsWith("vv_session="))).toBe(false);
    expect(await tokenOf(jar)).toBe(token);
    expect(await toastOf(jar)).toEqual({ kind: "error", key: "auth:logoutFailed" });

    databaseBack();
    // Still signed in: the session was never ended, here or at the API.
    expect(await airdropStatus(jar)).toBe(200);

    const done = jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    expect(done.headers.get("Location")).toBe("/login");
    expect(await tokenOf(jar)).toBeUndefined();
    expect(await toastOf(jar)).toEqual({ kind: "success", key: "auth:loggedOut" });
    // Now the token is revoked: the old cookie no longer opens /airdrop.
    const old = await run(() => appLayout.loader(args(get("/airdrop", { jar: copy }))));
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop");
  });

  test("asked from /settings, the failure goes back to /settings; with no page to go back to, to /mine", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "logout-db" });
    databaseDown();
    const fromSettings = await run(() => logout.action(args(logoutFrom(jar, "/settings?confirm=logout"))));
    expect(fromSettings.headers.get("Location")).toBe("/settings?confirm=logout");
    const noReferer = await run(() => logout.action(args(post("/logout", {}, { jar }))));
    expect(noReferer.headers.get("Location")).toBe("/mine");
    const elsewhere = await run(() => logout.action(args(post("/logout", {}, { jar, headers: { Referer: "https://evil.example//x" } }))));
    expect(elsewhere.headers.get("Location")).toBe("/mine");
  });
});

describe("logout with the API unreachable", () => {
  test("keeps the cookie and says so; the token is alive when the API answers again", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "logout-net" });
    const token = await tokenOf(jar);
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get(api.url)
      .intercept({ path: (path) => path.startsWith("/v1/user/logout/"), method: "POST" })
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }));
    client.setApiDispatcher(agent);
    const failed = jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    client.setApiDispatcher(undefined);
    await agent.close();
    expect(failed.headers.get("Location")).toBe("/mine?confirm=logout");
    expect(await tokenOf(jar)).toBe(token);
    expect(await toastOf(jar)).toEqual({ kind: "error", key: "auth:logoutFailed" });
    expect(await airdropStatus(jar)).toBe(200);
  });
});

describe("a token the API no longer accepts", () => {
  test("a banned account's logout ends the session as usual", async () => {
    const { jar, email } = await signUpThroughApp(api, { tag: "logout-ban" });
    expect(await setUserBan(api.domain, { email, banned: true, actor: "test" })).toBe(true);
    const res = jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    expect(res.headers.get("Location")).toBe("/login");
    expect(await tokenOf(jar)).toBeUndefined();
    expect(await toastOf(jar)).toEqual({ kind: "success", key: "auth:loggedOut" });
  });

  test("a token revoked elsewhere (logged out in another tab) ends the session as usual", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "logout-twice" });
    const other = jar.clone();
    jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    const res = other.take(await run(() => logout.action(args(logoutFrom(other)))));
    expect(res.headers.get("Location")).toBe("/login");
    expect(await tokenOf(other)).toBeUndefined();
  });
});

describe("the toast in every language", () => {
  const languages = readdirSync("locales");

  test("all 16 languages have it, each its own text", () => {
    expect(languages).toHaveLength(16);
    const english = JSON.parse(readFileSync("locales/en/auth.json", "utf8")).logoutFailed as string;
    expect(english).toMatch(/still logged in/);
    for (const lng of languages) {
      const text = JSON.parse(readFileSync(`locales/${lng}/auth.json`, "utf8")).logoutFailed as string | undefined;
      expect(text, lng).toBeTruthy();
      if (lng !== "en") expect(text, lng).not.toBe(english);
    }
  });

  test("the page it goes back to carries the toast and its words (Arabic)", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "logout-ar" });
    databaseDown();
    jar.take(await run(() => logout.action(args(logoutFrom(jar)))));
    databaseBack();
    const context = await loadContext();
    // The next page's data, as Remix fetches it with JavaScript: the toast, and its namespace's words.
    const page = await run(() =>
      root.loader({ ...args(get("/mine?confirm=logout&ui_lang=ar", { jar, headers: { "x-data-request": "1" } }), context) } as never),
    );
    const body = await page.json();
    expect(body.toast).toEqual({ kind: "error", key: "auth:logoutFailed" });
    expect(body.locale).toBe("ar");
    expect(body.resources.ar.auth.logoutFailed).toBe(JSON.parse(readFileSync("locales/ar/auth.json", "utf8")).logoutFailed);
  });
});
