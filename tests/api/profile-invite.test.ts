import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { userSchema } from "#contract/profile.ts";
import { users } from "#api/src/db/schema.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, signUp } from "./helpers.ts";

const PUBLIC_URL = "https://vv.example.com/";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL });
});
afterAll(async () => api.close());

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

describe.each(["PUT", "POST"])("%s /v1/user/", (method) => {
  test("nickname: 2-20 characters after trimming, else 300109", async () => {
    const { client } = await signUp(api);
    const update = (body: unknown) => client.call(method, "/v1/user/", body);

    for (const name of ["", "A", "   B   ", "x".repeat(21), ` ${"y".repeat(21)} `, "😀"]) {
      expectCode(await update({ name }), ErrorCode.nicknameInvalid);
    }
    for (const name of ["ab\u0007cd", "line\nbreak", "tab\tname", "nul\u0000name", "zero\u200Bwidth", "rtl\u202Eoverride"]) {
      expectCode(await update({ name }), ErrorCode.nicknameInvalid);
    }
    // Nothing was stored by the refused calls.
    expect(expectOk(await client.call("GET", "/v1/user/")).name).toBe("");

    expect(expectOk(await update({ name: "Jo" })).user.name).toBe("Jo");
    expect(expectOk(await update({ name: "z".repeat(20) })).user.name).toBe("z".repeat(20));
    expect(expectOk(await update({ name: `  ${"w".repeat(20)}  ` })).user.name).toBe("w".repeat(20));
    expect(expectOk(await update({ name: "  Alice Pat  " })).user.name).toBe("Alice Pat");
    expect(expectOk(await update({ name: "山田太郎" })).user.name).toBe("山田太郎");
    expect(expectOk(await update({ name: "😀😀" })).user.name).toBe("😀😀");
    const me = expectOk(await client.call("GET", "/v1/user/"));
    expect(me.name).toBe("😀😀");
  });

  test("nickname with a sensitive word answers 300108", async () => {
    const { client } = await signUp(api);
    for (const name of ["admin", "SuperAdmin99", "the ADMIN", "官方客服", "Official VV"]) {
      expectCode(await client.call(method, "/v1/user/", { name }), ErrorCode.nicknameSensitive);
    }
    expect(expectOk(await client.call("GET", "/v1/user/")).name).toBe("");
  });

  test("ui_lang and lang are normalized; unknown languages are ignored", async () => {
    const { client } = await signUp(api);
    const user = expectOk(await client.call(method, "/v1/user/", { ui_lang: "zh_cn" })).user;
    expect(user.ui_lang).toBe("zh-CN");
    expect(() => userSchema.strict().parse(user)).not.toThrow();
    expect(expectOk(await client.call(method, "/v1/user/", { ui_lang: "PT-br", lang: "ar" })).user).toMatchObject({
      ui_lang: "pt-BR",
      lang: "ar",
    });
    expect(expectOk(await client.call(method, "/v1/user/", { ui_lang: "xx", lang: "klingon" })).user).toMatchObject({
      ui_lang: "pt-BR",
      lang: "ar",
    });
    expect(expectOk(await client.call("GET", "/v1/user/"))).toMatchObject({ ui_lang: "pt-BR", lang: "ar" });
    // An empty update answers the user unchanged; unknown fields are dropped.
    const same = expectOk(await client.call(method, "/v1/user/", { vv: "1000.00000000", email: "x@example.com" })).user;
    expect(same).toMatchObject({ ui_lang: "pt-BR", vv: "0.00000000" });
    expect(same.email).not.toBe("x@example.com");
  });
});

describe("invites", () => {
  test("GET /v1/user/inviter/ names the code's owner as a teammate sees them, to anyone, never more", async () => {
    const { client, user } = await signUp(api);
    const anonymous = caller(api);
    const unnamed = expectOk(await anonymous.call("GET", "/v1/user/inviter/", undefined, { invite_code: user.invite_code.toLowerCase() }));
    // No campaign card yet: no preview image (tests/api/campaign.test.ts has one). `name` stays as the released apps read it.
    expect(unnamed).toEqual({
      name: `${user.display_id.slice(0, 4)}****${user.display_id.slice(-2)}`,
      nickname: "",
      alias: aliasOf(user.display_id),
      share_image: null,
    });
    expectOk(await client.call("PUT", "/v1/user/", { name: "Mika" }));
    expect(expectOk(await anonymous.call("GET", "/v1/user/inviter/", undefined, { invite_code: user.invite_code }))).toEqual({
      name: "Mika",
      nickname: "Mika",
      alias: aliasOf(user.display_id),
      share_image: null,
    });
    expectCode(await anonymous.call("GET", "/v1/user/inviter/", undefined, { invite_code: "NOPE2345" }), ErrorCode.invalidInviteCode);
    expectCode(await anonymous.call("GET", "/v1/user/inviter/", undefined, { invite_code: "x'--" }), ErrorCode.invalidInviteCode);
  });

  test("GET /v1/user/invite/ answers the code, its link and what inviting pays", async () => {
    const { client, user } = await signUp(api);
    const data = expectOk(await client.call("GET", "/v1/user/invite/"));
    expect(data).toMatchObject({ level1_percent: 25, level2_percent: 5, invite_friends: 3, invite_power: 100 });
    expect(data.invite_code).toMatch(CODE);
    expect(data.invite_code).toBe(user.invite_code);
    expect(data.invite_link).toBe(`https://vv.example.com/register?invite=${data.invite_code}`);
    expect(user.invite_link).toBe(data.invite_link);
  });

  test("POST /v1/user/invite_code/ binds an inviter once (300107)", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const c = await signUp(api);
    const bound = expectOk(await b.client.call("POST", "/v1/user/invite_code/", { invite_code: a.user.invite_code }));
    expect(bound.user.inviter_id).toBe(a.user.id);
    expect(expectOk(await b.client.call("GET", "/v1/user/")).inviter_id).toBe(a.user.id);

    expectCode(await b.client.call("POST", "/v1/user/invite_code/", { invite_code: c.user.invite_code }), ErrorCode.inviteAlreadyBound);
    expectCode(await b.client.call("POST", "/v1/user/invite_code/", { invite_code: a.user.invite_code }), ErrorCode.inviteAlreadyBound);
    expect(expectOk(await b.client.call("GET", "/v1/user/")).inviter_id).toBe(a.user.id);

    // Invited at registration: already bound.
    const d = await signUp(api, { invite: a.user.invite_code });
    expectCode(await d.client.call("POST", "/v1/user/invite_code/", { invite_code: c.user.invite_code }), ErrorCode.inviteAlreadyBound);
  });

  test("codes are matched whatever their case and spacing", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const bound = expectOk(await b.client.call("POST", "/v1/user/invite_code/", { invite_code: ` ${a.user.invite_code.toLowerCase()} ` }));
    expect(bound.user.inviter_id).toBe(a.user.id);
  });

  test("one's own code, an unknown code and a cycle answer 300008", async () => {
    const a = await signUp(api);
    const b = await signUp(api, { invite: a.user.invite_code });
    const c = await signUp(api, { invite: b.user.invite_code });
    const bind = (who: typeof a, code: string) => who.client.call("POST", "/v1/user/invite_code/", { invite_code: code });

    expectCode(await bind(a, a.user.invite_code), ErrorCode.invalidInviteCode);
    for (const code of ["ZZZZZZZZ", "", "0O1IL000", "AB\u0000CD", "x".repeat(32)]) {
      expectCode(await bind(a, code), ErrorCode.invalidInviteCode);
    }
    // A invited B: A may not bind B's code, nor that of B's invitee C.
    expectCode(await bind(a, b.user.invite_code), ErrorCode.invalidInviteCode);
    expectCode(await bind(a, c.user.invite_code), ErrorCode.invalidInviteCode);
    expect(expectOk(await a.client.call("GET", "/v1/user/")).inviter_id).toBeNull();

    // An unrelated account is fine.
    const e = await signUp(api);
    expect(expectOk(await bind(a, e.user.invite_code)).user.inviter_id).toBe(e.user.id);
  });

  test("a loop of any depth is refused (300008); a code from another branch or a deleted account's code too", async () => {
    const root = await signUp(api);
    const chain = [root];
    for (let i = 0; i < 5; i++) chain.push(await signUp(api, { invite: chain.at(-1)!.user.invite_code }));
    const bind = (who: typeof root, code: string) => who.client.call("POST", "/v1/user/invite_code/", { invite_code: code });
    // root's invitee's invitee's ... (level 5): binding it as root's inviter would close a loop of 6.
    for (const descendant of chain.slice(1)) expectCode(await bind(root, descendant.user.invite_code), ErrorCode.invalidInviteCode);
    expect(expectOk(await root.client.call("GET", "/v1/user/")).inviter_id).toBeNull();

    // Someone else's invitee is no descendant: root may bind under them.
    const other = await signUp(api);
    const cousin = await signUp(api, { invite: other.user.invite_code });
    const gone = await signUp(api);
    await api.database.db.update(users).set({ deletedAt: api.clock.now() }).where(eq(users.id, gone.user.id));
    expectCode(await bind(root, gone.user.invite_code), ErrorCode.invalidInviteCode);
    expect(expectOk(await bind(root, cousin.user.invite_code)).user.inviter_id).toBe(cousin.user.id);
    // The tree is now other <- cousin <- root <- ...: other may not join any of it.
    expectCode(await bind(other, chain[5].user.invite_code), ErrorCode.invalidInviteCode);
  });

  test("a missing invite_code is a bad request", async () => {
    const { client } = await signUp(api);
    expectCode(await client.call("POST", "/v1/user/invite_code/", {}), ErrorCode.badRequest, 400);
    expectCode(await caller(api).call("POST", "/v1/user/invite_code/", { invite_code: "ABCDEFGH" }), ErrorCode.loginExpired);
  });
});
