import { sql, type Placeholder } from "drizzle-orm";
import { decimalToUnits } from "#contract/money.ts";
import type { Db } from "#api/src/db/client.ts";
import { prepared } from "#api/src/db/prepared.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * Team Power (a share of minting members' own power) lives here: `teamPower` is the rule,
 * `teamSums` and the round distribution's SQL gather its inputs.
 * tests/api/team-power-agreement.test.ts checks that the SQL and these functions agree on random
 * teams.
 */
interface Rates {
  /** VV units (1e-8) paid per unit of effective power per round. */
  unitsPerPower: bigint;
  l1Percent: number;
  l2Percent: number;
}

export function ratesOf(config: { VV_PER_POWER_PER_ROUND: string; TEAM_L1_PERCENT: number; TEAM_L2_PERCENT: number }): Rates {
  return {
    unitsPerPower: decimalToUnits(config.VV_PER_POWER_PER_ROUND),
    l1Percent: config.TEAM_L1_PERCENT,
    l2Percent: config.TEAM_L2_PERCENT,
  };
}

/**
 * Team Power: a share of the own power of level-1 and level-2 members who are minting, rounded
 * down. A deleted or banned member is not minting, whatever its airdrop row says: an account
 * that has ended earns its inviters nothing.
 */
export function teamPower(l1Sum: number, l2Sum: number, r: Rates): number {
  return Math.floor((l1Sum * r.l1Percent + l2Sum * r.l2Percent) / 100);
}

/**
 * One round's VV for a user, in units: effective power (own + the integer Team Power, the
 * `power` clients see) x VV_PER_POWER_PER_ROUND, exactly (power is an integer, VV a count of
 * 1e-8 units).
 */
export function roundAmount(own: number, l1Sum: number, l2Sum: number, r: Rates): bigint {
  return BigInt(own + teamPower(l1Sum, l2Sum, r)) * r.unitsPerPower;
}

/**
 * Own power of the level-1 and level-2 members who are minting in `round` (neither deleted nor
 * banned, as the round distribution counts them), as text (sums of
 * bigints): the select behind `teamSums`, also read beside other facts in one query (airdrop/facts.ts).
 */
export function teamSumsSelect(db: Db, user: Placeholder, round: Placeholder) {
  return db
    .select({
      l1: sql<string>`coalesce(sum(u.power) filter (where u.inviter_id = ${user}), 0)::text`.as("l1"),
      l2: sql<string>`coalesce(sum(u.power) filter (where u.inviter_id <> ${user}), 0)::text`.as("l2"),
    })
    .from(sql`users u join minters m on m.user_id = u.id`)
    .where(
      sql`m.suspended_at is null and m.mint_from_round <= ${round} and u.deleted_at is null and u.banned_at is null
        and (u.inviter_id = ${user} or u.inviter_id in (select id from users where inviter_id = ${user}))`,
    );
}

/** Own power of the level-1 and level-2 members who are minting in `round`. */
export async function teamSums(ctx: DomainContext, userId: number, round: number): Promise<{ l1: number; l2: number }> {
  const [row] = await prepared(ctx.db, "team_sums", (db) =>
    teamSumsSelect(db, sql.placeholder("user"), sql.placeholder("round")).prepare("team_sums"),
  ).execute({
    user: userId,
    round,
  });
  return { l1: Number(row.l1), l2: Number(row.l2) };
}
