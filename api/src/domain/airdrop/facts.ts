import { and, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "#api/src/db/client.ts";
import { prepared } from "#api/src/db/prepared.ts";
import { minters, powerGrants, userRounds, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { teamSumsSelect } from "#api/src/domain/power/team-power.ts";
import { currentRound, scheduleOf } from "./schedule.ts";

/** What a user's airdrop info and bonus tasks are worked out from, as of `now`. */
export interface AirdropFacts {
  now: Date;
  round: number;
  minter: typeof minters.$inferSelect | undefined;
  unclaimed: { count: number; total: bigint };
  /** Own power of the minting level-1 and level-2 members, what Team Power is a share of. */
  team: { l1: number; l2: number };
  /** The reasons of the power grants the user has had (a task's reward is one). */
  granted: Set<string>;
  startedInvitees: number;
}

/**
 * Counts the user's level-1 invitees who have started their airdrop (the invite reward, the
 * campaign task); a deleted or banned account is nobody's friend any more.
 */
function startedInviteesSelect(db: Db, user: Placeholder) {
  return db
    .select({ n: sql<number>`count(*)::int`.as("n") })
    .from(users)
    .innerJoin(minters, eq(minters.userId, users.id))
    .where(and(eq(users.inviterId, user), isNull(users.deletedAt), isNull(users.bannedAt)));
}

export async function startedInvitees(ctx: DomainContext, userId: number): Promise<number> {
  const [row] = await prepared(ctx.db, "started_invitees", (db) =>
    startedInviteesSelect(db, sql.placeholder("user")).prepare("started_invitees"),
  ).execute({
    user: userId,
  });
  return row.n;
}

function factsQuery(db: Db) {
  const user: Placeholder = sql.placeholder("user");
  const unclaimed = db
    .select({
      count: sql<number>`count(*)::int`.as("unclaimed_count"),
      total: sql<string>`coalesce(sum(${userRounds.amount}), 0)::text`.as("unclaimed_total"),
    })
    .from(userRounds)
    .where(and(eq(userRounds.userId, user), isNull(userRounds.collectedAt)))
    .as("unclaimed");
  const grants = db
    .select({ reasons: sql<string[]>`coalesce(array_agg(${powerGrants.reason}), '{}')`.as("reasons") })
    .from(powerGrants)
    .where(eq(powerGrants.userId, user))
    .as("grants");
  const team = teamSumsSelect(db, user, sql.placeholder("round")).as("team");
  const invited = startedInviteesSelect(db, user).as("invited");
  return (
    db
      .select({
        minter: minters,
        unclaimed: { count: unclaimed.count, total: unclaimed.total },
        reasons: grants.reasons,
        l1: team.l1,
        l2: team.l2,
        invited: invited.n,
      })
      .from(users)
      .leftJoin(minters, eq(minters.userId, users.id))
      // Each an aggregate without grouping: exactly one row, whatever the user has.
      .crossJoinLateral(unclaimed)
      .crossJoinLateral(grants)
      .crossJoinLateral(team)
      .crossJoinLateral(invited)
      .where(eq(users.id, user))
      .prepare("airdrop_facts")
  );
}

/**
 * One query for what the airdrop page shows besides the rounds. Read apart, these were five
 * queries for every page view; PGlite runs each on one thread, so under load every one of them
 * waited its turn.
 */
export async function airdropFacts(ctx: DomainContext, userId: number): Promise<AirdropFacts> {
  const now = ctx.clock.now();
  const round = currentRound(scheduleOf(ctx), now);
  const [row] = await prepared(ctx.db, "airdrop_facts", factsQuery).execute({ user: userId, round });
  return {
    now,
    round,
    minter: row.minter ?? undefined,
    unclaimed: { count: row.unclaimed.count, total: BigInt(row.unclaimed.total) },
    team: { l1: Number(row.l1), l2: Number(row.l2) },
    granted: new Set(row.reasons),
    startedInvitees: row.invited,
  };
}
