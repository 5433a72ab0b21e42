import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { userWithPowerResult } from "#contract/profile.ts";
import { allRoutes } from "#contract/routes.ts";
import { userSchema } from "#contract/profile.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import {
  collect,
  grantsOf,
  mintInfo,
  rowsOfUser,
  roundConfig,
  setInRound,
  start,
  sumUnits,
  tables,
  tally,
  userRow,
  vv,
} from "./airdrop-helpers.ts";
import { caller, expectCode, expectOk, signUp } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ SUSPEND_THRESHOLD: "8" }));
});
afterAll(async () => api.close());

/** Moves to just after round `round` closes and distributes whatever has closed. */
async function closeRound(round: number) {
  setInRound(api, round + 1, 1);
  return api.distribute();
}

describe("POST /v1/mint/start/", () => {
  test("the first start grants START_POWER once; starting again changes nothing", async () => {
    setInRound(api, 49, 10);
    const { client, user } = await signUp(api);
    expect(expectOk(await client.call("GET", "/v1/mint/user/mine/")).user.power).toBe(0);
    expect(await start(client)).toEqual({ mint_status: "wait", power_granted: 100 });
    expect(await start(client)).toEqual({ mint_status: "wait", power_granted: 0 });
    expect(await mintInfo(client)).toMatchObject({ mint_status: "wait", own_power: 100, power: 100 });
    // Once minting, starting again neither grants power nor moves the user back to wait.
    setInRound(api, 50, 1);
    expect(await start(client)).toEqual({ mint_status: "minting", power_granted: 0 });
    expect(await mintInfo(client)).toMatchObject({ mint_status: "minting", own_power: 100 });
    expect((await grantsOf(api, user.id)).map((g) => [g.reason, g.amount])).toEqual([["start", 100]]);
  });

  test("20 parallel starts grant the power once", async () => {
    const { client, user } = await signUp(api);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.call("POST", "/v1/mint/start/")));
    for (const a of answers) expect(a.body.code, JSON.stringify(a.body)).toBe(0);
    const granted = answers.map((a) => a.body.data.power_granted);
    expect(tally(granted)).toEqual({ 100: 1, 0: 19 });
    expect(answers.every((a) => a.body.data.mint_status === "wait")).toBe(true);
    expect((await userRow(api, user.id)).power).toBe(100);
    expect(await grantsOf(api, user.id)).toHaveLength(1);
    expect((await tables(api)).minters.filter((m) => m.userId === user.id)).toHaveLength(1);
  });
});

describe("POST /v1/mint/collect/ races", () => {
  test("50 parallel claims of one user pay exactly once", async () => {
    setInRound(api, 55, 10);
    const miner = await signUp(api);
    const other = await signUp(api);
    await start(miner.client);
    await start(other.client);
    for (let round = 56; round <= 61; round++) await closeRound(round);
    const before = await mintInfo(miner.client);
    expect(before).toMatchObject({ un_collect_round: 6, un_collect_amount: "6.00000000", vv: "0.00000000" });

    const answers = await Promise.all(Array.from({ length: 50 }, () => miner.client.call("POST", "/v1/mint/collect/")));
    for (const a of answers) expect(a.body.code, JSON.stringify(a.body)).toBe(0);
    const data = answers.map((a) => a.body.data as { amount: string; rounds: number });
    expect(vv(sumUnits(data.map((d) => d.amount)))).toBe(before.un_collect_amount);
    expect(tally(data.map((d) => d.rounds))).toEqual({ 6: 1, 0: 49 });
    expect(data.filter((d) => d.amount !== "0.00000000")).toEqual([{ amount: "6.00000000", rounds: 6, resumed: false }]);

    const after = await mintInfo(miner.client);
    expect(after).toMatchObject({ vv: "6.00000000", un_collect_round: 0, un_collect_amount: "0.00000000" });
    expect(expectOk(await miner.client.call("GET", "/v1/user/")).vv).toBe("6.00000000");
    const rows = await rowsOfUser(api, miner.user.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.collectedAt !== null)).toBe(true);
    // Each round was claimed once by this user; the other user's rows are untouched.
    const db = await tables(api);
    for (const round of [56, 57, 58, 59, 60, 61]) expect(db.rounds.find((r) => r.roundNumber === round)!.claims).toBe(1);
    expect((await rowsOfUser(api, other.user.id)).every((r) => r.collectedAt === null)).toBe(true);
    await collect(other.client);
  });

  test("50 parallel claims of a suspended user: paid once, resumed once", async () => {
    setInRound(api, 62, 100);
    const idle = await signUp(api);
    await start(idle.client); // mints from 63
    for (let round = 63; round <= 71; round++) await closeRound(round); // 8 rows (63-70), suspended at 71
    expect(await mintInfo(idle.client)).toMatchObject({ mint_status: "suspend", un_collect_round: 8, un_collect_amount: "8.00000000" });
    const answers = await Promise.all(Array.from({ length: 50 }, () => idle.client.call("POST", "/v1/mint/collect/")));
    const data = answers.map((a) => a.body.data as { amount: string; rounds: number; resumed: boolean });
    expect(data.filter((d) => d.resumed)).toHaveLength(1);
    expect(vv(sumUnits(data.map((d) => d.amount)))).toBe("8.00000000");
    expect(await mintInfo(idle.client)).toMatchObject({
      mint_status: "wait",
      vv: "8.00000000",
      un_collect_round: 0,
      next_round_number: 72,
    });
    const [minter] = (await tables(api)).minters.filter((m) => m.userId === idle.user.id);
    expect(minter).toMatchObject({ mintFromRound: 73, suspendedAt: null });
  });

  test("claims racing distribution: every row paid at most once, balances and round counts consistent", async () => {
    setInRound(api, 72, 100);
    const miners = await Promise.all(Array.from({ length: 5 }, () => signUp(api)));
    for (const m of miners) await start(m.client);
    const returned = new Map<number, bigint>(miners.map((m) => [m.user.id, 0n]));
    for (let round = 73; round <= 80; round++) {
      setInRound(api, round + 1, 1);
      // The scheduler pass and every user's claim (twice each) at the same moment.
      const claims = miners.flatMap((m) =>
        [m, m].map(async (x) => ({ id: x.user.id, answer: await x.client.call("POST", "/v1/mint/collect/") })),
      );
      const [results, ...answers] = await Promise.all([api.distribute(), ...claims]);
      expect(results.filter((r) => r.fresh).map((r) => r.round)).toContain(round);
      for (const { id, answer } of answers as { id: number; answer: { body: { code: number; data: { amount: string } } } }[]) {
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
        returned.set(id, returned.get(id)! + sumUnits([answer.body.data.amount]));
      }
    }
    const db = await tables(api);
    for (const m of miners) {
      const rows = db.userRounds.filter((r) => r.userId === m.user.id);
      const collected = rows.filter((r) => r.collectedAt !== null).reduce((s, r) => s + r.amount, 0n);
      const open = rows.filter((r) => r.collectedAt === null).reduce((s, r) => s + r.amount, 0n);
      // What the claims answered = the balance = the rows marked collected; the rest is still claimable.
      expect(returned.get(m.user.id)).toBe(collected);
      expect((await userRow(api, m.user.id)).vv).toBe(collected);
      expect(await mintInfo(m.client)).toMatchObject({ vv: vv(collected), un_collect_amount: vv(open) });
      // Claimed every round: never suspended, a row for each of the 8 rounds.
      expect(rows.map((r) => r.roundNumber)).toEqual([73, 74, 75, 76, 77, 78, 79, 80]);
    }
    for (const r of db.rounds.filter((x) => x.roundNumber >= 73)) {
      const rows = db.userRounds.filter((x) => x.roundNumber === r.roundNumber);
      expect(r.participants).toBe(rows.length);
      expect(r.totalAmount).toBe(rows.reduce((s, x) => s + x.amount, 0n));
      expect(r.claims).toBe(rows.filter((x) => x.collectedAt !== null).length);
    }
    for (const m of miners) await collect(m.client);
  });
});

describe("mint user calls", () => {
  test("GET /v1/mint/user/mine/ answers data.user with power; GET /v1/mint/user/ the profile", async () => {
    const { client, user, email } = await signUp(api);
    const mine = expectOk(await client.call("GET", "/v1/mint/user/mine/"));
    expect(userWithPowerResult.safeParse(mine).success).toBe(true);
    expect(mine.user).toMatchObject({
      id: user.id,
      email,
      invite_code: user.invite_code,
      power: 0,
      vv: "0.00000000",
      btc: "0.00000000",
      twitter: "",
    });
    await start(client);
    expect(expectOk(await client.call("GET", "/v1/mint/user/mine/")).user.power).toBe(100);

    const profile = expectOk(await client.call("GET", "/v1/mint/user/"));
    expect(userSchema.safeParse(profile).success).toBe(true);
    expect(profile).toEqual(expectOk(await client.call("GET", "/v1/user/")));
    expect(profile).toMatchObject({ id: user.id, email, invite_code: user.invite_code, display_id: user.display_id });
    const { power: _power, ...mineUser } = expectOk(await client.call("GET", "/v1/mint/user/mine/")).user;
    expect(mineUser).toEqual(profile);
  });

  test("every mint call without a token answers 300103", async () => {
    const mintRoutes = allRoutes.filter((r) => r.path.startsWith("/v1/mint/"));
    expect(mintRoutes.length).toBeGreaterThanOrEqual(10);
    const anonymous = caller(api);
    const harmless: Record<string, [unknown, Record<string, string>]> = {
      "/v1/mint/task/bonus/collect/": [undefined, { bonus_type: "1" }],
      "/v1/mint/twitter/": [{ twitter: "@someone" }, {}],
    };
    for (const r of mintRoutes) {
      const [body, query] = harmless[r.path] ?? [undefined, {}];
      expectCode(await anonymous.call(r.method, r.path, body, query), ErrorCode.loginExpired);
      // Without the body or parameters too: the missing login is what the client is told.
      expectCode(await anonymous.call(r.method, r.path), ErrorCode.loginExpired);
      expectCode(await caller(api, { token: "not-a-token" }).call(r.method, r.path, body, query), ErrorCode.loginExpired);
    }
  });
});
