import { buildSchedule, roundStartsAt, type Schedule } from "#api/src/domain/airdrop/schedule.ts";
import type { Rules } from "./rule-keys.ts";

export interface RuleVersion {
  version: number;
  effectiveAt: Date;
  values: Rules;
  createdAt: Date;
  note: string;
}

/**
 * The rule versions that take effect (cancelled ones left out), held in memory so reading a rule
 * costs nothing. Which version applies depends only on the clock and the versions' start times,
 * never on when an instance last read them: a version is scheduled hours ahead, and every
 * instance re-reads the list at each scheduler tick (refreshRules), so all switch at the same
 * instant. Every domain context of a process shares one book.
 */
export class RuleBook {
  private list: readonly RuleVersion[] = [];
  private built: Schedule | undefined;

  constructor(
    private readonly epochMs: number,
    versions: readonly RuleVersion[],
  ) {
    this.replace(versions);
  }

  /** Takes a fresh read of the versions; there is always at least version 1. */
  replace(versions: readonly RuleVersion[]): void {
    if (versions.length === 0) throw new Error("no rule version: version 1 is written at the first start");
    this.list = [...versions].sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime());
    this.built = buildSchedule(
      this.epochMs,
      this.list.map((v) => ({ fromMs: v.effectiveAt.getTime(), seconds: v.values.ROUND_SECONDS })),
    );
  }

  /** Every version that takes effect, in time order: past, in force and scheduled. */
  get versions(): readonly RuleVersion[] {
    return this.list;
  }

  /** The round schedule the versions' round lengths make (airdrop/schedule.ts). */
  get schedule(): Schedule {
    return this.built!;
  }

  /** The version in force at `at`: the last to have started by then (version 1 before anything started). */
  at(at: Date): RuleVersion {
    const t = at.getTime();
    return this.list.findLast((v) => v.effectiveAt.getTime() <= t) ?? this.list[0];
  }

  /**
   * The version a round is paid by: the one in force while it ran. Versions start only at round
   * boundaries, so that is the one in force at its start; the round closing at a version's start
   * is still the previous version's.
   */
  forRound(round: number): RuleVersion {
    return this.at(roundStartsAt(this.schedule, round));
  }
}
