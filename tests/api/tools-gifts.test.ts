import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { giftListResult, useGiftResult } from "#contract/tools.ts";
import { createTestApi, type Answer, type TestApi } from "../setup/test-api.ts";
import { mintInfo } from "./airdrop-helpers.ts";
import { expectCode, expectOk, nextUtcDay, signUp } from "./helpers.ts";
import { teamPage } from "./team-helpers.ts";

// Gift boxes: 2 a UTC day, at most 10 unused; using a code gives both sides 10
// power and may move the recipient into the sender's team.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ TOKEN_IDLE_DAYS: "365" });
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;
type GiftList = {
  list: { id: number; code: string; created_at: number }[];
  used_force_box: boolean;
  max_boxes: number;
  per_day: number;
  gift_power: number;
};
type UseResult = {
  sender_power: number;
  recipient_power: number;
  sender_name: string;
  sender_nickname: string;
  sender_alias: string;
  joined_team: boolean;
};

const BOXES = "/v1/mint/force_box/";

async function gifts(u: User): Promise<GiftList> {
  const data = expectOk<GiftList>(await u.client.call("GET", BOXES));
  const parsed = giftListResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  for (const box of data.list) expect(box.code).toMatch(/^[A-Z0-9]{8}$/);
  expect(new Set(data.list.map((b) => b.code)).size).toBe(data.list.length);
  // Newest first.
  const times = data.list.map((b) => b.created_at);
  expect(times).toEqual([...times].sort((x, y) => y - x));
  return data;
}

const useCall = (u: User, code: unknown) => u.client.call<UseResult>("POST", `${BOXES}use/`, { code });

function used(answer: Answer<UseResult>): UseResult {
  const data = expectOk(answer);
  const parsed = useGiftResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(data.sender_power).toBe(10);
  expect(data.recipient_power).toBe(10);
  expect(data.sender_name).not.toContain("@");
  return data;
}

async function ownPower(u: User): Promise<number> {
  return (await mintInfo(u.client)).own_power;
}

async function inviterOf(u: User): Promise<number | null> {
  return expectOk<{ inviter_id: number | null }>(await u.client.call("GET", "/v1/user/")).inviter_id;
}

async function level(u: User, n: 1 | 2): Promise<number[]> {
  return (await teamPage(u.client, n)).list.map((m) => m.user_id);
}

async function firstCode(u: User): Promise<string> {
  const list = (await gifts(u)).list;
  expect(list.length).toBeGreaterThan(0);
  return list[0].code;
}

/** What a refused use must leave as it was: both users' boxes, power, and place in the team tree. */
async function snapshot(users: User[]) {
  return Promise.all(
    users.map(async (u) => ({ gifts: await gifts(u), power: await ownPower(u), inviter: await inviterOf(u), level1: await level(u, 1) })),
  );
}

async function allRefused(calls: [() => Promise<Answer>, number, number?][], users: User[]) {
  const before = await snapshot(users);
  for (const [call, code, status] of calls) expectCode(await call(), code, status ?? 200);
  expect(await snapshot(users)).toEqual(before);
}

const codesOf = (g: GiftList) => g.list.map((b) => b.code);
const setClock = (iso: string) => api.clock.set(new Date(iso));

describe("GET /v1/mint/force_box/", () => {
  test("2 on the day of registration, 2 more each UTC day, at most 10 unused: the rest forfeited", async () => {
    setClock("2026-04-01T23:59:00Z");
    const u = await signUp(api);
    const first = await gifts(u);
    expect(first).toMatchObject({ used_force_box: false, max_boxes: 10, per_day: 2, gift_power: 10 });
    expect(first.list).toHaveLength(2);
    expect(first.list.map((b) => b.created_at)).toEqual([
      Date.parse("2026-04-01T23:59:00Z") / 1000,
      Date.parse("2026-04-01T23:59:00Z") / 1000,
    ]);
    // Looking again the same day makes none.
    setClock("2026-04-01T23:59:59Z");
    expect(await gifts(u)).toEqual(first);

    // The UTC day turns a minute after registration: 2 more.
    setClock("2026-04-02T00:00:00Z");
    const second = await gifts(u);
    expect(second.list).toHaveLength(4);
    expect(codesOf(second).slice(2)).toEqual(codesOf(first));

    // Days 3, 4, 5: 6, 8, 10; days 6 and 7: still the same 10.
    const counts: number[] = [];
    let last = second;
    for (const day of ["03", "04", "05", "06", "07"]) {
      setClock(`2026-04-${day}T12:00:00Z`);
      last = await gifts(u);
      counts.push(last.list.length);
    }
    expect(counts).toEqual([6, 8, 10, 10, 10]);
    const ten = codesOf(last);
    expect(ten.slice(-4)).toEqual(codesOf(second));
  });

  test("a user who looks first after a week holds 10, not 16", async () => {
    setClock("2026-04-10T08:00:00Z");
    const u = await signUp(api);
    setClock("2026-04-17T08:00:00Z");
    const list = await gifts(u);
    expect(list.list).toHaveLength(10);
    // The oldest days' boxes are kept: 5 days' worth, made now.
    expect(new Set(list.list.map((b) => b.created_at))).toEqual(new Set([Date.parse("2026-04-17T08:00:00Z") / 1000]));
    nextUtcDay(api);
    expect(await gifts(u)).toEqual(list);
  });

  test("a box used while 10 were held: the days missed while full are not made up", async () => {
    setClock("2026-05-01T08:00:00Z");
    const owner = await signUp(api);
    setClock("2026-05-05T08:00:00Z");
    const full = await gifts(owner);
    expect(full.list).toHaveLength(10);
    // Two days later, without the owner looking, three friends use three codes.
    setClock("2026-05-07T08:00:00Z");
    for (const code of codesOf(full).slice(0, 3)) used(await useCall(await signUp(api), code));
    const after = await gifts(owner);
    expect(codesOf(after)).toEqual(codesOf(full).slice(3));
    // The next day brings 2, as any day does.
    nextUtcDay(api);
    expect((await gifts(owner)).list).toHaveLength(9);
    nextUtcDay(api);
    expect((await gifts(owner)).list).toHaveLength(10);
  });
});

describe("POST /v1/mint/force_box/use/", () => {
  test("both sides gain 10 own power; the box leaves the owner's list; used_force_box turns true for the recipient", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const [pa, pb] = [await ownPower(a), await ownPower(b)];
    const before = await gifts(a);
    const code = before.list[1].code;
    // Entered in lower case with spaces around: the same code.
    const result = used(await useCall(b, `  ${code.toLowerCase()} `));
    expect(result).toMatchObject({
      sender_name: `${a.user.display_id.slice(0, 4)}****${a.user.display_id.slice(-2)}`,
      sender_nickname: "",
      sender_alias: aliasOf(a.user.display_id),
    });
    expect([await ownPower(a), await ownPower(b)]).toEqual([pa + 10, pb + 10]);
    const after = await gifts(a);
    expect(codesOf(after)).toEqual(codesOf(before).filter((c) => c !== code));
    expect(after.used_force_box).toBe(false);
    expect((await gifts(b)).used_force_box).toBe(true);
    expect((await gifts(b)).list).toHaveLength(2);
  });

  test("refusals: own code 210006, used 210007, the pair again either way 210008, wrong 210009, empty 210104; nothing changes", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const c = await signUp(api);
    const [aCodes, bCodes] = [codesOf(await gifts(a)), codesOf(await gifts(b))];
    used(await useCall(b, aCodes[0]));
    await allRefused(
      [
        [() => useCall(a, aCodes[1]), ErrorCode.giftOwn],
        [() => useCall(c, aCodes[0]), ErrorCode.giftUsed],
        [() => useCall(b, aCodes[0]), ErrorCode.giftUsed],
        [() => useCall(b, aCodes[1]), ErrorCode.giftPairDone],
        [() => useCall(a, bCodes[0]), ErrorCode.giftPairDone],
        [() => useCall(c, "ZZZZZZZZ"), ErrorCode.giftCodeWrong],
        [() => useCall(c, "abc"), ErrorCode.giftCodeWrong],
        [() => useCall(c, "!!!!!!!!"), ErrorCode.giftCodeWrong],
        [() => useCall(c, `${aCodes[1]}Z`), ErrorCode.giftCodeWrong],
        [() => useCall(c, ""), ErrorCode.giftCodeRequired],
        [() => useCall(c, "    "), ErrorCode.giftCodeRequired],
        [() => useCall(c, "Z".repeat(33)), ErrorCode.badRequest, 400],
        [() => c.client.call("POST", `${BOXES}use/`, {}), ErrorCode.badRequest, 400],
      ],
      [a, b, c],
    );
    // c never used a code; with a's other code they may.
    expect((await gifts(c)).used_force_box).toBe(false);
    used(await useCall(c, aCodes[1]));
    expect((await gifts(c)).used_force_box).toBe(true);
  });
});

describe("the gift rule: who joins the sender's team", () => {
  test("a recipient with no inviter becomes the sender's level-1 member", async () => {
    const s = await signUp(api);
    api.clock.advance(60);
    const r = await signUp(api);
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(true);
    expect(await inviterOf(r)).toBe(s.user.id);
    expect(await level(s, 1)).toEqual([r.user.id]);
  });

  test("with no inviter, even one who registered first and has members joins; their members become the sender's level 2", async () => {
    const r = await signUp(api);
    api.clock.advance(60);
    const member = await signUp(api, { invite: r.user.invite_code });
    api.clock.advance(60);
    const s = await signUp(api);
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(true);
    expect(await level(s, 1)).toEqual([r.user.id]);
    expect(await level(s, 2)).toEqual([member.user.id]);
  });

  test("one with an inviter but no members, registered after the sender, moves to the sender's team", async () => {
    const s = await signUp(api);
    api.clock.advance(60);
    const x = await signUp(api);
    api.clock.advance(60);
    const r = await signUp(api, { invite: x.user.invite_code });
    expect(await level(x, 1)).toEqual([r.user.id]);
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(true);
    expect(await inviterOf(r)).toBe(s.user.id);
    expect(await level(s, 1)).toEqual([r.user.id]);
    expect(await level(x, 1)).toEqual([]);
  });

  test("one with an inviter who registered before the sender stays", async () => {
    const x = await signUp(api);
    api.clock.advance(60);
    const r = await signUp(api, { invite: x.user.invite_code });
    api.clock.advance(60);
    const s = await signUp(api);
    const [ps, pr] = [await ownPower(s), await ownPower(r)];
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(false);
    expect(await inviterOf(r)).toBe(x.user.id);
    expect(await level(s, 1)).toEqual([]);
    expect(await level(x, 1)).toEqual([r.user.id]);
    // The power is granted all the same.
    expect([await ownPower(s), await ownPower(r)]).toEqual([ps + 10, pr + 10]);
  });

  test("one with an inviter and members of their own stays, though registered after the sender", async () => {
    const s = await signUp(api);
    api.clock.advance(60);
    const x = await signUp(api);
    api.clock.advance(60);
    const r = await signUp(api, { invite: x.user.invite_code });
    await signUp(api, { invite: r.user.invite_code });
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(false);
    expect(await inviterOf(r)).toBe(x.user.id);
    expect(await level(s, 1)).toEqual([]);
  });

  test("never a cycle: a sender who is the recipient's level-1 or level-2 member does not take them in", async () => {
    // a invited b: b gives a a gift; a has no inviter, but joining b would close a loop.
    const a = await signUp(api);
    const b = await signUp(api, { invite: a.user.invite_code });
    const c = await signUp(api, { invite: b.user.invite_code });
    const [pa, pb] = [await ownPower(a), await ownPower(b)];
    expect(used(await useCall(a, await firstCode(b))).joined_team).toBe(false);
    expect(await inviterOf(a)).toBeNull();
    expect(await level(b, 1)).toEqual([c.user.id]);
    expect([await ownPower(a), await ownPower(b)]).toEqual([pa + 10, pb + 10]);
    // c, a's level-2 member, gives a a gift: still no loop.
    expect(used(await useCall(a, await firstCode(c))).joined_team).toBe(false);
    expect(await inviterOf(a)).toBeNull();
    expect(await level(c, 1)).toEqual([]);
    expect(await level(a, 1)).toEqual([b.user.id]);
    expect(await level(a, 2)).toEqual([c.user.id]);
  });

  test("a recipient already the sender's member stays where they are", async () => {
    const s = await signUp(api);
    const r = await signUp(api, { invite: s.user.invite_code });
    expect(used(await useCall(r, await firstCode(s))).joined_team).toBe(false);
    expect(await inviterOf(r)).toBe(s.user.id);
    expect(await level(s, 1)).toEqual([r.user.id]);
  });
});

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

// Fired for real in parallel: on PostgreSQL each request runs on its own pooled connection.
describe("races", () => {
  test("one code used by two users at once: exactly one succeeds, the other 210007; power granted once", async () => {
    for (let round = 0; round < 4; round++) {
      const owner = await signUp(api);
      const [b, c] = [await signUp(api), await signUp(api)];
      const code = await firstCode(owner);
      const before = await Promise.all([owner, b, c].map(ownPower));
      const pair: [User, User] = round % 2 ? [c, b] : [b, c];
      const answers = await Promise.all(pair.map((u) => useCall(u, code)));
      const codes = answers.map((x) => x.body.code);
      expect(codes.slice().sort(), JSON.stringify(tally(codes))).toEqual([0, ErrorCode.giftUsed]);
      const winner = pair[codes.indexOf(0)];
      used(answers[codes.indexOf(0)]);
      expectCode(answers[codes.indexOf(ErrorCode.giftUsed)], ErrorCode.giftUsed);
      const after = await Promise.all([owner, b, c].map(ownPower));
      expect(after.map((p, i) => p - before[i])).toEqual([10, winner === b ? 10 : 0, winner === c ? 10 : 0]);
      expect(codesOf(await gifts(owner))).not.toContain(code);
      expect((await gifts(winner)).used_force_box).toBe(true);
      expect((await gifts(winner === b ? c : b)).used_force_box).toBe(false);
      expect(await level(owner, 1)).toEqual([winner.user.id]);
    }
  });

  test("two codes between one pair at once, the same way or the opposite ways: one succeeds, the other 210008", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await signUp(api);
      const b = await signUp(api);
      const [aCodes, bCodes] = [codesOf(await gifts(a)), codesOf(await gifts(b))];
      const before = await Promise.all([a, b].map(ownPower));
      const calls =
        round < 2 ? [() => useCall(b, aCodes[0]), () => useCall(b, aCodes[1])] : [() => useCall(b, aCodes[0]), () => useCall(a, bCodes[0])];
      if (round % 2) calls.reverse();
      const answers = await Promise.all(calls.map((f) => f()));
      const codes = answers.map((x) => x.body.code);
      expect(codes.slice().sort(), JSON.stringify(tally(codes))).toEqual([0, ErrorCode.giftPairDone]);
      expectCode(answers[codes.indexOf(ErrorCode.giftPairDone)], ErrorCode.giftPairDone);
      const after = await Promise.all([a, b].map(ownPower));
      expect(after.map((p, i) => p - before[i])).toEqual([10, 10]);
      const left = [(await gifts(a)).list.length, (await gifts(b)).list.length];
      expect(left[0] + left[1]).toBe(3);
      // One of them is the other's member now, never both.
      const inviters = [await inviterOf(a), await inviterOf(b)];
      expect(inviters.filter((x) => x !== null)).toHaveLength(1);
    }
  });

  test("three gifts around a triangle at once never make a cycle", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [await signUp(api), await signUp(api), await signUp(api)];
      const [ca, cb, cc] = [await firstCode(a), await firstCode(b), await firstCode(c)];
      // b takes a's gift, c takes b's, a takes c's: each would join the other's team.
      const answers = await Promise.all([useCall(b, ca), useCall(c, cb), useCall(a, cc)]);
      const results = answers.map(used);
      expect(results.filter((r) => r.joined_team).length).toBe(2);
      const inviters = new Map([
        [a.user.id, await inviterOf(a)],
        [b.user.id, await inviterOf(b)],
        [c.user.id, await inviterOf(c)],
      ]);
      // Walking up from anyone ends at the top within three steps.
      for (const start of [a, b, c]) {
        let at: number | null = start.user.id;
        for (let step = 0; step < 4 && at !== null; step++) at = inviters.get(at) ?? null;
        expect(at, "a loop in the invite tree").toBeNull();
      }
    }
  });
});
