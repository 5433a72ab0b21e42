import type { AirdropInfo } from "#contract/airdrop.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { toEpochSeconds } from "#contract/time.ts";
import type { UserRow } from "#api/src/domain/profile/users.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { ratesOf, roundAmount, teamPower } from "#api/src/domain/power/team-power.ts";
import { roundRules } from "#api/src/domain/rules/in-force.ts";
import type { AirdropFacts } from "./facts.ts";
import { roundClosesAt, scheduleOf } from "./schedule.ts";
import { officialHandle, followClaimAt } from "./social.ts";
import { statusOf } from "./status.ts";

/** Where the user's airdrop stands, their power, and what the round in progress brings them. */
export function airdropInfo(ctx: DomainContext, user: UserRow, facts: AirdropFacts): AirdropInfo {
  const { now, round, minter, unclaimed, team } = facts;
  const schedule = scheduleOf(ctx);
  // The round in progress: what it brings is by the rules it runs under.
  const inRound = roundRules(ctx, round);
  const rates = ratesOf(inRound);
  const status = statusOf(minter, round);
  const perRound = roundAmount(user.power, team.l1, team.l2, rates);
  // The round in progress pays only users minting through it who are not about to be paused.
  const paysNext = status === "minting" && unclaimed.count < inRound.SUSPEND_THRESHOLD;
  const team_power = teamPower(team.l1, team.l2, rates);
  const followAt = followClaimAt(ctx, user);
  return {
    user_id: user.id,
    btc: unitsToDecimal(user.btc),
    vv: unitsToDecimal(user.vv),
    power: user.power + team_power,
    own_power: user.power,
    team_power,
    last_collect_at: minter?.lastCollectAt ? toEpochSeconds(minter.lastCollectAt) : null,
    follow_twitter: user.followedAt ? 1 : 0,
    twitter: user.socialHandle ?? "",
    official_twitter: officialHandle(ctx),
    follow_claim_at: followAt ? toEpochSeconds(followAt) : null,
    mint_status: status,
    un_collect_round: unclaimed.count,
    un_collect_amount: unitsToDecimal(unclaimed.total),
    suspend_threshold: inRound.SUSPEND_THRESHOLD,
    next_round_number: round,
    next_round_timestamp: toEpochSeconds(roundClosesAt(schedule, round)),
    round_seconds: inRound.ROUND_SECONDS,
    next_round_token: unitsToDecimal(paysNext ? perRound : 0n),
    round_token: unitsToDecimal(perRound),
    server_time: toEpochSeconds(now),
  };
}
