import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { collect, mintInfo, mintList, roundConfig, setInRound, start } from "./airdrop-helpers.ts";
import { expectOk, signUp, type Caller } from "./helpers.ts";

// Team Power = 25% of the own power of level-1 members who are minting + 5% of the
// own power of level-2 members who are minting; the round amount is (own + Team Power) x rate.
// Other percentages from config (33% / 7%) and the rounding of Team Power: airdrop-rounds.test.ts.

async function bindHandle(c: Caller, handle: string) {
  expectOk(await c.call("PUT", "/v1/mint/twitter/", { twitter: handle }));
  expectOk(await c.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "1" }));
}

async function rowOf(c: Caller, round: number) {
  return (await mintList(c)).find((r) => r.round_number === round);
}

describe("Team Power with the default 25% / 5%", () => {
  let api: TestApi;
  beforeAll(async () => {
    // A threshold of 1 makes a member who does not claim suspended after one row.
    api = await createTestApi(roundConfig({ SUSPEND_THRESHOLD: "1" }));
  });
  afterAll(async () => api.close());

  test("A <- B <- C: level 1 adds 25%, level 2 adds 5%; waiting, not started and suspended members add nothing", async () => {
    setInRound(api, 49, 10);
    const a = await signUp(api);
    const b = await signUp(api, { invite: a.user.invite_code });
    const c = await signUp(api, { invite: b.user.invite_code });
    const d = await signUp(api, { invite: a.user.invite_code }); // level 1 of A, never starts
    const e = await signUp(api, { invite: a.user.invite_code }); // level 1 of A, starts a round later
    const f = await signUp(api, { invite: c.user.invite_code }); // level 3 of A, level 2 of B: only B counts it
    expect(b.user.inviter_id).toBe(a.user.id);
    expect(c.user.inviter_id).toBe(b.user.id);

    await bindHandle(d.client, "@member_d"); // 20 own power, but never started
    for (const x of [a, b, c, f]) expect(await start(x.client)).toEqual({ mint_status: "wait", power_granted: 100 });

    // Everyone waits: nobody adds anything yet.
    expect(await mintInfo(a.client)).toMatchObject({
      mint_status: "wait",
      own_power: 100,
      team_power: 0,
      power: 100,
      round_token: "1.00000000",
    });

    // Round 50: A, B, C, F minting; E starts now and waits; D has power but never started.
    setInRound(api, 50, 1);
    expect(await start(e.client)).toEqual({ mint_status: "wait", power_granted: 100 });
    expect(await mintInfo(a.client)).toMatchObject({
      mint_status: "minting",
      own_power: 100,
      team_power: 30,
      power: 130,
      round_token: "1.30000000",
      next_round_token: "1.30000000",
    });
    expect(await mintInfo(b.client)).toMatchObject({ own_power: 100, team_power: 30, power: 130, round_token: "1.30000000" });
    expect(await mintInfo(c.client)).toMatchObject({ own_power: 100, team_power: 25, power: 125 });
    expect(await mintInfo(d.client)).toMatchObject({ mint_status: "not_open", own_power: 20, next_round_token: "0.00000000" });

    setInRound(api, 51, 1);
    const [r50] = await api.distribute();
    // A 130, B 130 (C 25 + F 5), C 125 (F 25), F 100.
    expect(r50).toEqual({ round: 50, fresh: true, participants: 4, suspended: 0, total: 485_000_000n });
    expect(await rowOf(a.client, 50)).toMatchObject({ power: 130, amount: "1.30000000", round_total: "4.85000000" });
    expect(await rowOf(b.client, 50)).toMatchObject({ power: 130, amount: "1.30000000" });
    expect(await rowOf(c.client, 50)).toMatchObject({ power: 125, amount: "1.25000000" });
    expect(await rowOf(e.client, 50)).toBeUndefined();
    for (const x of [a, b, e]) await collect(x.client); // C and F do not claim: suspended at the next close

    // Round 51: E minting now (A +25).
    expect(await mintInfo(a.client)).toMatchObject({ team_power: 55, power: 155, round_token: "1.55000000" });
    setInRound(api, 52, 1);
    const [r51] = await api.distribute();
    // C and F were minting through round 51, so they still count for it, but hold 1 unclaimed: no row.
    expect(r51).toEqual({ round: 51, fresh: true, participants: 3, suspended: 2, total: 385_000_000n });
    expect(await rowOf(a.client, 51)).toMatchObject({ power: 155, amount: "1.55000000" });
    expect(await rowOf(b.client, 51)).toMatchObject({ power: 130, amount: "1.30000000" });
    expect(await rowOf(e.client, 51)).toMatchObject({ power: 100, amount: "1.00000000" });
    for (const x of [a, b, e]) await collect(x.client);

    // Round 52: C suspended adds nothing: A 100 + 25% of (B + E) = 150, B 100.
    expect(await mintInfo(c.client)).toMatchObject({ mint_status: "suspend" });
    expect(await mintInfo(a.client)).toMatchObject({ team_power: 50, power: 150, round_token: "1.50000000" });
    expect(await mintInfo(b.client)).toMatchObject({ team_power: 0, power: 100, round_token: "1.00000000" });
    // C claims: waiting for round 53, still adds nothing in round 52.
    expect(await collect(c.client)).toEqual({ amount: "1.25000000", rounds: 1, resumed: true });
    expect(await mintInfo(a.client)).toMatchObject({ team_power: 50 });
    setInRound(api, 53, 1);
    const [r52] = await api.distribute();
    expect(r52).toMatchObject({ round: 52, participants: 3, suspended: 0 });
    expect(await rowOf(a.client, 52)).toMatchObject({ power: 150, amount: "1.50000000" });
    expect(await rowOf(b.client, 52)).toMatchObject({ power: 100, amount: "1.00000000" });
    expect(await rowOf(c.client, 52)).toBeUndefined();
    for (const x of [a, b, e]) await collect(x.client);

    // Round 53: C minting again: A 155, B 125 (F still suspended).
    expect(await mintInfo(a.client)).toMatchObject({ mint_status: "minting", team_power: 55, power: 155 });
    expect(await mintInfo(b.client)).toMatchObject({ team_power: 25, power: 125 });
    setInRound(api, 54, 1);
    await api.distribute();
    expect(await rowOf(a.client, 53)).toMatchObject({ power: 155, amount: "1.55000000" });
    expect(await rowOf(b.client, 53)).toMatchObject({ power: 125, amount: "1.25000000" });
    expect(await rowOf(c.client, 53)).toMatchObject({ power: 100, amount: "1.00000000" });

    // Team Power never touches the balance already earned.
    expect((await mintInfo(a.client)).vv).toBe("4.35000000");
  });
});
