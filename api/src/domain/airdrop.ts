import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { MintInfo, MintRound, MintStatus } from "../../../contract/mint.ts";
import { unitsToDecimal } from "../../../contract/money.ts";
import { rowsOf, type DbOrTx } from "../db/client.ts";
import { minters, rounds, userRounds, users } from "../db/schema.ts";
import type { DomainContext } from "./context.ts";
import { grantPower } from "./grants.ts";
import { followClaimAt } from "./tasks.ts";
import { ratesOf, roundAmount, teamPower } from "./power.ts";
import { currentRound, roundClosesAt, scheduleOf } from "./schedule.ts";

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

type MinterRow = typeof minters.$inferSelect;

/** not_open, then wait until the round the user joined begins, minting inside it, suspend when paused. */
export function statusOf(minter: MinterRow | undefined, round: number): MintStatus {
  if (!minter) return "not_open";
  if (minter.suspendedAt) return "suspend";
  return minter.mintFromRound > round ? "wait" : "minting";
}

/** Own power of the level-1 and level-2 members who are minting in `round`. */
export async function teamSums(db: DbOrTx, userId: number, round: number): Promise<{ l1: number; l2: number }> {
  const [row] = rowsOf<{ l1: string; l2: string }>(
    await db.execute(sql`
      select
        coalesce(sum(u.power) filter (where u.inviter_id = ${userId}), 0)::text as l1,
        coalesce(sum(u.power) filter (where u.inviter_id <> ${userId}), 0)::text as l2
      from users u join minters m on m.user_id = u.id
      where m.suspended_at is null and m.mint_from_round <= ${round}
        and (u.inviter_id = ${userId} or u.inviter_id in (select id from users where inviter_id = ${userId}))`),
  );
  return { l1: Number(row.l1), l2: Number(row.l2) };
}

export async function mintInfo(ctx: DomainContext, userId: number): Promise<MintInfo> {
  const now = ctx.clock.now();
  const schedule = scheduleOf(ctx.config);
  const rates = ratesOf(ctx.config);
  const round = currentRound(schedule, now);
  const [[user], [minter], [unclaimed], team] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, userId)),
    ctx.db.select().from(minters).where(eq(minters.userId, userId)),
    ctx.db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${userRounds.amount}), 0)::text` })
      .from(userRounds)
      .where(and(eq(userRounds.userId, userId), isNull(userRounds.collectedAt))),
    teamSums(ctx.db, userId, round),
  ]);
  const status = statusOf(minter, round);
  const perRound = roundAmount(user.power, team.l1, team.l2, rates);
  // The round in progress pays only users minting through it who are not about to be paused.
  const paysNext = status === "minting" && unclaimed.count < ctx.config.SUSPEND_THRESHOLD;
  const team_power = teamPower(team.l1, team.l2, rates);
  return {
    user_id: user.id,
    btc: unitsToDecimal(user.btc),
    vv: unitsToDecimal(user.vv),
    power: user.power + team_power,
    own_power: user.power,
    team_power,
    last_collect_at: seconds(minter?.lastCollectAt),
    follow_twitter: user.followedAt ? 1 : 0,
    twitter: user.socialHandle ?? "",
    official_twitter: ctx.config.X_OFFICIAL_HANDLE.startsWith("@") ? ctx.config.X_OFFICIAL_HANDLE : `@${ctx.config.X_OFFICIAL_HANDLE}`,
    follow_claim_at: seconds(followClaimAt(user, ctx.config)),
    mint_status: status,
    un_collect_round: unclaimed.count,
    un_collect_amount: unitsToDecimal(BigInt(unclaimed.total)),
    suspend_threshold: ctx.config.SUSPEND_THRESHOLD,
    next_round_number: round,
    next_round_timestamp: seconds(roundClosesAt(schedule, round))!,
    next_round_token: unitsToDecimal(paysNext ? perRound : 0n),
    round_token: unitsToDecimal(perRound),
    server_time: seconds(now)!,
  };
}

/**
 * Starts the free airdrop: the user waits for the next round and takes part from it on.
 * The first start grants START_POWER; starting again changes nothing.
 */
export async function startAirdrop(ctx: DomainContext, userId: number): Promise<{ mint_status: MintStatus; power_granted: number }> {
  const now = ctx.clock.now();
  const round = currentRound(scheduleOf(ctx.config), now);
  return ctx.db.transaction(async (tx) => {
    await tx.insert(minters).values({ userId, mintFromRound: round + 1, startedAt: now }).onConflictDoNothing();
    const granted = await grantPower(tx, { userId, reason: "start", amount: ctx.config.START_POWER, at: now });
    const [minter] = await tx.select().from(minters).where(eq(minters.userId, userId));
    return { mint_status: statusOf(minter, round), power_granted: granted ? ctx.config.START_POWER : 0 };
  });
}

/**
 * Claims every unclaimed round at once. The conditional update marks each row collected
 * exactly once, so concurrent claims pay once; a suspended user rejoins from the next round.
 */
export async function collect(ctx: DomainContext, userId: number): Promise<{ amount: string; rounds: number; resumed: boolean }> {
  const now = ctx.clock.now();
  const round = currentRound(scheduleOf(ctx.config), now);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(userRounds)
      .set({ collectedAt: now })
      .where(and(eq(userRounds.userId, userId), isNull(userRounds.collectedAt)))
      .returning({ round: userRounds.roundNumber, amount: userRounds.amount });
    const total = claimed.reduce((sum, r) => sum + r.amount, 0n);
    if (total > 0n) await tx.update(users).set({ vv: sql`${users.vv} + ${total}` }).where(eq(users.id, userId));
    // In round order, so two users claiming at once lock the round rows in the same order.
    for (const r of claimed.sort((a, b) => a.round - b.round)) {
      await tx.update(rounds).set({ claims: sql`${rounds.claims} + 1` }).where(eq(rounds.roundNumber, r.round));
    }
    const resumed = await tx
      .update(minters)
      .set({ suspendedAt: null, mintFromRound: round + 1 })
      .where(and(eq(minters.userId, userId), sql`${minters.suspendedAt} is not null`))
      .returning({ userId: minters.userId });
    await tx.update(minters).set({ lastCollectAt: now }).where(eq(minters.userId, userId));
    return { amount: unitsToDecimal(total), rounds: claimed.length, resumed: resumed.length > 0 };
  });
}

const LIST_LIMIT = 50;

export async function listRounds(ctx: DomainContext, userId: number): Promise<MintRound[]> {
  const rows = await ctx.db
    .select({ mine: userRounds, round: rounds })
    .from(userRounds)
    .leftJoin(rounds, eq(rounds.roundNumber, userRounds.roundNumber))
    .where(eq(userRounds.userId, userId))
    .orderBy(desc(userRounds.roundNumber))
    .limit(LIST_LIMIT);
  return rows.map(({ mine, round }) => ({
    id: mine.id,
    user_id: mine.userId,
    round_number: mine.roundNumber,
    airdrop_at: seconds(mine.airdropAt)!,
    amount: unitsToDecimal(mine.amount),
    power: mine.power,
    collected: mine.collectedAt !== null,
    round_total: unitsToDecimal(round?.totalAmount ?? 0n),
    round_claims: round?.claims ?? 0,
    distributed: round?.distributed ?? false,
  }));
}
