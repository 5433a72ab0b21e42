import { describe, expect, test } from "vitest";
import { unitsToDecimal } from "#contract/money.ts";
import { ratesOf, roundAmount, teamPower } from "#api/src/domain/power/team-power.ts";

const defaults = ratesOf({ VV_PER_POWER_PER_ROUND: "0.01", TEAM_L1_PERCENT: 25, TEAM_L2_PERCENT: 5 });
const vv = (own: number, l1: number, l2: number, rates = defaults) => unitsToDecimal(roundAmount(own, l1, l2, rates));

describe("rates", () => {
  test("VV_PER_POWER_PER_ROUND becomes 1e-8 units, percentages are kept", () => {
    expect(defaults).toEqual({ unitsPerPower: 1_000_000n, l1Percent: 25, l2Percent: 5 });
    expect(ratesOf({ VV_PER_POWER_PER_ROUND: "0.00000001", TEAM_L1_PERCENT: 0, TEAM_L2_PERCENT: 0 }).unitsPerPower).toBe(1n);
    expect(ratesOf({ VV_PER_POWER_PER_ROUND: "12.5", TEAM_L1_PERCENT: 30, TEAM_L2_PERCENT: 7 }).unitsPerPower).toBe(1_250_000_000n);
  });
});

describe("Team Power: 25% of level-1 + 5% of level-2 own power, an integer", () => {
  test.each([
    [0, 0, 0],
    [100, 0, 25],
    [0, 100, 5],
    [100, 100, 30],
    [400, 1000, 150],
    [110, 0, 27], // 27.5 rounds down
    [3, 0, 0], // 0.75
    [0, 19, 0], // 0.95
    [2, 10, 1], // 0.5 + 0.5: the sum is rounded once, not each share
    [120, 100, 35],
  ])("l1 %i, l2 %i -> %i", (l1, l2, expected) => {
    expect(teamPower(l1, l2, defaults)).toBe(expected);
  });

  test("the percentages come from the rates", () => {
    const r = ratesOf({ VV_PER_POWER_PER_ROUND: "0.01", TEAM_L1_PERCENT: 33, TEAM_L2_PERCENT: 7 });
    expect(teamPower(120, 100, r)).toBe(46); // 39.6 + 7 = 46.6
    expect(teamPower(100, 0, r)).toBe(33);
    const none = ratesOf({ VV_PER_POWER_PER_ROUND: "0.01", TEAM_L1_PERCENT: 0, TEAM_L2_PERCENT: 0 });
    expect(teamPower(10_000, 10_000, none)).toBe(0);
  });
});

describe("round amount = effective power x VV_PER_POWER_PER_ROUND, exactly", () => {
  test("own power only", () => {
    expect(vv(0, 0, 0)).toBe("0.00000000");
    expect(vv(1, 0, 0)).toBe("0.01000000");
    expect(vv(100, 0, 0)).toBe("1.00000000");
    expect(vv(170, 0, 0)).toBe("1.70000000");
  });

  test("with Team Power: own + the integer Team Power", () => {
    expect(vv(100, 100, 100)).toBe("1.30000000");
    expect(vv(100, 200, 0)).toBe("1.50000000");
    // Team Power 27 (27.5 rounded down): the amount is 127 x 0.01, the power the client sees.
    expect(vv(100, 110, 0)).toBe("1.27000000");
    expect(vv(0, 3, 0)).toBe("0.00000000");
    expect(vv(100, 2, 10)).toBe("1.01000000");
  });

  test("the amount equals (own + teamPower) x rate for every input and rate", () => {
    const rates = [
      ratesOf({ VV_PER_POWER_PER_ROUND: "0.01", TEAM_L1_PERCENT: 25, TEAM_L2_PERCENT: 5 }),
      ratesOf({ VV_PER_POWER_PER_ROUND: "0.01234567", TEAM_L1_PERCENT: 33, TEAM_L2_PERCENT: 7 }),
      ratesOf({ VV_PER_POWER_PER_ROUND: "0.00000001", TEAM_L1_PERCENT: 10, TEAM_L2_PERCENT: 3 }),
      ratesOf({ VV_PER_POWER_PER_ROUND: "3", TEAM_L1_PERCENT: 100, TEAM_L2_PERCENT: 50 }),
    ];
    for (const r of rates) {
      for (const own of [0, 1, 99, 100, 171, 12_345]) {
        for (const l1 of [0, 1, 3, 110, 997]) {
          for (const l2 of [0, 1, 19, 333]) {
            const effective = own + teamPower(l1, l2, r);
            expect(roundAmount(own, l1, l2, r)).toBe(BigInt(effective) * r.unitsPerPower);
          }
        }
      }
    }
  });

  test("8-decimal rates stay exact (no floats)", () => {
    const r = ratesOf({ VV_PER_POWER_PER_ROUND: "0.01234567", TEAM_L1_PERCENT: 25, TEAM_L2_PERCENT: 5 });
    expect(vv(100, 0, 0, r)).toBe("1.23456700");
    expect(vv(120, 0, 0, r)).toBe("1.48148040");
    expect(vv(170, 0, 0, r)).toBe("2.09876390");
    expect(vv(100, 100, 100, r)).toBe("1.60493710"); // 130 x 0.01234567
    const big = ratesOf({ VV_PER_POWER_PER_ROUND: "98765.43210987", TEAM_L1_PERCENT: 25, TEAM_L2_PERCENT: 5 });
    expect(vv(2_000_000_000, 0, 0, big)).toBe("197530864219740.00000000");
  });
});
