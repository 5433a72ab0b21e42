import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { unitsToDecimal } from "#contract/money.ts";
import { minters, users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { ratesOf, roundAmount, teamPower } from "#api/src/domain/power/team-power.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { mintInfo, mintList, roundConfig, rowsOfUser, setInRound, start } from "./airdrop-helpers.ts";
import { signUp } from "./helpers.ts";

// Team Power is one rule (teamPower() in api/src/domain/power/team-power.ts) that SQL repeats
// twice: teamSums() behind user_info, and the round distribution statement. On random invite
// trees with random own power and random airdrop states, all three must agree for every user.
// A banned member counts in nobody's Team Power and is not paid: a banned account takes no part.

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Member = Awaited<ReturnType<typeof signUp>> & { inviter?: number; power: number; minting: boolean; banned?: boolean };

describe.each([
  [25, 5, 1],
  [33, 7, 2],
  [17, 3, 3],
])("L1 %i%%, L2 %i%%, seed %i", (l1Percent, l2Percent, seed) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ TEAM_L1_PERCENT: String(l1Percent), TEAM_L2_PERCENT: String(l2Percent) }));
  });
  afterAll(async () => api.close());

  test("user_info's Team Power and each round row match teamPower() and roundAmount() on a random team", async () => {
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    const rates = ratesOf(api.config);

    // Round 49: a random forest of 18 accounts (most invited by an earlier one), random own power.
    setInRound(api, 49, 10);
    const members: Member[] = [];
    for (let i = 0; i < 18; i++) {
      const inviter = members.length > 0 && next() < 0.85 ? pick(members.map((_, at) => at)) : undefined;
      const signed = await signUp(api, inviter === undefined ? {} : { invite: members[inviter].user.invite_code });
      members.push({ ...signed, inviter, power: 0, minting: false });
    }
    for (const m of members) {
      // Some start now (minting from round 50), a few start late (still waiting in round 50), some never.
      const roll = next();
      if (roll < 0.65) {
        await start(m.client);
        m.minting = true;
      }
    }
    setInRound(api, 50, 5);
    for (const m of members.filter((x) => !x.minting)) if (next() < 0.3) await start(m.client);
    // Random own power (set directly: only the sums matter here), and some minters paused.
    for (const m of members) {
      m.power = Math.floor(next() * 900);
      await api.database.db.update(users).set({ power: m.power }).where(eq(users.id, m.user.id));
    }
    const paused = members.filter((m) => m.minting && next() < 0.2);
    if (paused.length > 0) {
      await api.database.db
        .update(minters)
        .set({ suspendedAt: api.clock.now() })
        .where(
          inArray(
            minters.userId,
            paused.map((m) => m.user.id),
          ),
        );
      for (const m of paused) m.minting = false;
    }
    // Some banned by the operator command's function (which pauses them too), and one marked
    // banned with its airdrop row left minting, as a ban from before that rule left it: the SQL
    // must leave both out on its own.
    const banned = members.filter(() => next() < 0.15);
    for (const m of banned) expect(await setUserBan(api.domain, { email: m.email, banned: true, actor: "test" })).toBe(true);
    const marked = members.find((m) => m.minting && !banned.includes(m));
    if (marked) await api.database.db.update(users).set({ bannedAt: api.clock.now() }).where(eq(users.id, marked.user.id));
    for (const m of [...banned, ...(marked ? [marked] : [])]) {
      m.banned = true;
      m.minting = false;
    }
    expect(banned.length, "the random team has banned members").toBeGreaterThan(0);

    // The model: own power of minting level-1 and level-2 members.
    const sums = members.map((_, at) => {
      const level1 = members.filter((m) => m.inviter === at);
      const level2 = members.filter((m) => m.inviter !== undefined && members[m.inviter].inviter === at);
      const minted = (list: Member[]) => list.filter((m) => m.minting).reduce((sum, m) => sum + m.power, 0);
      return { l1: minted(level1), l2: minted(level2) };
    });
    expect(
      sums.some((s) => s.l1 > 0 && s.l2 > 0),
      "the random team has both levels",
    ).toBe(true);

    for (const [at, m] of members.entries()) {
      // A banned account's own calls are refused; what it would see no longer matters.
      if (m.banned) continue;
      const info = await mintInfo(m.client);
      expect(info.own_power).toBe(m.power);
      expect(info.team_power, `member ${at}`).toBe(teamPower(sums[at].l1, sums[at].l2, rates));
    }

    setInRound(api, 51, 1);
    await api.distribute();
    for (const [at, m] of members.entries()) {
      const row = m.banned
        ? (await rowsOfUser(api, m.user.id)).find((r) => r.roundNumber === 50)
        : (await mintList(m.client)).find((r) => r.round_number === 50);
      if (!m.minting) {
        expect(row, `member ${at} was not minting`).toBeUndefined();
        continue;
      }
      expect(row, `member ${at}`).toMatchObject({
        power: m.power + teamPower(sums[at].l1, sums[at].l2, rates),
        amount: unitsToDecimal(roundAmount(m.power, sums[at].l1, sums[at].l2, rates)),
      });
    }
  });
});
