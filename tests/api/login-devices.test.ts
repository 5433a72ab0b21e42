import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { devices } from "#api/src/db/schema.ts";
import { setDeviceBan } from "#api/src/domain/accounts/bans.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import {
  caller,
  expectCode,
  expectOk,
  logIn,
  loginCall,
  mailedCode,
  newDid,
  nextUtcDay,
  registerCall,
  sendCode,
  signUp,
  uniqueEmail,
} from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

async function banDevice(did: string) {
  await api.database.db.update(devices).set({ bannedAt: api.clock.now() }).where(eq(devices.did, did));
}

describe("POST /v1/user/login/", () => {
  test("answers the account, a new token and the device id", async () => {
    nextUtcDay(api);
    const account = await signUp(api);
    const did = await newDid(api);
    const { answer } = await logIn(api, account.email, did);
    const data = expectOk(answer);
    expect(Object.keys(data).sort()).toEqual(["did", "token", "user"]);
    expect(data.did).toBe(did);
    expect(data.user).toEqual(account.user);
    expect(data.token).not.toBe(account.token);
    const me = expectOk(await caller(api, { did, token: data.token }).call("GET", "/v1/user/"));
    expect(me.id).toBe(account.user.id);
    // The registration token keeps working alongside.
    expectOk(await account.client.call("GET", "/v1/user/"));
  });

  test("without a device id the server issues one", async () => {
    const account = await signUp(api);
    const data = expectOk((await logIn(api, account.email, undefined)).answer);
    expect(data.did).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(data.did).not.toBe(account.did);
  });

  test("an unknown e-mail answers 300012, a malformed one 300027", async () => {
    expectCode(await loginCall(caller(api), uniqueEmail("nobody"), "123456"), ErrorCode.emailNotFound);
    expectCode(await loginCall(caller(api), "not an email", "123456"), ErrorCode.invalidEmail);
  });

  test("a wrong code answers 300007, an expired one 300101, and a code works once", async () => {
    const account = await signUp(api);
    const did = await newDid(api);
    const c = caller(api, { did });
    const code = await mailedCode(api, c, account.email, "login");
    expectCode(await loginCall(c, account.email, code === "123456" ? "654321" : "123456"), ErrorCode.wrongCode);
    expectOk(await loginCall(c, account.email, code));
    expectCode(await loginCall(c, account.email, code), ErrorCode.wrongCode);

    api.clock.advance(60);
    const code2 = await mailedCode(api, c, account.email, "login");
    api.clock.advance(601);
    expectCode(await loginCall(c, account.email, code2), ErrorCode.codeExpired);
  });
});

describe("device rules", () => {
  test("a device registers at most 3 accounts, ever (300016)", async () => {
    nextUtcDay(api);
    const did = await newDid(api);
    for (let i = 0; i < 3; i++) {
      const { did: used } = await signUp(api, { did });
      expect(used).toBe(did);
    }
    const fourth = uniqueEmail("fourth");
    const c = caller(api, { did });
    // Told when the code is asked for, before any mail is sent.
    expectCode(await sendCode(c, fourth, "register"), ErrorCode.deviceRegisterLimit);
    expect(() => lastCode(api, fourth)).toThrow();
    // A code asked for on another device is refused here at sign-up too.
    const code = await mailedCode(api, caller(api), fourth, "register");
    expectCode(await registerCall(c, fourth, code), ErrorCode.deviceRegisterLimit);

    nextUtcDay(api);
    expectCode(await sendCode(caller(api, { did }), fourth, "register"), ErrorCode.deviceRegisterLimit);
    api.clock.advance(90 * 86_400);
    expectCode(await registerCall(caller(api, { did }), fourth, "000000"), ErrorCode.deviceRegisterLimit);

    // The refused e-mail is free to register from another device.
    const other = await signUp(api, { email: fourth });
    expect(other.did).not.toBe(did);
  });

  test("a device logs in to one account per UTC day (300023)", async () => {
    nextUtcDay(api, 1);
    const a = await signUp(api);
    const b = await signUp(api);
    const did = await newDid(api);

    expectOk((await logIn(api, a.email, did)).answer);
    expectCode((await logIn(api, b.email, did)).answer, ErrorCode.deviceDailyLogin);
    // The same account again the same day is fine.
    api.clock.advance(60);
    expectOk((await logIn(api, a.email, did)).answer);
    // Late the same day: still refused.
    api.clock.set(api.clock.now().toISOString().slice(0, 10) + "T23:59:00Z");
    expectCode((await logIn(api, b.email, did)).answer, ErrorCode.deviceDailyLogin);

    // The next UTC day the other account may log in, and then the first one is the one refused.
    api.clock.advance(60);
    expectOk((await logIn(api, b.email, did)).answer);
    api.clock.advance(60);
    expectCode((await logIn(api, a.email, did)).answer, ErrorCode.deviceDailyLogin);
  });

  test("a refused login does not burn the code", async () => {
    // Five minutes before midnight, so the code outlives the day whose slot refused it.
    nextUtcDay(api, 23);
    api.clock.advance(55 * 60);
    const a = await signUp(api);
    const b = await signUp(api);
    const did = await newDid(api);
    // The code was asked for while the device's slot was free: the slot is checked again at login.
    const c = caller(api, { did });
    const code = await mailedCode(api, c, b.email, "login");
    expectOk((await logIn(api, a.email, did)).answer);
    expectCode(await loginCall(c, b.email, code), ErrorCode.deviceDailyLogin);
    // The next day, on the same device, the same code still works.
    api.clock.advance(6 * 60);
    expectOk(await loginCall(c, b.email, code));
  });

  test("registering on a device counts as that day's login", async () => {
    nextUtcDay(api);
    const did = await newDid(api);
    const other = await signUp(api);
    const mine = await signUp(api, { did });
    expectCode((await logIn(api, other.email, did)).answer, ErrorCode.deviceDailyLogin);
    expectOk((await logIn(api, mine.email, did)).answer);
  });

  test("a banned device answers 300024 on login and register", async () => {
    nextUtcDay(api);
    const did = await newDid(api);
    const account = await signUp(api, { did });
    const other = await signUp(api);
    await banDevice(did);

    expectCode((await logIn(api, account.email, did)).answer, ErrorCode.deviceBlocked);
    expectCode((await logIn(api, other.email, did)).answer, ErrorCode.deviceBlocked);
    const fresh = uniqueEmail("banned-dev");
    const c = caller(api, { did });
    expectCode(await sendCode(c, fresh, "register"), ErrorCode.deviceBlocked);
    expectCode(await registerCall(c, fresh, await mailedCode(api, caller(api), fresh, "register")), ErrorCode.deviceBlocked);
    nextUtcDay(api);
    expectCode((await logIn(api, other.email, did)).answer, ErrorCode.deviceBlocked);

    // The account itself is not banned: another device logs in.
    expectOk((await logIn(api, account.email, await newDid(api))).answer);
  });
});

describe("device ids cost nothing until they sign in", () => {
  const deviceRows = async () => (await api.database.db.select({ did: devices.did }).from(devices)).length;

  test("2,500 issued ids and failed logins write no device row; the first sign-in stores the id", async () => {
    nextUtcDay(api);
    const account = await signUp(api);
    const before = await deviceRows();
    const dids = new Set<string>();
    for (let i = 0; i < 2_500; i++) dids.add(await newDid(api));
    expect(dids.size).toBe(2_500);
    const did = [...dids][0];
    expectCode(await loginCall(caller(api, { did }), account.email, "000000"), ErrorCode.wrongCode);
    expectCode(await loginCall(caller(api), uniqueEmail("nobody"), "000000"), ErrorCode.emailNotFound);
    expect(await deviceRows()).toBe(before);

    nextUtcDay(api);
    const data = expectOk((await logIn(api, account.email, did)).answer);
    expect(data.did).toBe(did);
    expect(await deviceRows()).toBe(before + 1);
  });

  test("an id this server did not issue is replaced, even one shaped like ours", async () => {
    nextUtcDay(api);
    const account = await signUp(api);
    const genuine = await newDid(api);
    const forged = genuine.slice(0, 22) + (genuine[22] === "A" ? "B" : "A") + genuine.slice(23);
    const data = expectOk((await logIn(api, account.email, forged)).answer);
    expect(data.did).not.toBe(forged);
    expect(data.did).toMatch(/^[A-Za-z0-9_-]{44}$/);
  });

  test("a device banned before it ever signed in is refused (300024)", async () => {
    const did = await newDid(api);
    await setDeviceBan(api.domain, { did, banned: true, actor: "test" });
    const email = uniqueEmail("banned-first");
    const c = caller(api, { did });
    expectCode(await sendCode(c, email, "register"), ErrorCode.deviceBlocked);
    const code = await mailedCode(api, caller(api), email, "register");
    expectCode(await registerCall(c, email, code), ErrorCode.deviceBlocked);
  });
});
