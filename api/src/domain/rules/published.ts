import { decimalToUnits, unitsToDecimal } from "#contract/money.ts";
import type { PublishedRules, RuleValues, RuleVersionWire } from "#contract/rules.ts";
import { toEpochSeconds } from "#contract/time.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { parseSchedule } from "#api/src/domain/tools/schedule.ts";
import type { RuleVersion } from "./book.ts";
import type { Rules } from "./rule-keys.ts";

/** A version's values as clients read them: wire names, money as a decimal string, the stone settings as data. */
function wireValues(r: Rules): RuleValues {
  return {
    round_seconds: r.ROUND_SECONDS,
    vv_per_power_per_round: unitsToDecimal(decimalToUnits(r.VV_PER_POWER_PER_ROUND)),
    suspend_threshold: r.SUSPEND_THRESHOLD,
    start_power: r.START_POWER,
    team_l1_percent: r.TEAM_L1_PERCENT,
    team_l2_percent: r.TEAM_L2_PERCENT,
    bind_power: r.BIND_POWER,
    follow_power: r.FOLLOW_POWER,
    follow_wait_seconds: r.FOLLOW_WAIT_SECONDS,
    invite_power: r.INVITE_POWER,
    invite_friends: r.INVITE_FRIENDS,
    upgrade_power: r.UPGRADE_POWER,
    remind_per_day: r.REMIND_PER_DAY,
    remind_gap_seconds: r.REMIND_GAP_SECONDS,
    stone_schedule: parseSchedule(r.STONE_SCHEDULE).map((run) => ({
      count: Number.isFinite(run.count) ? run.count : null,
      every_days: run.gap,
    })),
    stone_max: r.STONE_MAX,
    stone_power_min: r.STONE_POWER_MIN,
    stone_power_max: r.STONE_POWER_MAX,
    stone_ratios: r.STONE_RATIOS.split(",").map(Number),
    gift_boxes_per_day: r.GIFT_BOXES_PER_DAY,
    gift_boxes_max: r.GIFT_BOXES_MAX,
    gift_power: r.GIFT_POWER,
    notice_hours: r.MIN_RULES_NOTICE_HOURS,
  };
}

function wireVersion(v: RuleVersion): RuleVersionWire {
  return { version: v.version, effective_at: toEpochSeconds(v.effectiveAt), values: wireValues(v.values) };
}

/** What /rules publishes: the version in force, those scheduled after it, and those before it. */
export async function publishedRules(ctx: DomainContext): Promise<PublishedRules> {
  const now = ctx.clock.now();
  const inForce = ctx.ruleBook.at(now);
  const all = ctx.ruleBook.versions;
  const at = all.indexOf(inForce);
  const upcoming = all.slice(at + 1).map(wireVersion);
  return {
    in_force: wireVersion(inForce),
    next: upcoming[0] ?? null,
    upcoming,
    history: all
      .slice(0, at + 1)
      .reverse()
      .map(wireVersion),
    notice_hours: inForce.values.MIN_RULES_NOTICE_HOURS,
    server_time: toEpochSeconds(now),
  };
}
