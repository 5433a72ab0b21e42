import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, registerCall, sendCode, signUp, uniqueEmail } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

describe("GET /v1/user/did/", () => {
  test("issues an opaque random 128-bit id, a new one on every call", async () => {
    const c = caller(api);
    const dids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const data = expectOk(await c.call<{ did: string }>("GET", "/v1/user/did/"));
      expect(Object.keys(data)).toEqual(["did"]);
      dids.push(data.did);
    }
    expect(new Set(dids).size).toBe(dids.length);
    for (const did of dids) {
      expect(did).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
      expect(Buffer.from(did, "base64url").length).toBeGreaterThanOrEqual(16);
    }
    // Not a counter or a timestamp: two ids issued back to back share no long prefix.
    expect(dids[0].slice(0, 8)).not.toBe(dids[1].slice(0, 8));
  });
});

describe("POST /v1/user/vcode/send/", () => {
  test("sends a 6-digit code to the normalized address and says when to resend", async () => {
    const email = uniqueEmail("Send");
    const data = expectOk(await sendCode(caller(api), `  ${email.toUpperCase()}  `, "register"));
    expect(data).toEqual({ resend_after: 60, did: expect.any(String) });
    const mail = api.mails.at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    const code = lastCode(api, email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.html).toMatch(/^<!doctype html>/i);
  });

  test("rejects malformed e-mails with 300027", async () => {
    const c = caller(api);
    for (const email of [
      "",
      "plain",
      "a@b",
      "a@@example.com",
      "a b@example.com",
      "a@example..com",
      "@example.com",
      "a@.com",
      "a@example.c",
    ]) {
      expectCode(await sendCode(c, email, "register"), ErrorCode.invalidEmail);
      expectCode(await sendCode(c, email, "login"), ErrorCode.invalidEmail);
    }
    expect(api.mails.filter((m) => m.to === "plain")).toHaveLength(0);
  });

  test("a missing or unknown purpose is a bad request", async () => {
    const c = caller(api);
    expectCode(await c.call("POST", "/v1/user/vcode/send/", { email: uniqueEmail() }), ErrorCode.badRequest, 400);
    expectCode(await c.call("POST", "/v1/user/vcode/send/", { email: uniqueEmail(), purpose: "reset" }), ErrorCode.badRequest, 400);
  });

  test("login to an unknown e-mail answers 300012 and sends nothing", async () => {
    const email = uniqueEmail("ghost");
    const before = api.mails.length;
    expectCode(await sendCode(caller(api), email, "login"), ErrorCode.emailNotFound);
    expect(api.mails.length).toBe(before);
  });

  test("register to an existing e-mail answers 300033, whatever its case", async () => {
    const { email } = await signUp(api);
    expectCode(await sendCode(caller(api), email, "register"), ErrorCode.emailRegistered);
    expectCode(await sendCode(caller(api), ` ${email.toUpperCase()}`, "register"), ErrorCode.emailRegistered);
    // ... while a login code goes out.
    expectOk(await sendCode(caller(api), email.toUpperCase(), "login"));
  });

  test("a new code for the same e-mail and purpose only after 60 s", async () => {
    const email = uniqueEmail("resend");
    const c = caller(api);
    expectOk(await sendCode(c, email, "register"));
    const first = lastCode(api, email);
    expectCode(await sendCode(c, email, "register"), ErrorCode.sendCodeTooSoon);
    api.clock.advance(59);
    expectCode(await sendCode(c, email, "register"), ErrorCode.sendCodeTooSoon);
    api.clock.advance(1);
    expectOk(await sendCode(c, email, "register"));
    const second = lastCode(api, email);
    // The newest code is the one that counts.
    if (first !== second) expectCode(await registerCall(c, email, first), ErrorCode.wrongCode);
    expectOk(await registerCall(c, email, second));
  });

  test("a failed mail answers 300102, and the failed code neither counts nor blocks a retry", async () => {
    const email = uniqueEmail("mailfail");
    const c = caller(api);
    const before = api.mails.length;
    api.failMail.next = true;
    expectCode(await sendCode(c, email, "register"), ErrorCode.sendCodeFailed);
    expect(api.mails.length).toBe(before);
    // No 60 s wait: the failed send left nothing behind.
    expectOk(await sendCode(c, email, "register"));
    const user = expectOk(await registerCall(c, email, lastCode(api, email))).user;
    expect(user.email).toBe(email);
  });

  test("the mail is in the requested language, text and HTML", async () => {
    const email = uniqueEmail("ja");
    expectOk(await sendCode(caller(api), email, "register", { ui_lang: "ja" }));
    const mail = api.mails.at(-1)!;
    expect(mail.to).toBe(email);
    const code = lastCode(api, email);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="ja"');

    const rtl = uniqueEmail("ar");
    expectOk(await sendCode(caller(api), rtl, "register", { lang: "ar" }));
    expect(api.mails.at(-1)!.html).toMatch(/lang="ar" dir="rtl"/);

    const fallback = uniqueEmail("xx");
    expectOk(await sendCode(caller(api), fallback, "register", { ui_lang: "xx-YY" }));
    expect(api.mails.at(-1)!.html).toContain('lang="en"');
  });

  test("a login mail is in the account's own language", async () => {
    const email = uniqueEmail("ko");
    const c = caller(api, {});
    expectOk(await sendCode(c, email, "register"));
    expectOk(await registerCall(c, email, lastCode(api, email), { ui_lang: "ko" }));
    expectOk(await sendCode(caller(api), email, "login", { ui_lang: "en" }));
    const mail = api.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.html).toContain('lang="ko"');
    expect(mail.text).toContain(lastCode(api, email));
  });
});
