import { afterAll, beforeAll, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, registerCall, sendCode, uniqueEmail, uniqueIp } from "./helpers.ts";

// No resend wait here, so the hourly limits can be reached without moving the clock.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ OTP_RESEND_SECONDS: "0" });
});
afterAll(async () => api.close());

test("at most 10 codes per e-mail per hour, from any IP (300105)", async () => {
  const email = uniqueEmail("ten");
  for (let i = 0; i < 10; i++) expectOk(await sendCode(caller(api), email, "register"));
  expectCode(await sendCode(caller(api), email, "register"), ErrorCode.sendCodeTooMany);
  expectCode(await sendCode(caller(api), email.toUpperCase(), "register"), ErrorCode.sendCodeTooMany);
  // Another address from the same place is not affected.
  expectOk(await sendCode(caller(api), uniqueEmail("other"), "register"));
  api.clock.advance(3599);
  expectCode(await sendCode(caller(api), email, "register"), ErrorCode.sendCodeTooMany);
  api.clock.advance(2);
  const c = caller(api);
  expectOk(await sendCode(c, email, "register"));
  expectOk(await registerCall(c, email, lastCode(api, email)));
});

test("at most 30 codes per client IP per hour (300105)", async () => {
  const ip = uniqueIp();
  for (let i = 0; i < 30; i++) expectOk(await sendCode(caller(api, { ip }), uniqueEmail("ip"), "register"));
  const blocked = uniqueEmail("ip-blocked");
  expectCode(await sendCode(caller(api, { ip }), blocked, "register"), ErrorCode.sendCodeTooMany);
  // The same e-mail from another IP goes through.
  expectOk(await sendCode(caller(api, { ip: uniqueIp() }), blocked, "register"));
  api.clock.advance(3601);
  expectOk(await sendCode(caller(api, { ip }), uniqueEmail("ip-later"), "register"));
});

test("the per-IP code limit counts an IPv6 /64 as one client, each address in it alike; another /64 is not affected", async () => {
  const limit = api.config.OTP_MAX_PER_IP_PER_HOUR;
  for (let i = 1; i <= limit; i++)
    expectOk(await sendCode(caller(api, { ip: `2001:db8:30:1::${i.toString(16)}` }), uniqueEmail("net"), "register"));
  for (const ip of ["2001:db8:30:1::ffff", "2001:db8:30:1:ab:cd:ef:1", "2001:0db8:0030:0001:0000:0000:0000:0001"]) {
    expectCode(await sendCode(caller(api, { ip }), uniqueEmail("net-over"), "register"), ErrorCode.sendCodeTooMany);
  }
  expectOk(await sendCode(caller(api, { ip: "2001:db8:30:2::1" }), uniqueEmail("net-next"), "register"));
});

test("an IPv4 address written as IPv4-mapped IPv6 is that address's client for the per-IP code limit", async () => {
  const ip = uniqueIp();
  for (let i = 0; i < api.config.OTP_MAX_PER_IP_PER_HOUR; i++) {
    expectOk(await sendCode(caller(api, { ip: i % 2 ? ip : `::ffff:${ip}` }), uniqueEmail("mapped"), "register"));
  }
  expectCode(await sendCode(caller(api, { ip }), uniqueEmail("mapped-over"), "register"), ErrorCode.sendCodeTooMany);
  expectCode(await sendCode(caller(api, { ip: `::ffff:${ip}` }), uniqueEmail("mapped-over"), "register"), ErrorCode.sendCodeTooMany);
});

test("failed mails count against neither limit", async () => {
  const email = uniqueEmail("fails");
  const ip = uniqueIp();
  for (let i = 0; i < 3; i++) {
    api.failMail.next = true;
    expectCode(await sendCode(caller(api, { ip }), email, "register"), ErrorCode.sendCodeFailed);
  }
  for (let i = 0; i < 10; i++) expectOk(await sendCode(caller(api, { ip }), email, "register"));
  expectCode(await sendCode(caller(api, { ip }), email, "register"), ErrorCode.sendCodeTooMany);

  const ip2 = uniqueIp();
  for (let i = 0; i < 5; i++) {
    api.failMail.next = true;
    expectCode(await sendCode(caller(api, { ip: ip2 }), uniqueEmail("ipfail"), "register"), ErrorCode.sendCodeFailed);
  }
  for (let i = 0; i < 30; i++) expectOk(await sendCode(caller(api, { ip: ip2 }), uniqueEmail("ipok"), "register"));
  expectCode(await sendCode(caller(api, { ip: ip2 }), uniqueEmail("ipover"), "register"), ErrorCode.sendCodeTooMany);
});

test("refused sends are not counted either", async () => {
  const ip = uniqueIp();
  for (let i = 0; i < 40; i++) expectCode(await sendCode(caller(api, { ip }), "not-an-email", "register"), ErrorCode.invalidEmail);
  for (let i = 0; i < 40; i++) expectCode(await sendCode(caller(api, { ip }), uniqueEmail("nobody"), "login"), ErrorCode.emailNotFound);
  expectOk(await sendCode(caller(api, { ip }), uniqueEmail("fine"), "register"));
  expect(api.mails.length).toBeGreaterThan(0);
});

test("behind the web app (a loopback proxy) the per-IP limit counts the forwarded visitor address", async () => {
  const visitor = uniqueIp();
  const viaWebApp = (ip: string, email: string) =>
    api.app.inject({
      method: "POST",
      url: "/v1/user/vcode/send/?os=web",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": ip },
      payload: { email, purpose: "register" },
    });
  for (let i = 0; i < 30; i++) expect((await viaWebApp(visitor, uniqueEmail("fwd"))).json().code).toBe(0);
  expect((await viaWebApp(visitor, uniqueEmail("fwd-over"))).json().code).toBe(ErrorCode.sendCodeTooMany);
  // Another visitor through the same web app is not affected.
  expect((await viaWebApp(uniqueIp(), uniqueEmail("fwd-other"))).json().code).toBe(0);
});
