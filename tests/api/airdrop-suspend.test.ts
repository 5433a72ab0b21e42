import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { closeOf, collect, mintInfo, mintList, roundConfig, setInRound, start, tables } from "./airdrop-helpers.ts";
import { expectOk, signUp } from "./helpers.ts";

// Suspension: a user who already holds SUSPEND_THRESHOLD unclaimed rounds when a round closes
// gets no row for it and becomes `suspend`; a claim puts them back to `wait` for the NEXT round.
for (const threshold of [3, 2]) {
  describe(`SUSPEND_THRESHOLD=${threshold}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi(roundConfig({ SUSPEND_THRESHOLD: String(threshold) }));
    });
    afterAll(async () => api.close());

    test("suspension at the threshold, no row for the suspending round, resume from the next round, VV kept", async () => {
      const first = 49;
      const idle = await signUp(api); // never claims
      const steady = await signUp(api); // claims after every round
      setInRound(api, first, 60);
      await start(idle.client);
      await start(steady.client);
      expect((await mintInfo(idle.client)).suspend_threshold).toBe(threshold);

      const closeAndDistribute = async (round: number) => {
        setInRound(api, round + 1, 1);
        const results = await api.distribute();
        expect(results.map((r) => r.round)).toEqual([round]);
        return results[0];
      };

      // Rounds 50 .. 50+threshold-1: a row each, unclaimed.
      for (let k = 0; k < threshold; k++) {
        const round = first + 1 + k;
        const result = await closeAndDistribute(round);
        expect(result).toMatchObject({ participants: 2, suspended: 0, total: 200_000_000n });
        await collect(steady.client);
        const info = await mintInfo(idle.client);
        expect(info).toMatchObject({
          mint_status: "minting",
          un_collect_round: k + 1,
          un_collect_amount: `${k + 1}.00000000`,
          suspend_threshold: threshold,
          // The round in progress would suspend the user rather than pay them once the threshold is held.
          next_round_token: k + 1 < threshold ? "1.00000000" : "0.00000000",
          round_token: "1.00000000",
          vv: "0.00000000",
        });
      }

      // The next close suspends instead of paying.
      const suspending = first + 1 + threshold;
      expect(await closeAndDistribute(suspending)).toMatchObject({ round: suspending, participants: 1, suspended: 1, total: 100_000_000n });
      await collect(steady.client);
      let info = await mintInfo(idle.client);
      expect(info).toMatchObject({
        mint_status: "suspend",
        un_collect_round: threshold,
        un_collect_amount: `${threshold}.00000000`,
        suspend_threshold: threshold,
        next_round_token: "0.00000000",
        vv: "0.00000000",
      });
      let list = await mintList(idle.client);
      expect(list.map((r) => r.round_number)).toEqual(Array.from({ length: threshold }, (_, i) => first + threshold - i));
      expect(list.every((r) => !r.collected)).toBe(true);

      // Suspended: later rounds pay nothing and do not count again as a suspension.
      expect(await closeAndDistribute(suspending + 1)).toMatchObject({ participants: 1, suspended: 0 });
      await collect(steady.client);
      expect((await mintList(idle.client)).length).toBe(threshold);
      expect((await mintInfo(idle.client)).mint_status).toBe("suspend");
      // Starting again changes nothing.
      expect(await start(idle.client)).toEqual({ mint_status: "suspend", power_granted: 0 });

      // Claiming in round `resumeIn` pays every unclaimed round and rejoins from the NEXT round.
      const resumeIn = suspending + 2;
      expect(await collect(idle.client)).toEqual({ amount: `${threshold}.00000000`, rounds: threshold, resumed: true });
      info = await mintInfo(idle.client);
      expect(info).toMatchObject({
        mint_status: "wait",
        vv: `${threshold}.00000000`,
        un_collect_round: 0,
        un_collect_amount: "0.00000000",
        next_round_number: resumeIn,
        next_round_token: "0.00000000",
        last_collect_at: Math.floor(api.clock.now().getTime() / 1000),
      });
      // A second claim right after pays nothing and resumes nothing.
      expect(await collect(idle.client)).toEqual({ amount: "0.00000000", rounds: 0, resumed: false });

      // The round in progress when the claim came pays nothing to this user...
      await closeAndDistribute(resumeIn);
      await collect(steady.client);
      expect((await mintList(idle.client)).map((r) => r.round_number)).not.toContain(resumeIn);
      expect(await mintInfo(idle.client)).toMatchObject({ mint_status: "minting", next_round_token: "1.00000000" });
      // ...the next one does.
      await closeAndDistribute(resumeIn + 1);
      await collect(steady.client);
      list = await mintList(idle.client);
      expect(list[0]).toMatchObject({
        round_number: resumeIn + 1,
        airdrop_at: closeOf(resumeIn + 1),
        amount: "1.00000000",
        collected: false,
      });

      // Never claiming again: suspended again after `threshold` rows; the VV already earned stays.
      let round = resumeIn + 1;
      while ((await mintInfo(idle.client)).mint_status !== "suspend") {
        round++;
        await closeAndDistribute(round);
        await collect(steady.client);
        expect(round).toBeLessThanOrEqual(resumeIn + 1 + threshold);
      }
      expect(round).toBe(resumeIn + 1 + threshold);
      info = await mintInfo(idle.client);
      expect(info).toMatchObject({ mint_status: "suspend", vv: `${threshold}.00000000`, un_collect_round: threshold });
      expect(expectOk(await idle.client.call("GET", "/v1/user/")).vv).toBe(`${threshold}.00000000`);
      list = await mintList(idle.client);
      expect(list.filter((r) => r.collected)).toHaveLength(threshold);
      expect(list.filter((r) => !r.collected)).toHaveLength(threshold);

      // The steady user was never suspended and holds one row for every round since the first.
      const steadyInfo = await mintInfo(steady.client);
      expect(steadyInfo).toMatchObject({ mint_status: "minting", un_collect_round: 0 });
      expect(steadyInfo.vv).toBe(`${round - first}.00000000`);

      // The database agrees: no row for the suspending rounds, the global rounds count only the paid.
      const db = await tables(api);
      const idleRounds = db.userRounds.filter((r) => r.userId === idle.user.id).map((r) => r.roundNumber);
      expect(idleRounds).not.toContain(suspending);
      expect(idleRounds).not.toContain(suspending + 1);
      expect(db.rounds.find((r) => r.roundNumber === suspending)).toMatchObject({ participants: 1, totalAmount: 100_000_000n, claims: 1 });
      expect(db.minters.find((m) => m.userId === idle.user.id)!.suspendedAt?.getTime()).toBe(closeOf(round) * 1000);
    });
  });
}
