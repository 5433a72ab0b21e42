import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { deviceOf } from "#api/src/domain/accounts/user-agent.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, newDid, nextUtcDay, sendCode, signUp, type Caller } from "./helpers.ts";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

/** Signs in to the account from a device with a browser, through the real calls; the client is signed in. */
async function signIn(email: string, did: string, userAgent: string): Promise<Caller> {
  const c = caller(api, { did });
  // Past the wait between two codes to one mailbox.
  api.clock.advance(api.config.OTP_RESEND_SECONDS);
  expectOk(await sendCode(c, email, "login"));
  const data = expectOk(await c.call("POST", "/v1/user/login/", { email, code: lastCode(api, email) }, {}, { "user-agent": userAgent }));
  c.state.token = data.token;
  return c;
}

const list = async (c: Caller) => expectOk(await c.call("GET", "/v1/user/sessions/")).sessions as Record<string, unknown>[];

/** The "Not you?" mails delivered so far to an address. */
async function newDeviceMails(email: string) {
  await api.deliverMail();
  return api.mails.filter((m) => m.to === email && m.subject.startsWith("New sign-in"));
}

const linkToken = (text: string) => decodeURIComponent(/\/sessions\/end\?token=([^&\s]+)/.exec(text)![1]);

describe("the sessions list", () => {
  test("lists the account's sessions with browser, system and times, this one marked", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    api.clock.advance(600);
    const phone = await signIn(owner.email, await newDid(api), ANDROID_CHROME);
    const sessions = await list(phone);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ browser: "chrome", os: "android", current: true });
    expect(sessions[1]).toMatchObject({ current: false });
    expect(sessions[0].created_at).toBe(Math.floor(api.clock.now().getTime() / 1000));
    // Another account sees only its own.
    expect(await list((await signUp(api)).client)).toHaveLength(1);
  });

  test("last seen is written at most once per SESSION_TOUCH_MINUTES", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    const start = Math.floor(api.clock.now().getTime() / 1000);
    api.clock.advance(4 * 60);
    expect((await list(owner.client))[0].last_seen_at).toBe(start);
    api.clock.advance(60);
    const touched = (await list(owner.client))[0].last_seen_at;
    expect(touched).toBe(start + 5 * 60);
  });

  test("ends one session, and every other one, of the caller's account only", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    const phone = await signIn(owner.email, await newDid(api), ANDROID_CHROME);
    const tablet = await signIn(owner.email, await newDid(api), IPHONE_SAFARI);
    const stranger = await signUp(api);

    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    expectCode(await stranger.client.call("POST", "/v1/user/sessions/end/", { id: phoneId }), ErrorCode.sessionNotFound);
    expectOk(await phone.call("GET", "/v1/user/"));

    expectOk(await owner.client.call("POST", "/v1/user/sessions/end/", { id: phoneId }));
    expectCode(await phone.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    expectCode(await owner.client.call("POST", "/v1/user/sessions/end/", { id: phoneId }), ErrorCode.sessionNotFound);
    expect(await list(owner.client)).toHaveLength(2);

    expect(expectOk(await owner.client.call("POST", "/v1/user/sessions/end_others/"))).toEqual({ ended: 1 });
    expectCode(await tablet.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    expect(await list(owner.client)).toEqual([expect.objectContaining({ current: true })]);
    expect(await list(stranger.client)).toHaveLength(1);
  });
});

describe("the new-device e-mail", () => {
  test("is sent once per new device, and its link signs that session out", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    expect(await newDeviceMails(owner.email)).toHaveLength(0);

    const did = await newDid(api);
    const phone = await signIn(owner.email, did, ANDROID_CHROME);
    const [mail] = await newDeviceMails(owner.email);
    expect(mail.subject).toBe("New sign-in on Android Chrome. Not you?");

    api.clock.advance(3600);
    await signIn(owner.email, did, ANDROID_CHROME);
    expect(await newDeviceMails(owner.email)).toHaveLength(1);

    expectOk(await caller(api).call("POST", "/v1/user/sessions/end_by_link/", { token: linkToken(mail.text) }));
    expectCode(await phone.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    expectOk(await owner.client.call("GET", "/v1/user/"));
  });

  test("is in the account's language", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    expectOk(await owner.client.call("PUT", "/v1/user/", { ui_lang: "ar" }));
    await signIn(owner.email, await newDid(api), IPHONE_SAFARI);
    await api.deliverMail();
    const mail = api.mails.filter((m) => m.to === owner.email).at(-1)!;
    expect(mail.subject).toBe("تسجيل دخول جديد على iOS Safari. لست أنت؟");
    expect(mail.html).toContain('dir="rtl"');
  });

  test("its link is refused when tampered with or expired", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    const phone = await signIn(owner.email, await newDid(api), ANDROID_CHROME);
    const [mail] = await newDeviceMails(owner.email);
    const token = linkToken(mail.text);
    const [id, expires, signature] = token.split(".");
    const anon = caller(api);
    for (const forged of [`${Number(id) - 1}.${expires}.${signature}`, `${id}.${Number(expires) + 86_400}.${signature}`, "garbage", ""]) {
      expectCode(await anon.call("POST", "/v1/user/sessions/end_by_link/", { token: forged }), ErrorCode.sessionLinkInvalid);
    }
    expectOk(await phone.call("GET", "/v1/user/"));

    api.clock.advance(api.config.SESSION_END_LINK_HOURS * 3600 + 1);
    expectCode(await anon.call("POST", "/v1/user/sessions/end_by_link/", { token }), ErrorCode.sessionLinkInvalid);
    expectOk(await phone.call("GET", "/v1/user/"));
  });
});

describe("reading the user agent", () => {
  test.each([
    [ANDROID_CHROME, "chrome", "android"],
    [IPHONE_SAFARI, "safari", "ios"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "samsung",
      "android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "edge",
      "windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0", "firefox", "macos"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "chrome", "linux"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "chrome",
      "ios",
    ],
    ["curl/8.5.0", "", ""],
  ])("%s", (ua, browser, os) => {
    expect(deviceOf(ua, false)).toEqual({ browser, os });
  });

  test("the VV app, known by its key, is the app whatever its webview says", () => {
    expect(deviceOf(ANDROID_CHROME, true)).toEqual({ browser: "app", os: "android" });
  });
});
