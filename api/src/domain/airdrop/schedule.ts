/**
 * The global round schedule, one for every user. Round n closes at epoch + n * length while one
 * length holds; a rule version that changes the length starts at a round boundary, and from there
 * rounds keep their numbers and take the new length, counted from that boundary (decision 049).
 * The round in progress at time t is the one that closes next.
 */
export interface Schedule {
  /** In time order; the first starts at the epoch with round 0's close. */
  pieces: readonly SchedulePiece[];
}

interface SchedulePiece {
  /** When this length starts: the close of round `fromRound`. */
  startMs: number;
  fromRound: number;
  lengthMs: number;
}

/**
 * The schedule from the epoch and each length from the moment it starts (the first at the epoch
 * or before; each later one at a boundary of the schedule before it).
 */
export function buildSchedule(epochMs: number, lengths: readonly { fromMs: number; seconds: number }[]): Schedule {
  const [first, ...later] = lengths;
  const pieces: SchedulePiece[] = [{ startMs: epochMs, fromRound: 0, lengthMs: first.seconds * 1000 }];
  for (const next of later) {
    const lengthMs = next.seconds * 1000;
    if (lengthMs === pieces.at(-1)!.lengthMs) continue;
    const sofar = { pieces };
    // The round that closes at its start, or, were the start inside a round, the one in progress.
    const fromRound = currentRound(sofar, new Date(next.fromMs - 1));
    pieces.push({ startMs: roundClosesAt(sofar, fromRound).getTime(), fromRound, lengthMs });
  }
  return { pieces };
}

/** One length from the epoch on. */
export function uniformSchedule(config: { ROUND_EPOCH: string; ROUND_SECONDS: number }): Schedule {
  return buildSchedule(Date.parse(config.ROUND_EPOCH), [{ fromMs: -Infinity, seconds: config.ROUND_SECONDS }]);
}

/** The schedule every domain function goes by: the rule versions' (domain/rules/book.ts). */
export function scheduleOf(ctx: { ruleBook: { schedule: Schedule } }): Schedule {
  return ctx.ruleBook.schedule;
}

/** The round in progress at `at` (1 for the first round after the epoch). */
export function currentRound(s: Schedule, at: Date): number {
  const t = at.getTime();
  const piece = s.pieces.findLast((p) => p.startMs <= t) ?? s.pieces[0];
  return piece.fromRound + Math.floor((t - piece.startMs) / piece.lengthMs) + 1;
}

/** The last round that has closed by `at` (0 when none has). */
export function lastClosedRound(s: Schedule, at: Date): number {
  return currentRound(s, at) - 1;
}

export function roundClosesAt(s: Schedule, round: number): Date {
  const piece = s.pieces.findLast((p) => p.fromRound < round) ?? s.pieces[0];
  return new Date(piece.startMs + (round - piece.fromRound) * piece.lengthMs);
}

/** When round n begins: the previous round's close. */
export function roundStartsAt(s: Schedule, round: number): Date {
  return roundClosesAt(s, round - 1);
}

/** Whether `at` is a round's close (and the next one's start). */
export function isRoundBoundary(s: Schedule, at: Date): boolean {
  return roundClosesAt(s, lastClosedRound(s, at)).getTime() === at.getTime();
}
