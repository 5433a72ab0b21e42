import { and, eq, isNull, sql } from "drizzle-orm";
import type { AirdropStatus } from "#contract/airdrop.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { minters, rounds, userRounds, users } from "#api/src/db/schema.ts";
import { requireGoodStanding } from "#api/src/domain/accounts/standing.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { grantPower } from "#api/src/domain/power/grants.ts";
import { writeLines } from "#api/src/domain/ledger/lines.ts";
import { currentRound, scheduleOf } from "./schedule.ts";
import { statusOf } from "./status.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

/**
 * Starts the free airdrop: the user waits for the next round and takes part from it on.
 * The first start grants START_POWER; starting again changes nothing.
 */
export async function startAirdrop(ctx: DomainContext, userId: number): Promise<{ mint_status: AirdropStatus; power_granted: number }> {
  const now = ctx.clock.now();
  const round = currentRound(scheduleOf(ctx), now);
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    await tx.db
      .insert(minters)
      .values({ userId, mintFromRound: round + 1, startedAt: now })
      .onConflictDoNothing();
    const granted = await grantPower(tx, userId, { reason: "start", amount: rules(ctx).START_POWER, kind: "start" });
    const [minter] = await tx.db.select().from(minters).where(eq(minters.userId, userId));
    return { mint_status: statusOf(minter, round), power_granted: granted ? rules(ctx).START_POWER : 0 };
  });
}

/**
 * Claims every unclaimed round at once. The conditional update marks each row collected
 * exactly once, so concurrent claims pay once; a suspended user rejoins from the next round.
 * The account's standing is read under its lock first: a claim never resumes an account whose
 * deletion or ban committed before it, and one that commits first is seen by the deletion.
 */
export async function claimRounds(ctx: DomainContext, userId: number): Promise<{ amount: string; rounds: number; resumed: boolean }> {
  const now = ctx.clock.now();
  const round = currentRound(scheduleOf(ctx), now);
  return inTransaction(ctx, async (inTx) => {
    await requireGoodStanding(inTx, userId);
    const tx = inTx.db;
    const claimed = await tx
      .update(userRounds)
      .set({ collectedAt: now })
      .where(and(eq(userRounds.userId, userId), isNull(userRounds.collectedAt)))
      .returning({ round: userRounds.roundNumber, amount: userRounds.amount });
    const total = claimed.reduce((sum, r) => sum + r.amount, 0n);
    if (total > 0n) {
      await tx
        .update(users)
        .set({ vv: sql`${users.vv} + ${total}` })
        .where(eq(users.id, userId));
      // The claim moves the rounds' VV from unclaimed into the balance: two lines, one sum.
      const details = { rounds: claimed.map((r) => r.round).sort((a, b) => a - b) };
      await writeLines(inTx, [
        { userId, kind: "claim", asset: "unclaimed", amount: -total, ref: "claim", details },
        { userId, kind: "claim", asset: "vv", amount: total, ref: "claim", details },
      ]);
    }
    const resumed = await tx
      .update(minters)
      .set({ suspendedAt: null, mintFromRound: round + 1 })
      .where(and(eq(minters.userId, userId), sql`${minters.suspendedAt} is not null`))
      .returning({ userId: minters.userId });
    await tx.update(minters).set({ lastCollectAt: now }).where(eq(minters.userId, userId));
    // Every claimer of a round counts on its one row: counted last, just before the commit, so
    // the crowd at a round's close waits on that row for one statement, not for the whole claim.
    // In round order, so two users claiming at once lock the round rows in the same order.
    for (const r of claimed.sort((a, b) => a.round - b.round)) {
      await tx
        .update(rounds)
        .set({ claims: sql`${rounds.claims} + 1` })
        .where(eq(rounds.roundNumber, r.round));
    }
    return { amount: unitsToDecimal(total), rounds: claimed.length, resumed: resumed.length > 0 };
  });
}

/** A deleted or banned account mints no more: paused, as the distribution pauses. */
export async function stopMinting(tx: DomainContext, userId: number): Promise<void> {
  await tx.db
    .update(minters)
    .set({ suspendedAt: tx.clock.now() })
    .where(and(eq(minters.userId, userId), isNull(minters.suspendedAt)));
}

/**
 * After an unban: the account waits for the next round, as after a start, unless it holds the
 * threshold of unclaimed rounds; then it stays paused (or would be paused at the next close
 * anyway), and a claim resumes it from the next round, as ever.
 */
export async function resumeMinting(tx: DomainContext, userId: number): Promise<void> {
  const round = currentRound(scheduleOf(tx), tx.clock.now());
  await tx.db
    .update(minters)
    .set({ suspendedAt: null, mintFromRound: round + 1 })
    .where(
      and(
        eq(minters.userId, userId),
        sql`(select count(*) from ${userRounds} where ${userRounds.userId} = ${userId} and ${userRounds.collectedAt} is null) < ${rules(tx).SUSPEND_THRESHOLD}`,
      ),
    );
}
