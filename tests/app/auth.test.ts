import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { lastCode, type TestApi } from "../setup/test-api.ts";
import { Jar, args, get, post, run, setCookieNames, startBff, uniqueEmail } from "./harness.ts";

let api: TestApi;
let login: typeof import("#app/routes/login.tsx");
let register: typeof import("#app/routes/register.tsx");
let logout: typeof import("#app/routes/logout.tsx");
let appLayout: typeof import("#app/routes/_app.tsx");
let airdrop: typeof import("#app/routes/_app.airdrop.tsx");
let splat: typeof import("#app/routes/$.tsx");
let root: typeof import("#app/root.tsx");
let session: typeof import("#app/utils/session.server.ts");
let toast: typeof import("#app/utils/toast.server.ts");
let language: typeof import("#lib/visitor-language.ts");

beforeAll(async () => {
  api = await startBff();
  login = await import("#app/routes/login.tsx");
  register = await import("#app/routes/register.tsx");
  logout = await import("#app/routes/logout.tsx");
  appLayout = await import("#app/routes/_app.tsx");
  airdrop = await import("#app/routes/_app.airdrop.tsx");
  splat = await import("#app/routes/$.tsx");
  root = await import("#app/root.tsx");
  session = await import("#app/utils/session.server.ts");
  toast = await import("#app/utils/toast.server.ts");
  language = await import("#lib/visitor-language.ts");
});
afterAll(async () => api.close());

/** A new visitor: a fresh browser that has opened `path` (login or register page) once; that visit sets no cookie. */
async function visitor(path = "/register"): Promise<Jar> {
  const jar = new Jar();
  const page = path.startsWith("/login") ? login : register;
  const res = jar.take(await run(() => page.loader(args(get(path)))));
  expect(res.status).toBe(200);
  expect(setCookieNames(res)).toEqual([]);
  return jar;
}

async function sessionOf(jar: Jar) {
  const { token, did } = await session.readSession(get("/", { jar }));
  return { token, did };
}

async function toastOf(jar: Jar) {
  return (await toast.takeToast(get("/", { jar }))).toast;
}

async function langOf(jar: Jar) {
  return jar.cookies.has("vv_lang") ? language.langCookie.parse(`vv_lang=${jar.cookies.get("vv_lang")}`) : undefined;
}

/** Registers `email` through the register page's action (send, then register) and returns the signed-in jar. */
async function registerThroughPage(email: string, opts: { query?: string; redirectTo?: string } = {}) {
  const path = `/register${opts.query ?? ""}`;
  const jar = await visitor(path);
  const sent = jar.take(await run(() => register.action(args(post(path, { intent: "send", email }, { jar })))));
  expect(sent.status).toBe(200);
  const sentData = await sent.json();
  expect(sentData).toMatchObject({ email, sent: true, resendAfter: 60, toast: { kind: "success", key: "auth:codeSent" } });
  const form: Record<string, string> = { intent: "register", email, code: lastCode(api, email) };
  if (opts.redirectTo !== undefined) form.redirectTo = opts.redirectTo;
  const res = jar.take(await run(() => register.action(args(post(path, form, { jar })))));
  return { jar, res };
}

describe("login action: sending a code", () => {
  test("a malformed e-mail comes back as toast 300027 with the e-mail kept", async () => {
    const jar = await visitor("/login");
    const res = await run(() => login.action(args(post("/login", { intent: "send", email: "not-an-email" }, { jar }))));
    expect(res.status).toBe(200);
    expect(setCookieNames(res)).toEqual([]);
    const data = await res.json();
    expect(data).toMatchObject({ email: "not-an-email", sent: false, toast: { kind: "error", code: ErrorCode.invalidEmail } });
    // The native app's analytics hear of the code request and why it failed (docs/native-bridge.md).
    expect(data.toast.event).toEqual({
      name: "click_get_otp",
      params: { method: "login", success: false, reason: ErrorCode.invalidEmail },
    });
  });

  test("an e-mail with no account comes back as toast 300012, nothing mailed", async () => {
    const jar = await visitor("/login");
    const email = uniqueEmail("ghost");
    const mailed = api.mails.length;
    const res = jar.take(await run(() => login.action(args(post("/login", { intent: "send", email }, { jar })))));
    const data = await res.json();
    expect(data).toMatchObject({ email, sent: false, toast: { kind: "error", code: ErrorCode.emailNotFound } });
    expect(api.mails.length).toBe(mailed);
  });

  test("a wrong code keeps the form open with toast 300007 and signs nobody in", async () => {
    const email = uniqueEmail("wrong");
    const jar = await visitor("/register");
    jar.take(await run(() => register.action(args(post("/register", { intent: "send", email }, { jar })))));
    const code = lastCode(api, email);
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await run(() => register.action(args(post("/register", { intent: "register", email, code: wrong }, { jar }))));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email,
      sent: true,
      toast: {
        kind: "error",
        code: ErrorCode.wrongCode,
        event: { name: "login", params: { method: "register", success: false, reason: ErrorCode.wrongCode } },
      },
    });
    expect(setCookieNames(res)).toEqual([]);
  });

  test("an empty code is asked for (not called wrong), without asking the API; the sent state is kept", async () => {
    const email = uniqueEmail("empty");
    const jar = await visitor("/register");
    jar.take(await run(() => register.action(args(post("/register", { intent: "send", email }, { jar })))));
    const mailed = api.mails.length;
    const res = await run(() => register.action(args(post("/register", { intent: "register", email, code: " ", sent: "1" }, { jar }))));
    const data = await res.json();
    expect(data).toMatchObject({ email, sent: true, toast: { kind: "error", key: "auth:codeRequired" } });
    // Nothing was tried: no sign-in event for the native app.
    expect(data.toast.event).toBeUndefined();
    expect(api.mails.length).toBe(mailed);
    expect(setCookieNames(res)).toEqual([]);
  });
});

describe("register, then the signed-in pages", () => {
  test("send mails a code; register redirects to /airdrop with session, language and toast cookies", async () => {
    const email = uniqueEmail("reg");
    const jar = await visitor("/register");
    expect((await sessionOf(jar)).did).toBeUndefined();

    const sent = jar.take(await run(() => register.action(args(post("/register", { intent: "send", email }, { jar })))));
    // The code is bound to this device (docs/decisions/054): the browser keeps the id it was sent for.
    expect(setCookieNames(sent)).toEqual(["vv_device"]);
    expect((await sent.json()).toast).toEqual({
      kind: "success",
      key: "auth:codeSent",
      event: { name: "click_get_otp", params: { method: "register", success: true } },
    });
    const mail = api.mails.at(-1)!;
    expect(mail.to).toBe(email);
    const code = lastCode(api, email);
    expect(code).toMatch(/^\d{6}$/);

    const res = jar.take(await run(() => register.action(args(post("/register", { intent: "register", email, code }, { jar })))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/airdrop");
    expect(setCookieNames(res).sort()).toEqual(["vv_device", "vv_lang", "vv_session", "vv_toast"]);
    const signedIn = await sessionOf(jar);
    expect(signedIn.token).toEqual(expect.any(String));
    expect(signedIn.did).toMatch(/^[A-Za-z0-9_-]{44}$/); // issued by the API with the first sign-in
    expect(await langOf(jar)).toBe("en");
    // At the public address, the page it lands on offers a passkey for next time.
    const registered = {
      kind: "success",
      key: "auth:registered",
      event: { name: "login", params: { method: "register", success: true } },
      offer: "passkey",
    };
    expect(await toastOf(jar)).toEqual(registered);

    // The token never travels to the browser in clear.
    expect(jar.header()).not.toContain(signedIn.token!);

    // With that cookie the signed-in layout loads the user.
    const layout = await run(() => appLayout.loader(args(get("/airdrop", { jar }))));
    expect(layout.status).toBe(200);
    const { user } = await layout.json();
    expect(user).toMatchObject({ email, ui_lang: "en", vv: expect.stringMatching(/^\d+\.\d{8}$/) });

    // ... and the page's own loader its title.
    const page = await run(() => airdrop.loader(args(get("/airdrop", { jar }))));
    expect((await page.json()).title).toMatch(/ · VV$/);

    // The root loader shows the flash toast once, then clears it.
    const rootRes = jar.take(await run(() => root.loader(args(get("/airdrop", { jar })))));
    expect((await rootRes.json()).toast).toEqual(registered);
    expect(jar.cookies.has("vv_toast")).toBe(false);
    expect((await (await run(() => root.loader(args(get("/airdrop", { jar }))))).json()).toast).toBeNull();

    // A signed-in visitor of /login goes on to the app.
    const again = await run(() => login.loader(args(get("/login", { jar }))));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/airdrop");
  });

  test("registering from an Arabic page saves Arabic on the account and in vv_lang", async () => {
    const email = uniqueEmail("ar");
    const { jar, res } = await registerThroughPage(email, { query: "?ui_lang=ar" });
    expect(res.status).toBe(302);
    expect(await langOf(jar)).toBe("ar");
    const { user } = await (await run(() => appLayout.loader(args(get("/airdrop", { jar }))))).json();
    expect(user.ui_lang).toBe("ar");
    // The cookie now carries the language to every page.
    const { locale: lang, dir } = await (await run(() => root.loader(args(get("/team", { jar }))))).json();
    expect([lang, dir]).toEqual(["ar", "rtl"]);
  });

  test("a signed-in page without a session redirects to /login and back", async () => {
    const res = await run(() => appLayout.loader(args(get("/airdrop"))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop");
    const deep = await run(() => appLayout.loader(args(get("/team?tab=2"))));
    expect(deep.headers.get("Location")).toBe("/login?redirectTo=%2Fteam%3Ftab%3D2");
    // A visitor with a device id but no token is still anonymous.
    const jar = await visitor("/login");
    const withDevice = await run(() => appLayout.loader(args(get("/mine", { jar }))));
    expect(withDevice.headers.get("Location")).toBe("/login?redirectTo=%2Fmine");
  });

  test("redirectTo=/team is honoured after signing in; off-site targets are not", async () => {
    const team = await registerThroughPage(uniqueEmail("team"), { redirectTo: "/team" });
    expect(team.res.status).toBe(302);
    expect(team.res.headers.get("Location")).toBe("/team");

    const evil = await registerThroughPage(uniqueEmail("evil"), { redirectTo: "//evil.example/steal" });
    expect(evil.res.headers.get("Location")).toBe("/airdrop");

    const loop = await registerThroughPage(uniqueEmail("loop"), { redirectTo: "/login?redirectTo=%2Fteam" });
    expect(loop.res.headers.get("Location")).toBe("/airdrop");
  });

  test("logging in to an existing account on a new device, back to redirectTo", async () => {
    const email = uniqueEmail("login");
    await registerThroughPage(email);
    const jar = await visitor("/login?redirectTo=%2Fteam");
    const sent = jar.take(await run(() => login.action(args(post("/login?redirectTo=%2Fteam", { intent: "send", email }, { jar })))));
    expect((await sent.json()).sent).toBe(true);
    const res = jar.take(
      await run(() =>
        login.action(
          args(post("/login?redirectTo=%2Fteam", { intent: "login", email, code: lastCode(api, email), redirectTo: "/team" }, { jar })),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/team");
    expect(await toastOf(jar)).toEqual({
      kind: "success",
      key: "auth:welcomeBack",
      event: { name: "login", params: { method: "login", success: true } },
      offer: "passkey",
    });
    const { user } = await (await run(() => appLayout.loader(args(get("/team", { jar }))))).json();
    expect(user.email).toBe(email);
  });
});

describe("logout and expired logins", () => {
  test("logout revokes the token; an old copy of the cookie then lands on /login with toast 300103", async () => {
    const { jar } = await registerThroughPage(uniqueEmail("out"));
    const stolen = jar.clone(); // another tab, or a copied cookie, still holding the token
    const { did } = await sessionOf(jar);

    const res = jar.take(await run(() => logout.action(args(post("/logout", {}, { jar })))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await sessionOf(jar)).toEqual({ token: undefined, did }); // the device id stays
    expect(await toastOf(jar)).toEqual({ kind: "success", key: "auth:loggedOut" });

    // The cleared session is anonymous.
    const anonymous = await run(() => appLayout.loader(args(get("/airdrop", { jar }))));
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop");

    // The revoked token at the API: the session is cleared and the reason flashed.
    const expired = stolen.take(await run(() => appLayout.loader(args(get("/airdrop", { jar: stolen })))));
    expect(expired.status).toBe(302);
    expect(expired.headers.get("Location")).toMatch(/^\/login(\?|$)/);
    expect(expired.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop");
    expect(setCookieNames(expired).sort()).toEqual(["vv_session", "vv_toast"]);
    expect((await sessionOf(stolen)).token).toBeUndefined();
    const flashed = await toastOf(stolen);
    expect(flashed).toMatchObject({ kind: "error", code: ErrorCode.loginExpired });

    // The login page then shows it, once.
    const page = stolen.take(await run(() => root.loader(args(get("/login?redirectTo=%2Fairdrop", { jar: stolen })))));
    expect((await page.json()).toast).toMatchObject({ code: ErrorCode.loginExpired });
    expect(stolen.cookies.has("vv_toast")).toBe(false);
  });

  test("GET /logout does nothing but send the user to /mine", async () => {
    const res = await run(() => logout.loader());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mine");
  });

  test("logout without a session still ends on /login", async () => {
    const res = await run(() => logout.action(args(post("/logout", {}))));
    expect(res.headers.get("Location")).toBe("/login");
  });
});

describe("unknown paths", () => {
  test("$.tsx sends every unknown path to /airdrop", async () => {
    for (const fn of [splat.loader, splat.action]) {
      const res = await run(() => fn());
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/airdrop");
    }
  });
});
