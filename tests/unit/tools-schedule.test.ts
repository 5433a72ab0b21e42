import { describe, expect, test } from "vitest";
import { parseSchedule, stoneDueDay, stonesDueBy } from "#api/src/domain/tools/schedule.ts";
import { exchangeGain } from "#api/src/domain/tools/stones.ts";

// The stone schedule: the first 32 stones one a day, the next 16 every 2 days, the next 8 every 4 days,
// the next 2 every 16 days, then one every 32 days; stone 1 on the day of registration.
const DEFAULT = "32x1,16x2,8x4,2x16,*x32";
const runs = parseSchedule(DEFAULT);

/** The due days written out by hand, independent of the code under test. */
function expectedDays(n: number): number[] {
  const days: number[] = [];
  for (let d = 0; d <= 31; d++) days.push(d); // stones 1-32
  for (let d = 33; d <= 63; d += 2) days.push(d); // stones 33-48
  for (let d = 67; d <= 95; d += 4) days.push(d); // stones 49-56
  days.push(111, 127); // stones 57-58
  for (let d = 159; days.length < n; d += 32) days.push(d); // stone 59 onwards
  return days.slice(0, n);
}

describe("parseSchedule", () => {
  test("the default reads as runs of count x gap, the last one endless", () => {
    expect(runs).toEqual([
      { count: 32, gap: 1 },
      { count: 16, gap: 2 },
      { count: 8, gap: 4 },
      { count: 2, gap: 16 },
      { count: Infinity, gap: 32 },
    ]);
  });

  test("a schedule of the endless run alone", () => {
    expect(parseSchedule("*x7")).toEqual([{ count: Infinity, gap: 7 }]);
    const weekly = parseSchedule("*x7");
    expect([1, 2, 3, 10].map((k) => stoneDueDay(weekly, k))).toEqual([0, 7, 14, 63]);
    expect(stonesDueBy(weekly, 0)).toBe(1);
    expect(stonesDueBy(weekly, 6)).toBe(1);
    expect(stonesDueBy(weekly, 7)).toBe(2);
  });

  test("a first run with a gap other than 1: stone 1 is still due on day 0", () => {
    const s = parseSchedule("3x5,*x10");
    expect([1, 2, 3, 4, 5].map((k) => stoneDueDay(s, k))).toEqual([0, 5, 10, 20, 30]);
  });
});

describe("stoneDueDay on the default schedule", () => {
  test.each([
    [1, 0],
    [2, 1],
    [32, 31],
    [33, 33],
    [34, 35],
    [48, 63],
    [49, 67],
    [56, 95],
    [57, 111],
    [58, 127],
    [59, 159],
    [60, 191],
    [61, 223],
    [70, 159 + 11 * 32],
  ])("stone %i is due on day %i", (k, day) => {
    expect(stoneDueDay(runs, k)).toBe(day);
  });

  test("after stone 59, one every 32 days", () => {
    for (let k = 59; k < 100; k++) expect(stoneDueDay(runs, k + 1) - stoneDueDay(runs, k)).toBe(32);
  });

  test("stones 1-100 match the schedule written out by hand", () => {
    const days = Array.from({ length: 100 }, (_, i) => stoneDueDay(runs, i + 1));
    expect(days).toEqual(expectedDays(100));
  });

  test("due days strictly increase", () => {
    for (let k = 1; k < 100; k++) expect(stoneDueDay(runs, k + 1)).toBeGreaterThan(stoneDueDay(runs, k));
  });
});

describe("stonesDueBy on the default schedule", () => {
  test.each([
    [0, 1],
    [1, 2],
    [31, 32],
    [32, 32],
    [33, 33],
    [34, 33],
    [63, 48],
    [66, 48],
    [67, 49],
    [95, 56],
    [110, 56],
    [111, 57],
    [127, 58],
    [158, 58],
    [159, 59],
    [190, 59],
    [191, 60],
    [400, 59 + Math.floor((400 - 159) / 32)],
  ])("by day %i, %i stones are due", (day, n) => {
    expect(stonesDueBy(runs, day)).toBe(n);
  });

  test("counts every day of the first 1000 against the hand-written schedule", () => {
    const days = expectedDays(100);
    for (let d = 0; d <= 1000 && d < days[days.length - 1]; d++) {
      expect(stonesDueBy(runs, d), `day ${d}`).toBe(days.filter((x) => x <= d).length);
    }
  });

  test("stonesDueBy(stoneDueDay(k)) is k, and one day earlier k - 1, for k up to 100", () => {
    for (let k = 1; k <= 100; k++) {
      const day = stoneDueDay(runs, k);
      expect(stonesDueBy(runs, day), `stone ${k}`).toBe(k);
      expect(stonesDueBy(runs, day - 1), `the day before stone ${k}`).toBe(k - 1);
    }
  });

  test("before registration no stone is due", () => {
    expect(stonesDueBy(runs, -1)).toBe(0);
  });
});

describe("exchangeGain: own power + floor(own power x the sum of rates / 100)", () => {
  test.each([
    [10, 10, 11],
    [100, 5, 105],
    [100, 80, 180],
    [55, 15, 63], // 8.25 rounds down
    [99, 35, 133], // 34.65
    [10, 5, 10], // 0.5
    [19, 5, 19], // 0.95
    [20, 5, 21],
    [73, 0, 73],
    [37, 45, 53], // 16.65
    [100, 100, 200], // five fire stones
  ])("power %i, rates summing to %i%% -> %i", (power, sum, gain) => {
    expect(exchangeGain(power, sum)).toBe(gain);
  });

  test("agrees with the formula for every power 10-100 and every reachable rate sum", () => {
    for (let power = 10; power <= 100; power++) {
      for (let sum = 10; sum <= 100; sum += 5) {
        expect(exchangeGain(power, sum)).toBe(power + Math.floor((power * sum) / 100));
      }
    }
  });
});
