import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import type { ExchangeInfo, ForceStone } from "#contract/tools.ts";
import { giftBoxes, minters, users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { claimRounds, startAirdrop } from "#api/src/domain/airdrop/claims.ts";
import { bindInviter } from "#api/src/domain/team/invites.ts";
import { createExchange, joinExchange, startExchange } from "#api/src/domain/tools/exchanges.ts";
import { useGift } from "#api/src/domain/tools/gifts.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { collect, grantsOf, mintInfo, rowsOfUser, roundConfig, setInRound, start, tally, userRow } from "./airdrop-helpers.ts";
import { caller, expectCode, expectOk, logIn, mailedCode, registerCall, signUp, uniqueEmail, type Caller } from "./helpers.ts";
import { teamPage } from "./team-helpers.ts";

// Deleting or banning an account ends what it had going, in the same transaction:
// its unused gift boxes are void, its forming exchanges cancelled (stones returned), its minting
// stops, its invite code resolves to nothing; a deletion also moves its level-1 members up to its
// own inviter. Claims, gift uses, exchange joins and starts, and invite lookups check the
// account's state inside their own transaction, so a deletion that commits first always wins.
// The races run as real parallel requests, on PostgreSQL too.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ TOKEN_IDLE_DAYS: "365" }));
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;

const EXCHANGES = "/v1/mint/force_stone/team/";
const BOXES = "/v1/mint/force_box/";

const deleteCall = (u: User) => u.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" });
const claimCall = (u: User) => u.client.call("POST", "/v1/mint/collect/");
const useGiftCall = (u: User, code: string) => u.client.call("POST", `${BOXES}use/`, { code });
const createCall = (u: User, stoneId: number, quota: number) =>
  u.client.call<ExchangeInfo>("POST", EXCHANGES, { force_stone_id: stoneId, member_count: quota });
const joinCall = (u: User, code: string, stoneId: number) =>
  u.client.call<ExchangeInfo>("POST", `${EXCHANGES}join/`, { code, force_stone_id: stoneId });
const inviterLookup = (code: string) => caller(api).call("GET", "/v1/user/inviter/", undefined, { invite_code: code });
const bindCall = (u: User, code: string) => u.client.call("POST", "/v1/user/invite_code/", { invite_code: code });
const ban = (u: User) => setUserBan(api.domain, { email: u.email, banned: true, actor: "test" });
const unban = (u: User) => setUserBan(api.domain, { email: u.email, banned: false, actor: "test" });

async function giftCodes(u: User): Promise<string[]> {
  return expectOk<{ list: { code: string }[] }>(await u.client.call("GET", BOXES)).list.map((b) => b.code);
}

async function stoneList(u: User): Promise<{ list: ForceStone[]; open_team: ExchangeInfo | null }> {
  return expectOk(await u.client.call("GET", "/v1/mint/force_stone/"));
}

async function freeStone(u: User): Promise<ForceStone> {
  const free = (await stoneList(u)).list.filter((s) => s.status === "init");
  expect(free.length).toBeGreaterThan(0);
  return free[0];
}

async function ownPower(u: User): Promise<number> {
  return (await mintInfo(u.client)).own_power;
}

async function inviterOf(u: User): Promise<number | null> {
  return expectOk<{ inviter_id: number | null }>(await u.client.call("GET", "/v1/user/")).inviter_id;
}

async function unusedBoxes(userId: number) {
  return api.database.db
    .select()
    .from(giftBoxes)
    .where(and(eq(giftBoxes.ownerId, userId), isNull(giftBoxes.usedAt)));
}

async function minterOf(userId: number) {
  const [row] = await api.database.db.select().from(minters).where(eq(minters.userId, userId));
  return row;
}

/** Registers with an invite code through the real calls; the raw answer. */
async function registerWith(inviteCode: string) {
  const email = uniqueEmail("invited");
  const c = caller(api);
  const code = await mailedCode(api, c, email, "register");
  return registerCall(c, email, code, { invite_code: inviteCode });
}

/** The account signed in again on a new device (a ban ended its logins). */
async function logInAgain(u: User): Promise<User> {
  const { answer, client } = await logIn(api, u.email, undefined);
  const data = expectOk(answer);
  client.state.token = data.token;
  client.state.did = data.did;
  return { ...u, client };
}

/** The level-1 member ids of a user's team list. */
async function level1(c: Caller): Promise<number[]> {
  return (await teamPage(c, 1)).list.map((m) => m.user_id).sort((a, b) => a - b);
}

describe("a deleted account", () => {
  test("its unused gift codes answer as unknown codes; the recipient joins no team and nobody gains power", async () => {
    const owner = await signUp(api);
    const recipient = await signUp(api);
    const codes = await giftCodes(owner);
    expect(codes.length).toBeGreaterThan(0);
    const power = await ownPower(recipient);
    expectOk(await deleteCall(owner));

    expect(await unusedBoxes(owner.user.id)).toEqual([]);
    for (const code of codes) expectCode(await useGiftCall(recipient, code), ErrorCode.giftCodeWrong);
    expect(await inviterOf(recipient)).toBeNull();
    expect(await ownPower(recipient)).toBe(power);
    expect((await grantsOf(api, owner.user.id)).filter((g) => g.reason.startsWith("gift:"))).toEqual([]);
    expect((await userRow(api, owner.user.id)).power).toBe(0);
  });

  test("its forming exchange is cancelled, the stones return; a later join is refused and uses no stone", async () => {
    const leader = await signUp(api);
    const partner = await signUp(api);
    const joiner = await signUp(api);
    const info = expectOk(await createCall(leader, (await freeStone(leader)).force_stone_id, 3));
    const partnerStone = await freeStone(partner);
    expectOk(await joinCall(partner, info.code, partnerStone.force_stone_id));
    expect((await stoneList(partner)).open_team?.team_id).toBe(info.team_id);

    expectOk(await deleteCall(leader));

    // The participant's stone is free again, as after a cancel by the leader.
    const after = await stoneList(partner);
    expect(after.open_team).toBeNull();
    expect(after.list.find((s) => s.force_stone_id === partnerStone.force_stone_id)?.status).toBe("init");
    const joinerStone = await freeStone(joiner);
    const joinerPower = await ownPower(joiner);
    expectCode(await joinCall(joiner, info.code, joinerStone.force_stone_id), ErrorCode.exchangeCancelled);
    expect((await stoneList(joiner)).list.find((s) => s.force_stone_id === joinerStone.force_stone_id)?.status).toBe("init");
    expect(await ownPower(joiner)).toBe(joinerPower);
    expect((await userRow(api, leader.user.id)).power).toBe(0);
  });

  test("an exchange it had joined goes on without it: its place is free again and it gains nothing", async () => {
    const leader = await signUp(api);
    const leaving = await signUp(api);
    const joiner = await signUp(api);
    const info = expectOk(await createCall(leader, (await freeStone(leader)).force_stone_id, 3));
    expectOk(await joinCall(leaving, info.code, (await freeStone(leaving)).force_stone_id));
    expectOk(await deleteCall(leaving));

    const seen = expectOk(await leader.client.call<ExchangeInfo>("GET", `${EXCHANGES}${info.team_id}/`));
    expect(seen.status).toBe("wait");
    expect(seen.members.map((m) => m.user_id)).toEqual([leader.user.id]);
    // Two places left: one more join does not complete it.
    const joined = expectOk(await joinCall(joiner, info.code, (await freeStone(joiner)).force_stone_id));
    expect(joined.status).toBe("wait");
    expect(joined.members.map((m) => m.user_id)).toEqual([leader.user.id, joiner.user.id]);
    expect((await userRow(api, leaving.user.id)).power).toBe(0);
  });

  test("its level-1 members move up to its inviter, their own members stay with them; with no inviter they have none", async () => {
    const top = await signUp(api);
    const middle = await signUp(api, { invite: top.user.invite_code });
    const a = await signUp(api, { invite: middle.user.invite_code });
    const b = await signUp(api, { invite: middle.user.invite_code });
    const below = await signUp(api, { invite: a.user.invite_code });
    expectOk(await deleteCall(middle));

    expect(await inviterOf(a)).toBe(top.user.id);
    expect(await inviterOf(b)).toBe(top.user.id);
    expect(await inviterOf(below)).toBe(a.user.id);
    expect(await level1(top.client)).toEqual([a.user.id, b.user.id]);
    expect((await teamPage(top.client, 2)).list.map((m) => m.user_id)).toEqual([below.user.id]);

    expectOk(await deleteCall(top));
    expect(await inviterOf(a)).toBeNull();
    expect(await inviterOf(b)).toBeNull();
    expect(await inviterOf(below)).toBe(a.user.id);
  });

  test("a deletion and a claim with the same token, at once, many times: never resumed, never paid a later round", async () => {
    const claims: number[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const base = 60 + batch * 10;
      setInRound(api, base, 10);
      const accounts: User[] = [];
      for (let i = 0; i < 16; i++) accounts.push(await signUp(api));
      for (const a of accounts) await start(a.client);
      // Paid 3 rounds, then paused at the next close with 3 rounds unclaimed.
      for (let round = base + 2; round <= base + 5; round++) {
        setInRound(api, round, 1);
        await api.distribute();
      }
      for (const a of accounts) expect(await mintInfo(a.client)).toMatchObject({ mint_status: "suspend", un_collect_round: 3 });
      const paidBefore = await Promise.all(accounts.map((a) => rowsOfUser(api, a.user.id)));

      // Sent in both orders, so either may reach the database first.
      const answers = await Promise.all(
        accounts.map(async (a, i) =>
          i % 2 ? Promise.all([deleteCall(a), claimCall(a)]) : (await Promise.all([claimCall(a), deleteCall(a)])).reverse(),
        ),
      );
      for (const [deleted, claimed] of answers) {
        expect(deleted.body.code).toBe(0);
        claims.push(claimed.body.code);
      }
      for (const [i, a] of accounts.entries()) {
        expect((await minterOf(a.user.id)).suspendedAt, `account ${i} was resumed after its deletion`).not.toBeNull();
        expect((await userRow(api, a.user.id)).deletedAt).not.toBeNull();
      }
      for (let round = base + 6; round <= base + 9; round++) {
        setInRound(api, round, 1);
        await api.distribute();
      }
      for (const [i, a] of accounts.entries()) {
        const rows = await rowsOfUser(api, a.user.id);
        expect(
          rows.map((r) => r.roundNumber),
          `account ${i} was paid after its deletion`,
        ).toEqual(paidBefore[i].map((r) => r.roundNumber));
      }
    }
    // A claim either came first (and the deletion paused the account again) or was told to log in.
    for (const code of claims) expect([0, ErrorCode.loginExpired], JSON.stringify(tally(claims))).toContain(code);
  });

  test("a call that passed its login check just before the deletion committed still finds the account deleted", async () => {
    // What the races leave to chance, in order: the deletion commits between a call's
    // authentication and its transaction, which reads the account's state again.
    setInRound(api, 150, 10);
    const account = await signUp(api);
    const other = await signUp(api);
    await start(account.client);
    for (let round = 152; round <= 155; round++) {
      setInRound(api, round, 1);
      await api.distribute();
    }
    expect(await mintInfo(account.client)).toMatchObject({ mint_status: "suspend", un_collect_round: 3 });
    const giftCode = (await giftCodes(other))[0];
    const exchange = expectOk(await createCall(other, (await freeStone(other)).force_stone_id, 2));
    const stone = await freeStone(account);
    expectOk(await deleteCall(account));

    const id = account.user.id;
    const refusals: [string, () => Promise<unknown>][] = [
      ["claim", () => claimRounds(api.domain, id)],
      ["start", () => startAirdrop(api.domain, id)],
      ["gift use", () => useGift(api.domain, id, giftCode)],
      ["exchange join", () => joinExchange(api.domain, id, { code: exchange.code, stoneId: stone.force_stone_id })],
      ["exchange create", () => createExchange(api.domain, id, { stoneId: stone.force_stone_id, quota: 2 })],
      ["exchange start", () => startExchange(api.domain, id, exchange.team_id)],
      ["invite bind", () => bindInviter(api.domain, id, other.user.invite_code)],
    ];
    for (const [what, call] of refusals) await expect(call(), what).rejects.toMatchObject({ code: ErrorCode.loginExpired });
    expect((await minterOf(id)).suspendedAt).not.toBeNull();
    expect(await giftCodes(other)).toContain(giftCode);
    expect(expectOk(await other.client.call<ExchangeInfo>("GET", `${EXCHANGES}${exchange.team_id}/`)).members).toHaveLength(1);

    // A banned account's calls are refused the same way, with the banned code.
    const banned = await signUp(api);
    expect(await ban(banned)).toBe(true);
    await expect(claimRounds(api.domain, banned.user.id)).rejects.toMatchObject({ code: ErrorCode.accountBanned });
    await expect(useGift(api.domain, banned.user.id, giftCode)).rejects.toMatchObject({ code: ErrorCode.accountBanned });
  });

  test("a deletion racing a gift use of its code: either the use came first, or the code answers as unknown", async () => {
    const pairs: [User, User, string][] = [];
    for (let i = 0; i < 8; i++) {
      const owner = await signUp(api);
      const recipient = await signUp(api);
      pairs.push([owner, recipient, (await giftCodes(owner))[0]]);
    }
    const answers = await Promise.all(
      pairs.map(([owner, recipient, code]) => Promise.all([deleteCall(owner), useGiftCall(recipient, code)])),
    );
    for (const [i, [deleted, used]] of answers.entries()) {
      const [owner, recipient] = pairs[i];
      expect(deleted.body.code).toBe(0);
      expect([0, ErrorCode.giftCodeWrong, ErrorCode.giftUsed]).toContain(used.body.code);
      const gained = (await grantsOf(api, owner.user.id)).filter((g) => g.reason.startsWith("gift:"));
      // The owner gained only through a use that committed before the deletion.
      expect(gained.length).toBe(used.body.code === 0 ? 1 : 0);
      expect(await unusedBoxes(owner.user.id)).toEqual([]);
      // A member of a deleted account moves up: nobody stays under it.
      expect(await inviterOf(recipient)).toBeNull();
    }
  });
  test("a deletion racing a join that completes its exchange: either the exchange completed first, or the join finds it cancelled", async () => {
    const cases: { leader: User; joiner: User; code: string; stone: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const leader = await signUp(api);
      const joiner = await signUp(api);
      const info = expectOk(await createCall(leader, (await freeStone(leader)).force_stone_id, 2));
      cases.push({ leader, joiner, code: info.code, stone: (await freeStone(joiner)).force_stone_id });
    }
    const answers = await Promise.all(cases.map((c) => Promise.all([deleteCall(c.leader), joinCall(c.joiner, c.code, c.stone)])));
    for (const [i, [deleted, joined]] of answers.entries()) {
      const { leader, joiner, stone } = cases[i];
      expect(deleted.body.code).toBe(0);
      expect([0, ErrorCode.exchangeCancelled], JSON.stringify(joined.body)).toContain(joined.body.code);
      const leaderGained = (await grantsOf(api, leader.user.id)).some((g) => g.reason.startsWith("exchange:"));
      const held = (await stoneList(joiner)).list.find((s) => s.force_stone_id === stone);
      if (joined.body.code === 0) {
        expect(joined.body.data?.status).toBe("completed");
        expect(leaderGained).toBe(true);
        expect(held).toBeUndefined();
      } else {
        expect(leaderGained).toBe(false);
        expect(held?.status).toBe("init");
      }
    }
  });
});

test("registrations with an invite code racing its owner's deletion: nobody is left under the deleted account", async () => {
  for (let i = 0; i < 4; i++) {
    const top = await signUp(api);
    const inviter = await signUp(api, { invite: top.user.invite_code });
    const emails = Array.from({ length: 4 }, () => uniqueEmail("race-invite"));
    const callers = emails.map(() => caller(api));
    const codes: string[] = [];
    for (const [j, email] of emails.entries()) codes.push(await mailedCode(api, callers[j], email, "register"));
    const answers = await Promise.all([
      deleteCall(inviter),
      ...emails.map((email, j) => registerCall(callers[j], email, codes[j], { invite_code: inviter.user.invite_code })),
    ]);
    expect(answers[0].body.code).toBe(0);
    for (const a of answers.slice(1)) expect([0, ErrorCode.invalidInviteCode]).toContain(a.body.code);
    expect(await api.database.db.select().from(users).where(eq(users.inviterId, inviter.user.id))).toEqual([]);
    // Those who registered before the deletion moved up to its inviter.
    const registered = answers
      .slice(1)
      .filter((a) => a.body.code === 0)
      .map((a) => a.body.data.user.id as number);
    expect(await level1(top.client)).toEqual(registered.sort((a, b) => a - b));
  }
});

describe("a banned account", () => {
  test("is not paid, counts in nobody's Team Power, and its invite code resolves to nothing", async () => {
    setInRound(api, 200, 10);
    const inviter = await signUp(api);
    const banned = await signUp(api, { invite: inviter.user.invite_code });
    await start(inviter.client);
    await start(banned.client);
    setInRound(api, 202, 1);
    await api.distribute();
    expect((await rowsOfUser(api, banned.user.id)).map((r) => r.roundNumber)).toEqual([201]);
    expect((await mintInfo(inviter.client)).team_power).toBe(25);

    expect(await ban(banned)).toBe(true);
    expect((await mintInfo(inviter.client)).team_power).toBe(0);
    expect((await teamPage(inviter.client, 1)).counts.level1).toEqual({ total: 1, minting: 0 });
    setInRound(api, 204, 1);
    await api.distribute();
    expect((await rowsOfUser(api, banned.user.id)).map((r) => r.roundNumber)).toEqual([201]);
    const inviterRows = await rowsOfUser(api, inviter.user.id);
    expect(inviterRows.filter((r) => r.roundNumber >= 202).map((r) => r.power)).toEqual([100, 100]);

    expectCode(await inviterLookup(banned.user.invite_code), ErrorCode.invalidInviteCode);
    expectCode(await registerWith(banned.user.invite_code), ErrorCode.invalidInviteCode);
    const loner = await signUp(api);
    expectCode(await bindCall(loner, banned.user.invite_code), ErrorCode.invalidInviteCode);
    expect(await inviterOf(loner)).toBeNull();
    expect(await level1(inviter.client)).toEqual([banned.user.id]);
  });

  test("its unused gift codes answer as unknown, its forming exchange is cancelled with the stones returned", async () => {
    const owner = await signUp(api);
    const recipient = await signUp(api);
    const partner = await signUp(api);
    const codes = await giftCodes(owner);
    const info = expectOk(await createCall(owner, (await freeStone(owner)).force_stone_id, 3));
    const partnerStone = await freeStone(partner);
    expectOk(await joinCall(partner, info.code, partnerStone.force_stone_id));

    expect(await ban(owner)).toBe(true);
    expect(await unusedBoxes(owner.user.id)).toEqual([]);
    for (const code of codes) expectCode(await useGiftCall(recipient, code), ErrorCode.giftCodeWrong);
    expect(await inviterOf(recipient)).toBeNull();
    expect((await stoneList(partner)).open_team).toBeNull();
    expect((await stoneList(partner)).list.find((s) => s.force_stone_id === partnerStone.force_stone_id)?.status).toBe("init");
    expectCode(await joinCall(recipient, info.code, (await freeStone(recipient)).force_stone_id), ErrorCode.exchangeCancelled);
    // Every call of its own answers the one banned code.
    expectCode(await owner.client.call("GET", "/v1/user/"), ErrorCode.accountBanned);
  });

  test("unban: minting again from the next round, the invite code works again; void boxes and cancelled exchanges stay so", async () => {
    setInRound(api, 210, 10);
    const account = await signUp(api);
    const recipient = await signUp(api);
    await start(account.client);
    const codes = await giftCodes(account);
    const info = expectOk(await createCall(account, (await freeStone(account)).force_stone_id, 2));
    setInRound(api, 212, 1);
    await api.distribute();
    expect((await rowsOfUser(api, account.user.id)).map((r) => r.roundNumber)).toEqual([211]);

    expect(await ban(account)).toBe(true);
    setInRound(api, 213, 300);
    expect(await unban(account)).toBe(true);
    // The ban ended its logins: it signs in again.
    const back = await logInAgain(account);

    // Waiting for round 94: round 93, in which it was unbanned, pays it nothing.
    expect(await mintInfo(back.client)).toMatchObject({ mint_status: "wait", un_collect_round: 1 });
    setInRound(api, 214, 1);
    await api.distribute();
    expect((await rowsOfUser(api, account.user.id)).map((r) => r.roundNumber)).toEqual([211]);
    expect((await mintInfo(back.client)).mint_status).toBe("minting");
    setInRound(api, 215, 1);
    await api.distribute();
    expect((await rowsOfUser(api, account.user.id)).map((r) => r.roundNumber)).toEqual([211, 214]);

    // What the ban ended stays ended.
    for (const c of codes) expectCode(await useGiftCall(recipient, c), ErrorCode.giftUsed);
    expect((await giftCodes(back)).some((c) => codes.includes(c))).toBe(false);
    expectCode(await joinCall(recipient, info.code, (await freeStone(recipient)).force_stone_id), ErrorCode.exchangeCancelled);
    // And the invite code is its own again.
    expect(expectOk(await inviterLookup(account.user.invite_code)).name).toBeTruthy();
    expectOk(await registerWith(account.user.invite_code));
  });

  test("unban of an account paused before its ban: still paused until it claims, then back from the next round", async () => {
    setInRound(api, 220, 10);
    const account = await signUp(api);
    await start(account.client);
    for (const round of [222, 223, 224, 225]) {
      setInRound(api, round, 1);
      await api.distribute();
    }
    expect(await mintInfo(account.client)).toMatchObject({ mint_status: "suspend", un_collect_round: 3 });
    expect(await ban(account)).toBe(true);
    expect(await unban(account)).toBe(true);
    const [minter] = await api.database.db.select().from(minters).where(eq(minters.userId, account.user.id));
    expect(minter.suspendedAt).not.toBeNull();
    setInRound(api, 226, 1);
    await api.distribute();
    expect((await rowsOfUser(api, account.user.id)).map((r) => r.roundNumber)).toEqual([221, 222, 223]);

    const back = await logInAgain(account);
    expect(await collect(back.client)).toMatchObject({ rounds: 3, resumed: true });
    expect((await mintInfo(back.client)).mint_status).toBe("wait");
    setInRound(api, 228, 1);
    await api.distribute();
    expect((await rowsOfUser(api, account.user.id)).map((r) => r.roundNumber)).toEqual([221, 222, 223, 227]);
  });

  test("a claim in flight when the ban lands: paid only for what it claimed before the ban, never resumed after it", async () => {
    setInRound(api, 230, 10);
    const accounts: User[] = [];
    for (let i = 0; i < 8; i++) accounts.push(await signUp(api));
    for (const a of accounts) await start(a.client);
    for (const round of [232, 233, 234, 235]) {
      setInRound(api, round, 1);
      await api.distribute();
    }
    const answers = await Promise.all(accounts.map((a) => Promise.all([ban(a), claimCall(a)])));
    for (const [, claim] of answers) expect([0, ErrorCode.accountBanned]).toContain(claim.body.code);
    for (const a of accounts) expect((await minterOf(a.user.id)).suspendedAt).not.toBeNull();
    for (const round of [236, 237]) {
      setInRound(api, round, 1);
      await api.distribute();
    }
    for (const a of accounts) {
      const late = (await rowsOfUser(api, a.user.id)).filter((r) => r.roundNumber > 234);
      expect(late).toEqual([]);
    }
  });
});
