import { describe, expect, test } from "vitest";
import { UNITS_PER_COIN, decimalToUnits, unitsToDecimal } from "#contract/money.ts";

describe("money: bigint 1e-8 units <-> decimal strings", () => {
  test.each([
    [0n, "0.00000000"],
    [1n, "0.00000001"],
    [99_999_999n, "0.99999999"],
    [100_000_000n, "1.00000000"],
    [123_456_789n, "1.23456789"],
    [-1n, "-0.00000001"],
    [-150_000_000n, "-1.50000000"],
    [2_100_000_000_000_000n, "21000000.00000000"],
    [12_345_678_901_234_567_890n, "123456789012.34567890"],
  ])("%s units <-> %s", (units, text) => {
    expect(unitsToDecimal(units)).toBe(text);
    expect(decimalToUnits(text)).toBe(units);
  });

  test("round trips across signs and magnitudes", () => {
    for (const units of [0n, 1n, 7n, 10n, 12_345n, UNITS_PER_COIN - 1n, UNITS_PER_COIN, UNITS_PER_COIN + 1n, 10n ** 20n + 3n]) {
      expect(decimalToUnits(unitsToDecimal(units))).toBe(units);
      expect(decimalToUnits(unitsToDecimal(-units))).toBe(-units);
    }
  });

  test("reads shorter fractions and no fraction at all", () => {
    expect(decimalToUnits("1")).toBe(100_000_000n);
    expect(decimalToUnits("1.5")).toBe(150_000_000n);
    expect(decimalToUnits("0.1")).toBe(10_000_000n);
    expect(decimalToUnits("-0.00000001")).toBe(-1n);
    expect(decimalToUnits("  2.25  ")).toBe(225_000_000n);
    expect(decimalToUnits("-0")).toBe(0n);
  });

  test.each([[""], [" "], ["abc"], ["1.123456789"], ["1."], [".5"], ["+1"], ["1e8"], ["1,5"], ["--1"], ["1.2.3"], ["NaN"], ["0x10"]])(
    "rejects %j",
    (text) => {
      expect(() => decimalToUnits(text)).toThrow(RangeError);
    },
  );
});
