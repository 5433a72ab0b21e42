import { describe, expect, test } from "vitest";
import { currentRound, lastClosedRound, roundClosesAt, scheduleOf } from "#api/src/domain/airdrop/schedule.ts";

// Round n closes at epoch + n * ROUND_SECONDS; the round in progress is the one that closes next.
describe("round schedule", () => {
  const s = scheduleOf({ ROUND_EPOCH: "2026-03-01T00:00:00Z", ROUND_SECONDS: 600 });
  const at = (iso: string) => new Date(iso);

  test("scheduleOf reads the epoch and the round length", () => {
    expect(s).toEqual({ epochMs: Date.parse("2026-03-01T00:00:00Z"), lengthMs: 600_000 });
    expect(scheduleOf({ ROUND_EPOCH: "2026-01-01T00:00:00+02:00", ROUND_SECONDS: 28800 })).toEqual({
      epochMs: Date.parse("2025-12-31T22:00:00Z"),
      lengthMs: 28_800_000,
    });
  });

  test("round 1 runs from the epoch to epoch + length; rounds are numbered from the epoch", () => {
    expect(currentRound(s, at("2026-03-01T00:00:00Z"))).toBe(1);
    expect(currentRound(s, at("2026-03-01T00:09:59.999Z"))).toBe(1);
    expect(currentRound(s, at("2026-03-01T00:10:00Z"))).toBe(2);
    expect(currentRound(s, at("2026-03-01T08:00:00Z"))).toBe(49);
    expect(currentRound(s, at("2026-03-02T00:00:00Z"))).toBe(145);
  });

  test("the last closed round is the one before the round in progress", () => {
    expect(lastClosedRound(s, at("2026-03-01T00:05:00Z"))).toBe(0);
    expect(lastClosedRound(s, at("2026-03-01T00:10:00Z"))).toBe(1);
    expect(lastClosedRound(s, at("2026-03-01T08:09:59Z"))).toBe(48);
    expect(lastClosedRound(s, at("2026-03-01T08:10:00Z"))).toBe(49);
  });

  test("round n closes at epoch + n * length", () => {
    expect(roundClosesAt(s, 0).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(roundClosesAt(s, 1).toISOString()).toBe("2026-03-01T00:10:00.000Z");
    expect(roundClosesAt(s, 49).toISOString()).toBe("2026-03-01T08:10:00.000Z");
    const eightHours = scheduleOf({ ROUND_EPOCH: "2026-01-01T00:00:00Z", ROUND_SECONDS: 28800 });
    expect(roundClosesAt(eightHours, 3).toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  test("every instant lies inside the round in progress: close(n-1) <= t < close(n)", () => {
    const start = Date.parse("2026-03-01T00:00:00Z");
    for (let i = 0; i < 500; i++) {
      const t = new Date(start + i * 7_919_123); // a step that is not a multiple of the length
      const n = currentRound(s, t);
      expect(roundClosesAt(s, n - 1).getTime()).toBeLessThanOrEqual(t.getTime());
      expect(roundClosesAt(s, n).getTime()).toBeGreaterThan(t.getTime());
      expect(lastClosedRound(s, t)).toBe(n - 1);
    }
  });
});
