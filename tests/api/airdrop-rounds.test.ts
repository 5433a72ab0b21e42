import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { closeOf, collect, mintInfo, mintList, nowSeconds, roundConfig, setInRound, start, tables, vv } from "./airdrop-helpers.ts";
import { expectOk, signUp, type Caller } from "./helpers.ts";

// 10-minute rounds from 2026-03-01T00:00Z: the harness clock starts at 08:00, inside round 49.
// 0.01234567 VV per power per round, so every amount must be exact to the 8th place; Team Power
// at 33% / 7% (the 40-round users have no team).
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ VV_PER_POWER_PER_ROUND: "0.01234567", TEAM_L1_PERCENT: "33", TEAM_L2_PERCENT: "7" }));
});
afterAll(async () => api.close());

/**
 * The round rules as a model, run beside the API for 40 rounds: who gets a row,
 * who is suspended, what a claim pays and when a suspended user mints again.
 */
interface ModelUser {
  key: string;
  power: number;
  mintFrom: number | null;
  suspended: boolean;
  rows: Map<number, { amount: bigint; collected: boolean }>;
  vv: bigint;
  lastCollectAt: number | null;
}

class Model {
  users: ModelUser[] = [];
  rounds = new Map<number, { total: bigint; participants: number; claims: number }>();
  constructor(
    readonly threshold: number,
    readonly unitsPerPower: bigint,
  ) {}

  add(key: string, power: number): ModelUser {
    const u: ModelUser = { key, power, mintFrom: null, suspended: false, rows: new Map(), vv: 0n, lastCollectAt: null };
    this.users.push(u);
    return u;
  }

  unclaimed(u: ModelUser) {
    return [...u.rows.values()].filter((r) => !r.collected);
  }

  /** The first start grants START_POWER (100) and makes the user wait for the next round. */
  start(u: ModelUser, current: number) {
    if (u.mintFrom !== null) return;
    u.mintFrom = current + 1;
    u.power += 100;
  }

  close(round: number) {
    let participants = 0;
    let suspended = 0;
    let total = 0n;
    for (const u of this.users) {
      if (u.mintFrom === null || u.suspended || u.mintFrom > round) continue;
      if (this.unclaimed(u).length >= this.threshold) {
        u.suspended = true;
        suspended++;
        continue;
      }
      const amount = BigInt(u.power) * this.unitsPerPower;
      u.rows.set(round, { amount, collected: false });
      participants++;
      total += amount;
    }
    this.rounds.set(round, { total, participants, claims: 0 });
    return { round, fresh: true, participants, suspended, total };
  }

  collect(u: ModelUser, current: number, at: number) {
    let amount = 0n;
    let count = 0;
    for (const [round, row] of u.rows) {
      if (row.collected) continue;
      row.collected = true;
      amount += row.amount;
      count++;
      this.rounds.get(round)!.claims++;
    }
    u.vv += amount;
    const resumed = u.suspended;
    if (resumed) {
      u.suspended = false;
      u.mintFrom = current + 1;
    }
    if (u.mintFrom !== null) u.lastCollectAt = at;
    return { amount: vv(amount), rounds: count, resumed };
  }

  status(u: ModelUser, current: number) {
    if (u.mintFrom === null) return "not_open";
    if (u.suspended) return "suspend";
    return u.mintFrom > current ? "wait" : "minting";
  }

  expectedInfo(u: ModelUser, current: number) {
    const unclaimed = this.unclaimed(u);
    const perRound = BigInt(u.power) * this.unitsPerPower;
    const status = this.status(u, current);
    return {
      mint_status: status,
      power: u.power,
      own_power: u.power,
      team_power: 0,
      vv: vv(u.vv),
      un_collect_round: unclaimed.length,
      un_collect_amount: vv(unclaimed.reduce((s, r) => s + r.amount, 0n)),
      suspend_threshold: this.threshold,
      next_round_number: current,
      next_round_timestamp: closeOf(current),
      next_round_token: vv(status === "minting" && unclaimed.length < this.threshold ? perRound : 0n),
      round_token: vv(perRound),
      last_collect_at: u.lastCollectAt,
    };
  }
}

test("40 rounds, six users claiming at different cadences: rows, amounts, statuses and totals follow the rules", async () => {
  const RATE_UNITS = 1_234_567n; // 0.01234567 VV per power per round: amounts must be exact to 8 places
  const model = new Model(3, RATE_UNITS);
  const first = 49;
  const cadence: Record<string, number> = { every1: 1, every2: 2, every3: 3, every5: 5, never: 0, late: 4 };
  // Soul Power before starting (tasks); starting adds 100.
  const power: Record<string, number> = { every1: 0, every2: 20, every3: 70, every5: 0, never: 0, late: 0 };
  const clients: Record<string, Caller> = {};
  const users: Record<string, ModelUser> = {};
  for (const key of Object.keys(cadence)) {
    clients[key] = (await signUp(api)).client;
    users[key] = model.add(key, power[key]);
  }

  // Soul Power beside the start reward: bind (+20) for every2, bind and follow (+70) for every3.
  setInRound(api, first, 0);
  for (const [key, handle] of [
    ["every2", "@every_two"],
    ["every3", "@every_three"],
  ] as const) {
    expectOk(await clients[key].call("PUT", "/v1/mint/twitter/", { twitter: handle }));
    expectOk(await clients[key].call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "1" }));
  }
  expectOk(await clients.every3.call("POST", "/v1/mint/twitter/follow/"));
  setInRound(api, first, 300);
  expectOk(await clients.every3.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "2" }));

  for (const key of Object.keys(cadence)) {
    if (key === "late") continue;
    expect(await start(clients[key])).toEqual({ mint_status: "wait", power_granted: 100 });
    model.start(users[key], first);
  }
  for (const key of Object.keys(cadence)) {
    expect(await mintInfo(clients[key])).toMatchObject(model.expectedInfo(users[key], first));
  }

  const LAST = first + 40;
  for (let round = first + 1; round <= LAST; round++) {
    const current = round + 1;
    setInRound(api, current, 1); // round `round` has just closed
    const results = await api.distribute();
    expect(results, `round ${round}`).toEqual([model.close(round)]);

    for (const key of Object.keys(cadence)) {
      const c = cadence[key];
      if (c > 0 && users[key].mintFrom !== null && (round - first) % c === 0) {
        const got = await collect(clients[key]);
        expect(got, `${key} claims after round ${round}`).toEqual(model.collect(users[key], current, nowSeconds(api)));
      }
    }
    for (const key of Object.keys(cadence)) {
      expect(await mintInfo(clients[key]), `${key} in round ${current}`).toMatchObject(model.expectedInfo(users[key], current));
    }

    if (round === 59) {
      // `late` starts in the middle of round 60: nothing for round 60, minting from 61.
      setInRound(api, 60, 300);
      expect(await start(clients.late)).toEqual({ mint_status: "wait", power_granted: 100 });
      model.start(users.late, 60);
      expect(await mintInfo(clients.late)).toMatchObject({ mint_status: "wait", next_round_number: 60, next_round_token: "0.00000000" });
    }
  }

  // The amounts a client sees for each power, exactly power x 0.01234567.
  const amounts = new Set((await mintList(clients.every3)).map((r) => r.amount));
  expect([...amounts]).toEqual(["2.09876390"]);
  expect(new Set((await mintList(clients.every2)).map((r) => r.amount))).toEqual(new Set(["1.48148040"]));
  expect(new Set((await mintList(clients.every1)).map((r) => r.amount))).toEqual(new Set(["1.23456700"]));

  // Every row each user sees, newest first, with its round's totals and claims.
  for (const key of Object.keys(cadence)) {
    const u = users[key];
    const expected = [...u.rows.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([round, row]) => ({
        round_number: round,
        airdrop_at: closeOf(round),
        amount: vv(row.amount),
        power: u.power,
        collected: row.collected,
        round_total: vv(model.rounds.get(round)!.total),
        round_claims: model.rounds.get(round)!.claims,
        distributed: true,
      }));
    const list = await mintList(clients[key]);
    expect(
      list.map(({ id: _id, user_id: _u, ...rest }) => rest),
      key,
    ).toEqual(expected);
  }
  // The shapes of the run, so the model is not trivially empty.
  expect(users.never.rows.size).toBe(3);
  expect(users.every5.rows.size).toBeLessThan(40);
  expect(users.every1.rows.size).toBe(40);
  expect(users.every3.rows.size).toBe(40);
  expect(users.late.rows.has(60)).toBe(false);
  expect(users.late.rows.has(61)).toBe(true);

  // The global round rows: one per round, distributed, with totals, participants and claims.
  const db = await tables(api);
  expect(
    db.rounds.map((r) => ({
      round: r.roundNumber,
      total: r.totalAmount,
      participants: r.participants,
      claims: r.claims,
      distributed: r.distributed,
      closes: r.closesAt.getTime() / 1000,
    })),
  ).toEqual(
    [...model.rounds.entries()].map(([round, r]) => ({
      round,
      total: r.total,
      participants: r.participants,
      claims: r.claims,
      distributed: true,
      closes: closeOf(round),
    })),
  );
  // vv balances equal what was claimed, nothing more.
  for (const key of Object.keys(cadence)) {
    expect((await mintInfo(clients[key])).vv).toBe(vv(users[key].vv));
  }
});

describe("round numbering, the boundary and the next round", () => {
  // Runs after the 40-round test on the same API, in rounds 100-106 (16:30 onwards).
  test("rounds are numbered from the epoch; next_round_* describe the round in progress", async () => {
    api.clock.set("2026-03-01T16:30:00Z"); // 99 rounds of 10 minutes have closed: round 100 closes at 16:40
    await api.distribute(); // whatever the earlier test's users earned until now
    const { client } = await signUp(api);
    let info = await mintInfo(client);
    expect(info).toMatchObject({
      mint_status: "not_open",
      next_round_number: 100,
      next_round_timestamp: Date.parse("2026-03-01T16:40:00Z") / 1000,
      round_seconds: 600,
      next_round_token: "0.00000000",
      round_token: "0.00000000",
      server_time: Date.parse("2026-03-01T16:30:00Z") / 1000,
      un_collect_round: 0,
      un_collect_amount: "0.00000000",
      suspend_threshold: 3,
      vv: "0.00000000",
      btc: "0.00000000",
      last_collect_at: null,
      follow_twitter: 0,
      twitter: "",
    });

    expect(await start(client)).toEqual({ mint_status: "wait", power_granted: 100 });
    info = await mintInfo(client);
    // Waiting: the round in progress pays this user nothing; a whole round would pay 100 x 0.01234567.
    expect(info).toMatchObject({
      mint_status: "wait",
      power: 100,
      next_round_number: 100,
      next_round_token: "0.00000000",
      round_token: "1.23456700",
    });

    api.clock.set(new Date((closeOf(100) - 1) * 1000));
    expect(await mintInfo(client)).toMatchObject({ mint_status: "wait", next_round_number: 100 });

    // At the boundary wait becomes minting.
    api.clock.set(new Date(closeOf(100) * 1000));
    info = await mintInfo(client);
    expect(info).toMatchObject({
      mint_status: "minting",
      next_round_number: 101,
      next_round_timestamp: closeOf(101),
      next_round_token: "1.23456700",
      server_time: closeOf(100),
    });
    // Round 100 closed before the user's first round: nothing for them.
    expect((await api.distribute()).map((r) => r.round)).toEqual([100]);
    expect(await mintList(client)).toEqual([]);

    api.clock.set(new Date((closeOf(101) + 5) * 1000));
    const [r101] = await api.distribute();
    expect(r101).toMatchObject({ round: 101, fresh: true });
    const [row] = await mintList(client);
    expect(row).toMatchObject({
      round_number: 101,
      airdrop_at: closeOf(101), // the round's close time, not the time distribution ran
      amount: "1.23456700",
      power: 100,
      collected: false,
      round_total: vv(r101.total),
      round_claims: 0,
      distributed: true,
    });
    expect(await mintInfo(client)).toMatchObject({
      mint_status: "minting",
      next_round_number: 102,
      next_round_timestamp: closeOf(102),
      un_collect_round: 1,
      un_collect_amount: "1.23456700",
    });
  });

  test("a user who starts in the middle of a round gets nothing for that round", async () => {
    setInRound(api, 103, 300);
    await api.distribute();
    const { client } = await signUp(api);
    expect(await start(client)).toEqual({ mint_status: "wait", power_granted: 100 });
    expect(await mintInfo(client)).toMatchObject({ mint_status: "wait", next_round_number: 103, next_round_token: "0.00000000" });

    setInRound(api, 104, 1);
    await api.distribute();
    expect(await mintList(client)).toEqual([]);
    expect(await mintInfo(client)).toMatchObject({
      mint_status: "minting",
      next_round_number: 104,
      next_round_token: "1.23456700",
      un_collect_round: 0,
    });

    setInRound(api, 105, 1);
    await api.distribute();
    const list = await mintList(client);
    expect(list.map((r) => r.round_number)).toEqual([104]);
    expect(list[0]).toMatchObject({ airdrop_at: closeOf(104), amount: "1.23456700" });
  });
});

describe("amounts with Team Power (this API: TEAM_L1_PERCENT=33, TEAM_L2_PERCENT=7)", () => {
  test("the percentages come from config and the integer Team Power (rounded down) is what the amount is computed from", async () => {
    setInRound(api, 107, 10);
    await api.distribute();
    const a = await signUp(api);
    const b = await signUp(api, { invite: a.user.invite_code });
    const c = await signUp(api, { invite: b.user.invite_code });
    expectOk(await b.client.call("PUT", "/v1/mint/twitter/", { twitter: "@member_b" }));
    expectOk(await b.client.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "1" })); // B: 120 own
    for (const x of [a, b, c]) await start(x.client);

    setInRound(api, 108, 1);
    // A: 100 + 33% of 120 + 7% of 100 = 100 + 39.6 + 7 -> Team Power 46, power 146: 146 x 0.01234567.
    expect(await mintInfo(a.client)).toMatchObject({
      own_power: 100,
      team_power: 46,
      power: 146,
      round_token: "1.80246782",
      next_round_token: "1.80246782",
    });
    // B: 120 + 33% of 100 = 153.
    expect(await mintInfo(b.client)).toMatchObject({ own_power: 120, team_power: 33, power: 153, round_token: "1.88888751" });
    expect(await mintInfo(c.client)).toMatchObject({ own_power: 100, team_power: 0, power: 100, round_token: "1.23456700" });

    setInRound(api, 109, 1);
    expect((await api.distribute()).map((r) => r.round)).toContain(108);
    for (const [x, power, amount] of [
      [a, 146, "1.80246782"],
      [b, 153, "1.88888751"],
      [c, 100, "1.23456700"],
    ] as const) {
      const [row] = await mintList(x.client);
      // What a client sees: the row's power and its amount = power x rate, to the last of the 8 places.
      expect(row).toMatchObject({ round_number: 108, power, amount, airdrop_at: closeOf(108) });
    }
  });
});
