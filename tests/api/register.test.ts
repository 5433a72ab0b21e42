import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { userSchema } from "#contract/profile.ts";
import { users } from "#api/src/db/schema.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, loginCall, mailedCode, newDid, registerCall, sendCode, signUp, uniqueEmail } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

describe("POST /v1/user/register/", () => {
  test("answers the new user, a token and the device id", async () => {
    const email = uniqueEmail("new");
    const did = await newDid(api);
    const c = caller(api, { did });
    const code = await mailedCode(api, c, email, "register");
    const data = expectOk(await registerCall(c, email, code));
    expect(Object.keys(data).sort()).toEqual(["did", "token", "user"]);
    expect(data.did).toBe(did);
    expect(typeof data.token).toBe("string");
    expect(data.token.length).toBeGreaterThanOrEqual(32);

    const user = data.user;
    expect(Object.keys(user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(() => userSchema.strict().parse(user)).not.toThrow();
    expect(user).toMatchObject({
      email,
      name: "",
      avatar: "",
      avatar_new: "",
      avatar_status: 0,
      user_status_icon: null,
      btc: "0.00000000",
      vv: "0.00000000",
      lang: "en",
      ui_lang: "en",
      twitter: "",
      inviter_id: null,
      register_at: Math.floor(api.clock.now().getTime() / 1000),
    });
    expect(user.id).toBeGreaterThan(0);
    expect(user.display_id).toMatch(/^\d+$/);
    expect(user.invite_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(user.invite_link).toBe(`${api.config.PUBLIC_URL}/register?invite=${user.invite_code}`);

    // The token signs the client in.
    const me = expectOk(await caller(api, { did, token: data.token }).call("GET", "/v1/user/"));
    expect(me).toEqual(user);
  });

  test("without a device id, or with one the server never issued, the server issues one", async () => {
    const email = uniqueEmail("nodid");
    const c = caller(api);
    const data = expectOk(await registerCall(c, email, await mailedCode(api, c, email, "register")));
    expect(data.did).toMatch(/^[A-Za-z0-9_-]{22,64}$/);

    const made_up = "abcdefghijklmnopqrstuvwxyz";
    const email2 = uniqueEmail("fakedid");
    const c2 = caller(api, { did: made_up });
    const data2 = expectOk(await registerCall(c2, email2, await mailedCode(api, c2, email2, "register")));
    expect(data2.did).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(data2.did).not.toBe(made_up);
    expect(data2.did).not.toBe(data.did);

    const email3 = uniqueEmail("baddid");
    const c3 = caller(api, { did: "short" });
    const data3 = expectOk(await registerCall(c3, email3, await mailedCode(api, c3, email3, "register")));
    expect(data3.did).not.toBe("short");
  });

  test("takes the languages from the body or the query, normalized", async () => {
    const email = uniqueEmail("lang");
    const c = caller(api);
    const code = await mailedCode(api, c, email, "register");
    const user = expectOk(await registerCall(c, email, code, { ui_lang: "zh_tw" })).user;
    expect(user.ui_lang).toBe("zh-TW");
    expect(user.lang).toBe("zh-TW");

    const email2 = uniqueEmail("qlang");
    const c2 = caller(api);
    const code2 = await mailedCode(api, c2, email2, "register");
    const user2 = expectOk(await c2.call("POST", "/v1/user/register/", { email: email2, code: code2 }, { ui_lang: "ja", lang: "pt" })).user;
    expect(user2.ui_lang).toBe("ja");
    expect(user2.lang).toBe("pt-BR");

    const email3 = uniqueEmail("badlang");
    const c3 = caller(api);
    const code3 = await mailedCode(api, c3, email3, "register");
    const user3 = expectOk(await registerCall(c3, email3, code3, { ui_lang: "klingon" })).user;
    expect(user3.ui_lang).toBe("en");
  });

  test("a wrong code answers 300007", async () => {
    const email = uniqueEmail("wrong");
    const c = caller(api);
    const code = await mailedCode(api, c, email, "register");
    const wrong = code === "000000" ? "111111" : "000000";
    for (const bad of [wrong, "abc", "1234567", `${code}0`]) expectCode(await registerCall(c, email, bad), ErrorCode.wrongCode);
    // A code for another e-mail is wrong too.
    const other = uniqueEmail("other");
    expectCode(await registerCall(c, other, code), ErrorCode.wrongCode);
    expectOk(await registerCall(c, email, ` ${code} `));
  });

  test("a code is valid for 10 minutes, then answers 300101", async () => {
    const fresh = uniqueEmail("fresh");
    const c = caller(api);
    const code = await mailedCode(api, c, fresh, "register");
    api.clock.advance(599);
    expectOk(await registerCall(c, fresh, code));

    const stale = uniqueEmail("stale");
    const c2 = caller(api);
    const code2 = await mailedCode(api, c2, stale, "register");
    api.clock.advance(601);
    expectCode(await registerCall(c2, stale, code2), ErrorCode.codeExpired);
    // A new code works.
    expectOk(await registerCall(c2, stale, await mailedCode(api, c2, stale, "register")));
  });

  test("5 wrong tries burn the code; 4 do not", async () => {
    const email = uniqueEmail("burn");
    const c = caller(api);
    const code = await mailedCode(api, c, email, "register");
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) expectCode(await registerCall(c, email, wrong), ErrorCode.wrongCode);
    expectCode(await registerCall(c, email, code), ErrorCode.wrongCode);

    const email2 = uniqueEmail("almost");
    const c2 = caller(api);
    const code2 = await mailedCode(api, c2, email2, "register");
    const wrong2 = code2 === "999999" ? "888888" : "999999";
    for (let i = 0; i < 4; i++) expectCode(await registerCall(c2, email2, wrong2), ErrorCode.wrongCode);
    expectOk(await registerCall(c2, email2, code2));
  });

  test("a code works once", async () => {
    const email = uniqueEmail("once");
    const c = caller(api);
    const code = await mailedCode(api, c, email, "register");
    expectOk(await registerCall(c, email, code));
    const again = await registerCall(caller(api), email, code);
    expect([ErrorCode.wrongCode, ErrorCode.emailRegistered]).toContain(again.body.code);
    expect(again.body.code).not.toBe(0);
  });

  test("an e-mail registers once (300033)", async () => {
    const { email } = await signUp(api);
    expectCode(await sendCode(caller(api), email, "register"), ErrorCode.emailRegistered);
    expectCode(await registerCall(caller(api), email, "123456"), ErrorCode.emailRegistered);
    expectCode(await registerCall(caller(api), email.toUpperCase(), "123456"), ErrorCode.emailRegistered);
  });

  test("upper case and surrounding spaces in the e-mail are normalized", async () => {
    const base = uniqueEmail("MiXeD");
    const c = caller(api);
    expectOk(await sendCode(c, `  ${base.toUpperCase()}\t`, "register"));
    const code = lastCode(api, base.toLowerCase());
    const user = expectOk(await registerCall(c, ` ${base.replace("mixed", "MIXED")} `, code)).user;
    expect(user.email).toBe(base.toLowerCase());
    expectCode(await sendCode(caller(api), base.toLowerCase(), "register"), ErrorCode.emailRegistered);
    // ... and the login finds the account whatever the case.
    const c2 = caller(api);
    expectOk(await sendCode(c2, base.toUpperCase(), "login"));
    const login = expectOk(await loginCall(c2, ` ${base.toUpperCase()} `, lastCode(api, base.toLowerCase())));
    expect(login.user.id).toBe(user.id);
  });

  test("an unknown invite code answers 300008 and leaves the code usable", async () => {
    const email = uniqueEmail("badinvite");
    const c = caller(api);
    const code = await mailedCode(api, c, email, "register");
    for (const invite of ["ZZZZZZZZ", "nope", "AB\u0000CD", "' or 1=1 --"]) {
      expectCode(await registerCall(c, email, code, { invite_code: invite }), ErrorCode.invalidInviteCode);
    }
    const user = expectOk(await registerCall(c, email, code, { invite_code: "" })).user;
    expect(user.inviter_id).toBeNull();
  });

  test("a valid invite code makes its owner the inviter, in any case", async () => {
    const inviter = await signUp(api);
    const invited = await signUp(api, { invite: inviter.user.invite_code });
    expect(invited.user.inviter_id).toBe(inviter.user.id);
    const lower = await signUp(api, { invite: ` ${inviter.user.invite_code.toLowerCase()} ` });
    expect(lower.user.inviter_id).toBe(inviter.user.id);
    const me = expectOk(await invited.client.call("GET", "/v1/user/"));
    expect(me.inviter_id).toBe(inviter.user.id);
  });

  test("invite codes are unique per account", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await signUp(api)).user.invite_code);
    expect(codes.size).toBe(5);
  });

  test("a login code does not register, a register code does not log in", async () => {
    // A login code can only go to an existing account: free its e-mail afterwards.
    const holder = await signUp(api);
    const loginCode = await mailedCode(api, caller(api), holder.email, "login");
    const parked = uniqueEmail("parked");
    await api.database.db.update(users).set({ email: parked }).where(eq(users.id, holder.user.id));
    expectCode(await registerCall(caller(api), holder.email, loginCode), ErrorCode.wrongCode);

    // A register code for a fresh e-mail, then an account takes that e-mail.
    const fresh = uniqueEmail("fresh-reg");
    const registerCode = await mailedCode(api, caller(api), fresh, "register");
    await api.database.db.update(users).set({ email: fresh }).where(eq(users.id, holder.user.id));
    expectCode(await loginCall(caller(api), fresh, registerCode), ErrorCode.wrongCode);
  });

  test("a missing field is a bad request", async () => {
    const c = caller(api);
    expectCode(await c.call("POST", "/v1/user/register/", { email: uniqueEmail() }), ErrorCode.badRequest, 400);
    expectCode(await c.call("POST", "/v1/user/register/", { code: "123456" }), ErrorCode.badRequest, 400);
    expectCode(await c.call("POST", "/v1/user/register/", { email: 42, code: "123456" }), ErrorCode.badRequest, 400);
  });
});
