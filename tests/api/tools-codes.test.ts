import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { codeLookupResult, type CodeLookup } from "#contract/tools.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { expectCode, expectOk, signUp } from "./helpers.ts";

// Codes that say what they are: each kind has a prefix (INV-, SWAP-, GIFT-) that every call takes
// with or without, and GET /v1/mint/code/ tells any typed code's kind and what it opens, or
// refuses it with the error its own call would answer, before anything else is asked.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ TOKEN_IDLE_DAYS: "365" });
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;

const lookupCall = (u: User, code: string) => u.client.call<CodeLookup>("GET", "/v1/mint/code/", undefined, { code });

async function lookup(u: User, code: string): Promise<CodeLookup> {
  const data = expectOk(await lookupCall(u, code));
  const parsed = codeLookupResult.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(JSON.stringify(data)).not.toContain("@");
  return data;
}

async function giftCode(u: User): Promise<string> {
  return expectOk<{ list: { code: string }[] }>(await u.client.call("GET", "/v1/mint/force_box/")).list[0].code;
}

async function freeStone(u: User): Promise<number> {
  const list = expectOk<{ list: { force_stone_id: number; status: string }[] }>(await u.client.call("GET", "/v1/mint/force_stone/")).list;
  return list.find((s) => s.status === "init")!.force_stone_id;
}

async function startExchange(u: User, quota = 3): Promise<{ team_id: number; code: string }> {
  return expectOk(await u.client.call("POST", "/v1/mint/force_stone/team/", { force_stone_id: await freeStone(u), member_count: quota }));
}

describe("GET /v1/mint/code/", () => {
  test("a gift code is recognised bare, prefixed, lower case, spaced or full-width, and says whose box it is", async () => {
    const [owner, finder] = [await signUp(api), await signUp(api)];
    const code = await giftCode(owner);
    const wide = [...code].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    for (const typed of [code, `GIFT-${code}`, `gift ${code.toLowerCase()}`, ` ${code.slice(0, 4)} ${code.slice(4)} `, wide]) {
      const found = await lookup(finder, typed);
      expect(found).toMatchObject({ kind: "gift", code: `GIFT-${code}`, power: 10 });
    }
    // Whose box: the owner's nickname (none yet) and friendly name, never their display id.
    expect(await lookup(finder, code)).toMatchObject({ owner_nickname: "", owner_alias: aliasOf(owner.user.display_id) });
    expect(JSON.stringify(await lookup(finder, code))).not.toContain(owner.user.display_id.slice(0, 4));
  });

  test("an exchange code says who started it and how full it is; its leader and members are told they are in it", async () => {
    const [leader, other] = [await signUp(api), await signUp(api)];
    const exchange = await startExchange(leader);
    expect(await lookup(other, `SWAP-${exchange.code}`)).toMatchObject({
      kind: "exchange",
      code: `SWAP-${exchange.code}`,
      team_id: exchange.team_id,
      quota: 3,
      joined: 1,
      is_member: false,
      leader_nickname: "",
      leader_alias: aliasOf(leader.user.display_id),
    });
    expectOk(
      await other.client.call("POST", "/v1/mint/force_stone/team/join/", {
        code: `swap-${exchange.code}`,
        force_stone_id: await freeStone(other),
      }),
    );
    expect(await lookup(other, exchange.code)).toMatchObject({ kind: "exchange", joined: 2, is_member: true });
  });

  test("an invite code says whether it can still be bound, and the bind takes it prefixed", async () => {
    const [inviter, later] = [await signUp(api), await signUp(api)];
    const code = inviter.user.invite_code as string;
    expect(await lookup(inviter, code)).toMatchObject({ kind: "invite", code: `INV-${code}`, own: true, can_bind: false });
    expect(await lookup(later, `INV-${code}`)).toMatchObject({
      kind: "invite",
      own: false,
      can_bind: true,
      inviter_nickname: "",
      inviter_alias: aliasOf(inviter.user.display_id),
    });
    expectOk(await later.client.call("POST", "/v1/user/invite_code/", { invite_code: `INV-${code}` }));
    expect(await lookup(later, code)).toMatchObject({ kind: "invite", can_bind: false });
  });

  test("a code that cannot be used is refused with its own call's error before a stone or a box is touched", async () => {
    const [owner, finder, third] = [await signUp(api), await signUp(api), await signUp(api)];
    const gift = await giftCode(owner);
    expectCode(await lookupCall(owner, gift), ErrorCode.giftOwn);
    expectOk(await finder.client.call("POST", "/v1/mint/force_box/use/", { code: `GIFT-${gift}` }));
    expectCode(await lookupCall(third, gift), ErrorCode.giftUsed);
    const again = await giftCode(owner);
    expectCode(await lookupCall(finder, again), ErrorCode.giftPairDone);

    const exchange = await startExchange(owner, 2);
    expect(await lookup(owner, exchange.code)).toMatchObject({ kind: "exchange", is_member: true });
    expectOk(
      await third.client.call("POST", "/v1/mint/force_stone/team/join/", { code: exchange.code, force_stone_id: await freeStone(third) }),
    );
    expectCode(await lookupCall(finder, exchange.code), ErrorCode.exchangeCompleted);
    expect(await lookup(third, exchange.code)).toMatchObject({ kind: "exchange", joined: 2, is_member: true });
    // A day on, each holds a new stone: the finder starts an exchange, and is then in one already.
    api.clock.advance(86_400);
    await startExchange(finder, 2);
    const open = await startExchange(third, 2);
    expectCode(await lookupCall(finder, open.code), ErrorCode.exchangeBusy);
  });

  test("a prefix names the kind: another kind's code under it is that kind's wrong code; no match at all says so", async () => {
    const [owner, finder] = [await signUp(api), await signUp(api)];
    const gift = await giftCode(owner);
    expectCode(await lookupCall(finder, `SWAP-${gift}`), ErrorCode.exchangeCodeWrong);
    expectCode(await lookupCall(finder, `INV-${gift}`), ErrorCode.invalidInviteCode);
    expectCode(await lookupCall(finder, "ZZZZZZZZ"), ErrorCode.codeUnknown);
    expectCode(await lookupCall(finder, " - "), ErrorCode.codeRequired);
    expectCode(await lookupCall(finder, "x".repeat(65)), ErrorCode.badRequest, 400);
    // The gift call refuses an exchange code rather than guessing.
    expectCode(await finder.client.call("POST", "/v1/mint/force_box/use/", { code: `SWAP-${gift}` }), ErrorCode.giftCodeWrong);
  });
});
