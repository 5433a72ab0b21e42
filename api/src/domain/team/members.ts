import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { TEAM_PAGE_SIZE, type TeamList, type TeamMember } from "#contract/team.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { rowsOf } from "#api/src/db/client.ts";
import { minters, users } from "#api/src/db/schema.ts";
import { currentRound, scheduleOf } from "#api/src/domain/airdrop/schedule.ts";
import { statusOf } from "#api/src/domain/airdrop/status.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { ratesOf, teamPower, teamSums } from "#api/src/domain/power/team-power.ts";
import { legacyName, personFields } from "#api/src/domain/profile/people.ts";
import { roundRules } from "#api/src/domain/rules/in-force.ts";
import { decodeCursor, encodeCursor, type TeamCursor } from "./cursor.ts";

export type TeamLevel = 1 | 2;

/** Level 1: the user's invitees; level 2: their invitees' invitees. */
export function levelCondition(userId: number, level: TeamLevel): SQL {
  return level === 1 ? sql`${users.inviterId} = ${userId}` : sql`${users.inviterId} in (select id from users where inviter_id = ${userId})`;
}

async function page(ctx: DomainContext, userId: number, input: { level: TeamLevel; after?: TeamCursor }) {
  const { after } = input;
  // A row comparison on the index's own order, so page 500 starts where page 499 ended
  // instead of skipping 9,980 rows.
  const keyset = after
    ? sql`(${users.createdAt}, ${users.id}) < (timestamptz 'epoch' + ${after.atMicros}::bigint * interval '1 microsecond', ${after.id}::bigint)`
    : undefined;
  const rows = await ctx.db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      atMicros: sql<string>`(extract(epoch from ${users.createdAt}) * 1000000)::bigint::text`,
      power: users.power,
      name: users.name,
      displayId: users.displayId,
      avatar: users.avatar,
      minter: minters,
    })
    .from(users)
    .leftJoin(minters, eq(minters.userId, users.id))
    .where(and(levelCondition(userId, input.level), isNull(users.deletedAt), keyset))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(TEAM_PAGE_SIZE + 1);
  const more = rows.length > TEAM_PAGE_SIZE;
  const shown = rows.slice(0, TEAM_PAGE_SIZE);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last ? encodeCursor({ atMicros: last.atMicros, id: String(last.id) }) : null };
}

async function counts(ctx: DomainContext, userId: number, round: number): Promise<TeamList["counts"]> {
  const [row] = rowsOf<Record<"l1" | "l1m" | "l2" | "l2m", number>>(
    await ctx.db.execute(sql`
      select
        count(*) filter (where level = 1)::int as l1,
        count(*) filter (where level = 1 and minting)::int as l1m,
        count(*) filter (where level = 2)::int as l2,
        count(*) filter (where level = 2 and minting)::int as l2m
      from (
        select case when ${levelCondition(userId, 1)} then 1 else 2 end as level,
          coalesce(m.suspended_at is null and m.mint_from_round <= ${round}, false) as minting
        from users left join minters m on m.user_id = users.id
        where (${levelCondition(userId, 1)} or ${levelCondition(userId, 2)}) and users.deleted_at is null
      ) t`),
  );
  return { level1: { total: row.l1, minting: row.l1m }, level2: { total: row.l2, minting: row.l2m } };
}

/**
 * One page of the user's level-1 or level-2 team (TEAM_PAGE_SIZE members), newest first, with the counts
 * per level and Team Power split by level as the airdrop counts it. Never an e-mail.
 */
export async function teamMembers(ctx: DomainContext, userId: number, input: { level: TeamLevel; cursor?: string }): Promise<TeamList> {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const round = currentRound(scheduleOf(ctx), ctx.clock.now());
  const rates = ratesOf(roundRules(ctx, round));
  const [{ rows, nextCursor }, perLevel, sums] = await Promise.all([
    page(ctx, userId, { level: input.level, after }),
    counts(ctx, userId, round),
    teamSums(ctx, userId, round),
  ]);
  const list: TeamMember[] = rows.map((r) => ({
    user_id: r.id,
    register_at: toEpochSeconds(r.createdAt),
    power: r.power,
    mint_status: statusOf(r.minter ?? undefined, round),
    invite_reward: input.level === 1 && r.minter !== null,
    name: legacyName(r),
    ...personFields(r),
    avatar: r.avatar,
  }));
  const team_power = teamPower(sums.l1, sums.l2, rates);
  const level1_power = teamPower(sums.l1, 0, rates);
  return {
    list,
    next_cursor: nextCursor,
    counts: perLevel,
    team_power,
    level1_power,
    // The rest of Team Power, so the two parts add up to it exactly after rounding down.
    level2_power: team_power - level1_power,
  };
}
