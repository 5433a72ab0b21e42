/**
 * The global round schedule, one for every user: round n closes at epoch + n * length.
 * The round in progress at time t is the one that closes next.
 */
export interface Schedule {
  epochMs: number;
  lengthMs: number;
}

export function scheduleOf(config: { ROUND_EPOCH: string; ROUND_SECONDS: number }): Schedule {
  return { epochMs: Date.parse(config.ROUND_EPOCH), lengthMs: config.ROUND_SECONDS * 1000 };
}

/** The round in progress at `at` (1 for the first round after the epoch). */
export function currentRound(s: Schedule, at: Date): number {
  return Math.floor((at.getTime() - s.epochMs) / s.lengthMs) + 1;
}

/** The last round that has closed by `at` (0 when none has). */
export function lastClosedRound(s: Schedule, at: Date): number {
  return currentRound(s, at) - 1;
}

export function roundClosesAt(s: Schedule, round: number): Date {
  return new Date(s.epochMs + round * s.lengthMs);
}
