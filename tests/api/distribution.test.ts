import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import type { DistributionResult } from "#api/src/domain/airdrop/distribution.ts";
import { closeOf, collect, distributeOne, mintInfo, mintList, roundConfig, setInRound, start, tables } from "./airdrop-helpers.ts";
import { signUp } from "./helpers.ts";

// Two APIs with the same config: `onTime` distributes every round at its close, `late` is down
// for four rounds. The idempotency tests then run on `onTime`, in later rounds.
let onTime: TestApi;
let late: TestApi;
beforeAll(async () => {
  onTime = await createTestApi(roundConfig());
  late = await createTestApi(roundConfig());
});
afterAll(async () => {
  await onTime.close();
  await late.close();
});

/**
 * Restart: the service is down while rounds close. One scheduler pass afterwards must pay the
 * missed rounds in order, exactly as if each had been distributed on time, suspensions included.
 */
test("catch-up after 4 missed rounds equals distributing each round on time", async () => {
  const script = async (api: TestApi) => {
    setInRound(api, 49, 30);
    const a = await signUp(api, { email: `a-${api === onTime ? 1 : 2}@example.com` });
    const b = await signUp(api, { email: `b-${api === onTime ? 1 : 2}@example.com`, invite: a.user.invite_code });
    const c = await signUp(api, { email: `c-${api === onTime ? 1 : 2}@example.com`, invite: b.user.invite_code });
    for (const x of [a, b, c]) await start(x.client);
    for (const round of [50, 51]) {
      setInRound(api, round + 1, 5);
      await api.distribute();
    }
    // In round 52, A and C claim; B never does.
    await collect(a.client);
    await collect(c.client);
    return [a, b, c];
  };
  const usersOnTime = await script(onTime);
  const usersLate = await script(late);

  // Rounds 52..55 close. onTime distributes each at its close; late is down until round 56.
  const onTimeResults: DistributionResult[] = [];
  for (const round of [52, 53, 54, 55]) {
    setInRound(onTime, round + 1, 5);
    onTimeResults.push(...(await onTime.distribute()));
  }
  setInRound(late, 56, 5);
  const lateResults = await late.distribute();

  expect(lateResults.map((r) => r.round)).toEqual([52, 53, 54, 55]);
  expect(lateResults).toEqual(onTimeResults);
  // B (2 unclaimed after 51) gets 52, then is suspended at 53's close; A and C get 52-54 and are
  // suspended at 55's close. A's Team Power loses B (25) and C (5) from the round after each suspension.
  expect(lateResults.map((r) => r.suspended)).toEqual([0, 1, 0, 2]);
  expect(lateResults.map((r) => r.participants)).toEqual([3, 2, 2, 0]);

  const strip = async (api: TestApi) => {
    const db = await tables(api);
    return {
      rounds: db.rounds.map(({ distributedAt: _d, ...r }) => r),
      userRounds: db.userRounds.map(({ id: _id, ...r }) => r),
      minters: db.minters,
    };
  };
  expect(await strip(late)).toEqual(await strip(onTime));
  for (let i = 0; i < 3; i++) {
    const a = await mintInfo(usersOnTime[i].client);
    const b = await mintInfo(usersLate[i].client);
    expect(b).toEqual(a);
    expect(b.mint_status).toBe("suspend");
  }
  const rowsA = await mintList(usersLate[0].client);
  expect(rowsA.map((r) => [r.round_number, r.power, r.amount, r.airdrop_at])).toEqual([
    [54, 105, "1.05000000", closeOf(54)], // B suspended at 53's close: only C (5%) left
    [53, 130, "1.30000000", closeOf(53)], // B was minting through 53
    [52, 130, "1.30000000", closeOf(52)],
    [51, 130, "1.30000000", closeOf(51)],
    [50, 130, "1.30000000", closeOf(50)],
  ]);
});

describe("distribution is idempotent", () => {
  let api: TestApi;
  let users: Awaited<ReturnType<typeof signUp>>[];
  beforeAll(async () => {
    api = onTime;
    setInRound(api, 57, 30);
    await api.distribute(); // round 56: the catch-up test's users are all suspended by now
    users = [await signUp(api), await signUp(api)];
    for (const u of users) await start(u.client); // minting from round 58
    setInRound(api, 58, 1);
    expect(await api.distribute()).toEqual([{ round: 57, fresh: true, participants: 0, suspended: 0, total: 0n }]);
  });

  async function rowsOfRound(round: number) {
    return (await tables(api)).userRounds.filter((r) => r.roundNumber === round);
  }

  test("running the scheduler twice for the same time pays once", async () => {
    setInRound(api, 59, 2);
    const first = await api.distribute();
    expect(first).toEqual([{ round: 58, fresh: true, participants: 2, suspended: 0, total: 200_000_000n }]);
    // Same time again: nothing left to distribute.
    expect(await api.distribute()).toEqual([]);
    expect(await rowsOfRound(58)).toHaveLength(2);
    // The round's job called again directly: fresh=false, nothing paid.
    expect(await distributeOne(api, 58)).toEqual({ round: 58, fresh: false, participants: 0, suspended: 0, total: 0n });
    expect(await rowsOfRound(58)).toHaveLength(2);
    const round = (await tables(api)).rounds.find((r) => r.roundNumber === 58)!;
    expect(round).toMatchObject({ totalAmount: 200_000_000n, participants: 2, claims: 0, distributed: true });
    expect(round.closesAt.getTime()).toBe(closeOf(58) * 1000);
    for (const u of users) expect(await mintInfo(u.client)).toMatchObject({ un_collect_round: 1, un_collect_amount: "1.00000000" });
  });

  test("distributeRound called twice in a row for the same round: the second is fresh=false", async () => {
    setInRound(api, 60, 2);
    expect(await distributeOne(api, 59)).toEqual({ round: 59, fresh: true, participants: 2, suspended: 0, total: 200_000_000n });
    expect(await distributeOne(api, 59)).toEqual({ round: 59, fresh: false, participants: 0, suspended: 0, total: 0n });
    expect(await api.distribute()).toEqual([]);
    expect(await rowsOfRound(59)).toHaveLength(2);
  });

  test("two distributeRound calls for one round in parallel pay once", async () => {
    setInRound(api, 61, 2);
    const results = await Promise.all([distributeOne(api, 60), distributeOne(api, 60)]);
    // One pays; the other finds the round done (fresh=false) or, on PostgreSQL, may find the
    // distribution lock held and step back (undefined) for the next tick.
    const fresh = results.filter((r) => r?.fresh);
    expect(fresh).toEqual([{ round: 60, fresh: true, participants: 2, suspended: 0, total: 200_000_000n }]);
    const other = results.find((r) => !r?.fresh);
    expect(other === undefined || (other.fresh === false && other.total === 0n)).toBe(true);
    expect(await rowsOfRound(60)).toHaveLength(2);
    expect(await api.distribute()).toEqual([]);
  });

  test("round_claims counts the claimed rows of each round", async () => {
    const [u1, u2] = users;
    expect(await collect(u1.client)).toEqual({ amount: "3.00000000", rounds: 3, resumed: false });
    let list = await mintList(u1.client);
    expect(list.map((r) => r.round_number)).toEqual([60, 59, 58]);
    for (const row of list) expect(row).toMatchObject({ collected: true, round_claims: 1, round_total: "2.00000000", distributed: true });
    // The other user sees the same round totals and claims, their own rows still unclaimed.
    list = await mintList(u2.client);
    for (const row of list) expect(row).toMatchObject({ collected: false, round_claims: 1 });
    expect(await collect(u2.client)).toEqual({ amount: "3.00000000", rounds: 3, resumed: false });
    list = await mintList(u2.client);
    for (const row of list) expect(row).toMatchObject({ collected: true, round_claims: 2 });
    const claimsOf = async () => (await tables(api)).rounds.filter((r) => r.roundNumber >= 58).map((r) => r.claims);
    expect(await claimsOf()).toEqual([2, 2, 2]);
    // Claiming again changes no count.
    expect(await collect(u1.client)).toEqual({ amount: "0.00000000", rounds: 0, resumed: false });
    expect(await claimsOf()).toEqual([2, 2, 2]);
  });

  test("parallel scheduler passes over several closed rounds pay each round once", async () => {
    setInRound(api, 64, 2); // rounds 61..63 closed
    const runs = await Promise.all([api.distribute(), api.distribute(), api.distribute()]);
    const fresh = runs.flat().filter((r: DistributionResult) => r.fresh);
    // Whatever the interleaving, each round is paid by exactly one pass; a pass that stepped back is retried.
    const more = await api.distribute();
    const all = [...fresh, ...more.filter((r) => r.fresh)].map((r) => r.round).sort((x, y) => x - y);
    expect(all).toEqual([61, 62, 63]);
    for (const round of [61, 62, 63]) expect(await rowsOfRound(round)).toHaveLength(2);
    const db = await tables(api);
    const later = db.rounds.filter((r) => r.roundNumber >= 58);
    expect(later.map((r) => r.roundNumber)).toEqual([58, 59, 60, 61, 62, 63]);
    for (const r of later) expect(r).toMatchObject({ participants: 2, totalAmount: 200_000_000n, distributed: true });
    expect(later.map((r) => r.claims)).toEqual([2, 2, 2, 0, 0, 0]);
    for (const u of users)
      expect(await mintInfo(u.client)).toMatchObject({ mint_status: "minting", un_collect_round: 3, vv: "3.00000000" });
  });
});
