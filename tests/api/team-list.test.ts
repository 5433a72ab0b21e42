import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { TEAM_PAGE_SIZE } from "#contract/team.ts";
import { users } from "#api/src/db/schema.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { mintInfo, roundConfig, setInRound, start } from "./airdrop-helpers.ts";
import { caller, expectCode, expectOk, signUp } from "./helpers.ts";
import { invitees, teamPage, wholeLevel } from "./team-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  // A threshold of 1: a member who does not claim is paused after one paid round.
  api = await createTestApi(roundConfig({ SUSPEND_THRESHOLD: "1" }));
});
afterAll(async () => api.close());

describe("GET /v1/mint/team/ paging", () => {
  test("newest first, 20 a page, the cursor walks to the last page whose next_cursor is null", async () => {
    const a = await signUp(api);
    const older = await invitees(api, a, 20);
    // Five registered in the same second: the id breaks the tie, newest id first.
    const sameSecond = await invitees(api, a, 5, 0);
    const newer = await invitees(api, a, 20);
    const everyone = [...older, ...sameSecond, ...newer];

    const { pages, ids } = await wholeLevel(a.client, 1);
    expect(pages.map((p) => p.list.length)).toEqual([20, 20, 5]);
    expect(pages.slice(0, 2).every((p) => typeof p.next_cursor === "string" && p.next_cursor.length > 0)).toBe(true);
    expect(pages[2].next_cursor).toBeNull();
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(everyone.map((m) => m.user.id).reverse());
    const times = pages.flatMap((p) => p.list.map((m) => m.register_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(pages.every((p) => p.counts.level1.total === 45)).toBe(true);

    // The same cursor answers the same page again (nothing stored between pages).
    expect((await teamPage(a.client, 1, pages[0].next_cursor!)).list).toEqual(pages[1].list);
  });

  test("exactly one full page: next_cursor is null, no empty page follows; no members: an empty list", async () => {
    const a = await signUp(api);
    await invitees(api, a, TEAM_PAGE_SIZE);
    const page = await teamPage(a.client, 1);
    expect(page.list).toHaveLength(TEAM_PAGE_SIZE);
    expect(page.next_cursor).toBeNull();
    const lonely = await signUp(api);
    for (const level of [1, 2] as const) {
      expect(await teamPage(lonely.client, level)).toEqual({
        list: [],
        next_cursor: null,
        counts: { level1: { total: 0, minting: 0 }, level2: { total: 0, minting: 0 } },
        team_power: 0,
        level1_power: 0,
        level2_power: 0,
      });
    }
  });

  test("a malformed, huge or negative cursor or level is 100400, never a server fault", async () => {
    const a = await signUp(api);
    await invitees(api, a, 21);
    const good = (await teamPage(a.client, 1)).next_cursor!;
    const b64 = (s: string) => Buffer.from(s).toString("base64url");
    const cursors = [
      "!!!",
      "not a cursor",
      b64("abc"),
      b64("-1.5"),
      b64("1.-5"),
      b64("1772352000000000"),
      b64("99999999999999999.1"),
      b64("1.99999999999999999"),
      b64("9999999999999999.9999999999999999"),
      b64("1e9.1"),
      b64("1.5\u0000"),
      `${good}=`,
      `${good}.`,
      "x".repeat(65),
      "9".repeat(64),
    ];
    for (const cursor of cursors) {
      expectCode(await a.client.call("GET", "/v1/mint/team/", undefined, { level: "1", cursor }), ErrorCode.badRequest, 400);
    }
    for (const level of ["0", "3", "-1", "1.5", "", "one", "99999999999999999999", " 1"]) {
      expectCode(await a.client.call("GET", "/v1/mint/team/", undefined, { level }), ErrorCode.badRequest, 400);
    }
    expectCode(await a.client.call("GET", "/v1/mint/team/"), ErrorCode.badRequest, 400);
    // A well-formed cursor past every member is simply an empty last page.
    expect(await teamPage(a.client, 1, b64("1.1"))).toMatchObject({ list: [], next_cursor: null });
    expect((await teamPage(a.client, 2, good)).list).toEqual([]);
  });

  test("without a token: 300103", async () => {
    expectCode(await caller(api).call("GET", "/v1/mint/team/", undefined, { level: "1" }), ErrorCode.loginExpired);
  });
});

describe("levels, counts and Team Power", () => {
  test("level 1 = my invitees, level 2 = their invitees only; a user sees only their own team", async () => {
    const a = await signUp(api);
    const [b1, b2] = await invitees(api, a, 2);
    const [c1, c2] = await invitees(api, b1, 2);
    const [c3] = await invitees(api, b2, 1);
    const [d1] = await invitees(api, c1, 1); // level 3 of A: nowhere in A's team
    const stranger = await signUp(api);
    await invitees(api, stranger, 3);

    const ids = async (who: typeof a, level: 1 | 2) => (await wholeLevel(who.client, level)).ids.sort((x, y) => x - y);
    const sorted = (...xs: (typeof a)[]) => xs.map((x) => x.user.id).sort((x, y) => x - y);
    expect(await ids(a, 1)).toEqual(sorted(b1, b2));
    expect(await ids(a, 2)).toEqual(sorted(c1, c2, c3));
    expect(await ids(b1, 1)).toEqual(sorted(c1, c2));
    expect(await ids(b1, 2)).toEqual(sorted(d1));
    expect(await ids(d1, 1)).toEqual([]);
    const page = await teamPage(a.client, 2);
    expect(page.counts).toEqual({ level1: { total: 2, minting: 0 }, level2: { total: 3, minting: 0 } });
    expect(page.list.every((m) => m.invite_reward === false)).toBe(true);
    // The stranger's members never show up in A's lists, and A's never in theirs.
    const strangerIds = await ids(stranger, 1);
    expect(strangerIds).toHaveLength(3);
    expect([...(await ids(a, 1)), ...(await ids(a, 2))].some((id) => strangerIds.includes(id))).toBe(false);
  });

  test("status, invite_reward, power, counts and team_power as user_info counts it", async () => {
    setInRound(api, 49, 10);
    const a = await signUp(api);
    const [b, c, d] = await invitees(api, a, 3); // b minting, c never starts, d starts a round later
    const [e, f] = await invitees(api, b, 2); // level 2: e minting, f paused
    for (const x of [a, b, e, f]) await start(x.client);
    expectOk(await d.client.call("PUT", "/v1/mint/twitter/", { twitter: "@member_d" }));
    expectOk(await d.client.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "1" }));

    // Round 50: b, e, f minting; d starts now and waits for round 51.
    setInRound(api, 50, 1);
    await start(d.client);
    let l1 = await teamPage(a.client, 1);
    const byId = (list: typeof l1.list, who: typeof a) => list.find((m) => m.user_id === who.user.id)!;
    expect(byId(l1.list, b)).toMatchObject({ mint_status: "minting", invite_reward: true, power: 100 });
    expect(byId(l1.list, c)).toMatchObject({ mint_status: "not_open", invite_reward: false, power: 0 });
    expect(byId(l1.list, d)).toMatchObject({ mint_status: "wait", invite_reward: true, power: 120 });
    expect(byId(l1.list, b).register_at).toBe(b.user.register_at);
    // 25% of b's 100 + 5% of (e + f)'s 200.
    expect(l1).toMatchObject({
      counts: { level1: { total: 3, minting: 1 }, level2: { total: 2, minting: 2 } },
      team_power: 35,
      level1_power: 25,
      level2_power: 10,
    });
    expect((await mintInfo(a.client)).team_power).toBe(35);

    // Everyone but f claims; with a threshold of 1, f is paused at the next close.
    setInRound(api, 51, 1);
    await api.distribute();
    for (const x of [a, b, d, e]) expectOk(await x.client.call("POST", "/v1/mint/collect/"));
    setInRound(api, 52, 1);
    await api.distribute();
    const l2 = await teamPage(a.client, 2);
    expect(byId(l2.list, f)).toMatchObject({ mint_status: "suspend", invite_reward: false });
    expect(byId(l2.list, e)).toMatchObject({ mint_status: "minting", invite_reward: false });
    l1 = await teamPage(a.client, 1);
    expect(l1).toMatchObject({
      counts: { level1: { total: 3, minting: 2 }, level2: { total: 2, minting: 1 } },
      team_power: 60,
      level1_power: 55,
      level2_power: 5,
    });
    const info = await mintInfo(a.client);
    expect(info.team_power).toBe(l1.team_power);
    expect(l1.level1_power + l1.level2_power).toBe(l1.team_power);
  });

  test("Team Power rounds down once, like the airdrop: the two parts add up to it", async () => {
    setInRound(api, 60, 1);
    const a = await signUp(api);
    const [b] = await invitees(api, a, 1);
    const [c] = await invitees(api, b, 1);
    for (const x of [b, c]) await start(x.client);
    // Own power 102 and 110: 25.5 + 5.5 = 31 as a whole, though 25 + 5 part by part.
    await api.database.db.update(users).set({ power: 102 }).where(eq(users.id, b.user.id));
    await api.database.db.update(users).set({ power: 110 }).where(eq(users.id, c.user.id));
    setInRound(api, 61, 1);
    const page = await teamPage(a.client, 1);
    expect(page).toMatchObject({ team_power: 31, level1_power: 25, level2_power: 6 });
    expect((await mintInfo(a.client)).team_power).toBe(31);
  });
});

describe("what a teammate sees of a member", () => {
  test("the nickname (empty when none) and the alias, the approved avatar only, never an e-mail", async () => {
    const a = await signUp(api);
    const [named, plain, pictured] = await invitees(api, a, 3);
    expectOk(await named.client.call("PUT", "/v1/user/", { name: "Named Friend" }));
    // An approved avatar and one still in review (avatar_new): only the approved one shows.
    await api.database.db.update(users).set({ avatar: "https://cdn.example/a.webp" }).where(eq(users.id, pictured.user.id));
    await api.database.db.update(users).set({ avatarNew: "https://cdn.example/review.webp" }).where(eq(users.id, plain.user.id));

    const answer = await a.client.call("GET", "/v1/mint/team/", undefined, { level: "1" });
    const raw = JSON.stringify(answer.body);
    for (const m of [named, plain, pictured]) expect(raw).not.toContain(m.email);
    expect(raw).not.toMatch(/email|@example\.com|review\.webp/);
    const list = expectOk(answer).list as { user_id: number; name: string; nickname: string; alias: string; avatar: string }[];
    const of = (m: typeof a) => list.find((x) => x.user_id === m.user.id)!;
    expect(Object.keys(of(named)).sort()).toEqual([
      "alias",
      "avatar",
      "invite_reward",
      "mint_status",
      "name",
      "nickname",
      "power",
      "register_at",
      "user_id",
    ]);
    expect(of(named)).toMatchObject({ name: "Named Friend", nickname: "Named Friend", alias: aliasOf(named.user.display_id), avatar: "" });
    const id = plain.user.display_id as string;
    expect(of(plain)).toMatchObject({ nickname: "", alias: aliasOf(id), avatar: "" });
    expect(of(plain).alias).toMatch(/^[a-z]+-\d{2}$/);
    expect(plain.user.alias).toBe(aliasOf(id));
    // The released native apps still read `name`: the masked display id, never the whole one.
    expect(of(plain).name).toBe(`${id.slice(0, 4)}****${id.slice(-2)}`);
    expect(JSON.stringify(of(plain))).not.toContain(id);
    expect(of(pictured).avatar).toBe("https://cdn.example/a.webp");
  });

  test("deleted accounts are not listed nor counted", async () => {
    const a = await signUp(api);
    const [gone, stays] = await invitees(api, a, 2);
    const [goneL2] = await invitees(api, stays, 1);
    await api.database.db.update(users).set({ deletedAt: api.clock.now(), email: null }).where(eq(users.id, gone.user.id));
    await api.database.db.update(users).set({ deletedAt: api.clock.now(), email: null }).where(eq(users.id, goneL2.user.id));
    const l1 = await wholeLevel(a.client, 1);
    expect(l1.ids).toEqual([stays.user.id]);
    expect(l1.pages[0].counts).toEqual({ level1: { total: 1, minting: 0 }, level2: { total: 0, minting: 0 } });
    expect((await wholeLevel(a.client, 2)).ids).toEqual([]);
  });
});
