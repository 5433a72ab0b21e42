import { describe, expect, test } from "vitest";
import {
  buildSchedule,
  currentRound,
  isRoundBoundary,
  lastClosedRound,
  roundClosesAt,
  roundStartsAt,
  uniformSchedule,
} from "#api/src/domain/airdrop/schedule.ts";

// Round n closes at epoch + n * ROUND_SECONDS; the round in progress is the one that closes next.
describe("round schedule", () => {
  const s = uniformSchedule({ ROUND_EPOCH: "2026-03-01T00:00:00Z", ROUND_SECONDS: 600 });
  const at = (iso: string) => new Date(iso);

  test("uniformSchedule reads the epoch and the round length", () => {
    expect(s.pieces).toEqual([{ startMs: Date.parse("2026-03-01T00:00:00Z"), fromRound: 0, lengthMs: 600_000 }]);
    expect(uniformSchedule({ ROUND_EPOCH: "2026-01-01T00:00:00+02:00", ROUND_SECONDS: 28800 }).pieces).toEqual([
      { startMs: Date.parse("2025-12-31T22:00:00Z"), fromRound: 0, lengthMs: 28_800_000 },
    ]);
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
    const eightHours = uniformSchedule({ ROUND_EPOCH: "2026-01-01T00:00:00Z", ROUND_SECONDS: 28800 });
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

// A rule version that changes the round length starts at a round boundary: rounds keep their
// numbers, and from that boundary on they take the new length.
describe("a schedule whose round length changes", () => {
  const epoch = Date.parse("2026-03-01T00:00:00Z");
  const at = (iso: string) => new Date(iso);
  // 10-minute rounds; from round 6's close (01:00) 30-minute rounds; from round 8's close (02:00) 5-minute ones.
  const s = buildSchedule(epoch, [
    { fromMs: epoch, seconds: 600 },
    { fromMs: Date.parse("2026-03-01T01:00:00Z"), seconds: 1800 },
    { fromMs: Date.parse("2026-03-01T02:00:00Z"), seconds: 300 },
  ]);

  test("rounds before the change keep their times; after it they are the new length from the boundary", () => {
    expect(roundClosesAt(s, 5).toISOString()).toBe("2026-03-01T00:50:00.000Z");
    expect(roundClosesAt(s, 6).toISOString()).toBe("2026-03-01T01:00:00.000Z");
    expect(roundClosesAt(s, 7).toISOString()).toBe("2026-03-01T01:30:00.000Z");
    expect(roundClosesAt(s, 8).toISOString()).toBe("2026-03-01T02:00:00.000Z");
    expect(roundClosesAt(s, 9).toISOString()).toBe("2026-03-01T02:05:00.000Z");
    expect(roundStartsAt(s, 7).toISOString()).toBe("2026-03-01T01:00:00.000Z");
  });

  test("the round in progress and the last closed one follow the numbering across each change", () => {
    expect(currentRound(s, at("2026-03-01T00:59:59Z"))).toBe(6);
    expect(currentRound(s, at("2026-03-01T01:00:00Z"))).toBe(7);
    expect(currentRound(s, at("2026-03-01T01:29:59Z"))).toBe(7);
    expect(currentRound(s, at("2026-03-01T01:30:00Z"))).toBe(8);
    expect(currentRound(s, at("2026-03-01T02:00:00Z"))).toBe(9);
    expect(lastClosedRound(s, at("2026-03-01T02:04:59Z"))).toBe(8);
    expect(currentRound(s, at("2026-03-01T03:00:00Z"))).toBe(21);
  });

  test("every instant still lies inside the round in progress, and each round starts where the one before closed", () => {
    for (let i = 0; i < 400; i++) {
      const t = new Date(epoch + i * 29_123);
      const n = currentRound(s, t);
      expect(roundClosesAt(s, n - 1).getTime()).toBeLessThanOrEqual(t.getTime());
      expect(roundClosesAt(s, n).getTime()).toBeGreaterThan(t.getTime());
    }
    for (let n = 1; n < 40; n++) expect(roundStartsAt(s, n + 1)).toEqual(roundClosesAt(s, n));
  });

  test("boundaries are the closes of this schedule", () => {
    expect(isRoundBoundary(s, at("2026-03-01T01:00:00Z"))).toBe(true);
    expect(isRoundBoundary(s, at("2026-03-01T01:10:00Z"))).toBe(false);
    expect(isRoundBoundary(s, at("2026-03-01T01:30:00Z"))).toBe(true);
    expect(isRoundBoundary(s, at("2026-03-01T02:05:00Z"))).toBe(true);
  });

  test("a length that does not change adds no piece", () => {
    expect(
      buildSchedule(epoch, [
        { fromMs: epoch, seconds: 600 },
        { fromMs: epoch + 3_600_000, seconds: 600 },
      ]).pieces,
    ).toHaveLength(1);
  });
});
