import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import type { ExchangeInfo } from "#contract/tools.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { aliasOf } from "#contract/people.ts";
import { exchangePath } from "#contract/web-paths.ts";
import { exchangePairs, exchangeParticipants, exchanges, forceStones, users } from "#api/src/db/schema.ts";
import { randomCode } from "#lib/crypto.ts";
import { bareCode } from "#contract/codes.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inGoodStanding, requireGoodStanding, type Standing } from "#api/src/domain/accounts/standing.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { grantPower } from "#api/src/domain/power/grants.ts";
import { pushJob } from "#api/src/domain/push/notifications.ts";
import { pushWantedAmong } from "#api/src/domain/push/devices.ts";
import { legacyName, maskedDisplayId } from "#api/src/domain/profile/people.ts";
import { exchangeGain, makeDueStones } from "./stones.ts";

type ExchangeRow = typeof exchanges.$inferSelect;

const EXCHANGE_CODE = /^[A-Z0-9]{4,16}$/;
const active = isNull(exchangeParticipants.leftAt);

/**
 * The exchange, locked for the rest of the transaction: joins, leaves, cancels and starts take
 * turns, and so does the deletion or ban of a participant, which cancels or leaves it under this
 * lock. With its leader's standing (deleted, banned).
 */
async function lockExchange(tx: DomainContext, where: ReturnType<typeof eq>): Promise<(ExchangeRow & { leader: Standing }) | undefined> {
  const [row] = await tx.db
    .select({ exchange: exchanges, leader: { deletedAt: users.deletedAt, bannedAt: users.bannedAt } })
    .from(exchanges)
    .innerJoin(users, eq(users.id, exchanges.leaderId))
    .where(where)
    .for("update", { of: exchanges });
  return row && { ...row.exchange, leader: row.leader };
}

/** Participants still in the exchange, leader first then by arrival, with their stones and names. */
function participants(ctx: DomainContext, exchangeId: number) {
  return ctx.db
    .select({
      userId: exchangeParticipants.userId,
      gained: exchangeParticipants.gained,
      stoneId: forceStones.id,
      power: forceStones.power,
      buffRatio: forceStones.buffRatio,
      name: users.name,
      displayId: users.displayId,
    })
    .from(exchangeParticipants)
    .innerJoin(forceStones, eq(forceStones.id, exchangeParticipants.stoneId))
    .innerJoin(users, eq(users.id, exchangeParticipants.userId))
    .where(and(eq(exchangeParticipants.exchangeId, exchangeId), active))
    .orderBy(asc(exchangeParticipants.joinedAt), asc(exchangeParticipants.userId));
}

/** The exchange as `viewerId` sees it: what each participant brought and gains (so far, while forming). */
export async function exchangeInfoOf(ctx: DomainContext, exchange: ExchangeRow, viewerId: number): Promise<ExchangeInfo> {
  const rows = await participants(ctx, exchange.id);
  const leaderFirst = [...rows.filter((r) => r.userId === exchange.leaderId), ...rows.filter((r) => r.userId !== exchange.leaderId)];
  const ratioSum = rows.reduce((sum, r) => sum + r.buffRatio, 0);
  return {
    team_id: exchange.id,
    code: exchange.code,
    status: exchange.status,
    member_count: exchange.quota,
    members: leaderFirst.map((r) => ({
      user_id: r.userId,
      user_display_id: maskedDisplayId(r.displayId),
      name: legacyName(r),
      user_name: r.name,
      alias: aliasOf(r.displayId),
      power: r.power,
      buff_ratio: r.buffRatio,
      success_power: r.gained ?? exchangeGain(r.power, ratioSum),
      is_me: r.userId === viewerId,
      is_leader: r.userId === exchange.leaderId,
    })),
    is_leader: exchange.leaderId === viewerId,
    created_at: toEpochSeconds(exchange.createdAt),
    completed_at: exchange.completedAt ? toEpochSeconds(exchange.completedAt) : null,
  };
}

/** An exchange the user leads or has ever joined (a participant who left still sees how it went). */
export async function viewExchange(ctx: DomainContext, userId: number, exchangeId: number): Promise<ExchangeInfo> {
  const [exchange] = await ctx.db.select().from(exchanges).where(eq(exchanges.id, exchangeId));
  if (!exchange) throw new Failure(ErrorCode.exchangeNotMember);
  if (exchange.leaderId !== userId) {
    const [row] = await ctx.db
      .select({ userId: exchangeParticipants.userId })
      .from(exchangeParticipants)
      .where(and(eq(exchangeParticipants.exchangeId, exchangeId), eq(exchangeParticipants.userId, userId)));
    if (!row) throw new Failure(ErrorCode.exchangeNotMember);
  }
  return exchangeInfoOf(ctx, exchange, userId);
}

/** The forming exchange the user is in, if any. */
export async function openExchangeOf(ctx: DomainContext, userId: number): Promise<ExchangeRow | undefined> {
  const [row] = await ctx.db
    .select({ exchange: exchanges })
    .from(exchangeParticipants)
    .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
    .where(and(eq(exchangeParticipants.userId, userId), isNull(exchangeParticipants.completedAt), active));
  return row?.exchange;
}

/** Puts the user's free stone into the exchange; refused when it is not theirs, used, or already in one. */
async function commitStone(tx: DomainContext, userId: number, stoneId: number, exchangeId: number): Promise<void> {
  const [stone] = await tx.db
    .update(forceStones)
    .set({ exchangeId })
    .where(and(eq(forceStones.id, stoneId), eq(forceStones.userId, userId), isNull(forceStones.usedAt), isNull(forceStones.exchangeId)))
    .returning({ id: forceStones.id });
  if (!stone) throw new Failure(ErrorCode.stoneUnavailable);
}

/** Adds the participant; the open-membership key refuses a user already forming another exchange. */
async function addParticipant(tx: DomainContext, exchangeId: number, userId: number, stoneId: number): Promise<void> {
  try {
    await tx.db
      .insert(exchangeParticipants)
      .values({ exchangeId, userId, stoneId, joinedAt: tx.clock.now() })
      .onConflictDoUpdate({
        target: [exchangeParticipants.exchangeId, exchangeParticipants.userId],
        set: { stoneId, joinedAt: tx.clock.now(), leftAt: null },
      });
  } catch (error) {
    if (uniqueViolation(error) === "force_team_members_open_key") throw new Failure(ErrorCode.exchangeBusy);
    throw error;
  }
}

/** Starts an exchange: the leader's stone in, a code for the others, waiting for `quota` participants. */
export async function createExchange(ctx: DomainContext, userId: number, input: { stoneId: number; quota: number }): Promise<ExchangeInfo> {
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    await makeDueStones(tx, userId);
    if (await openExchangeOf(tx, userId)) throw new Failure(ErrorCode.exchangeBusy);
    const [exchange] = await tx.db
      .insert(exchanges)
      .values({ code: randomCode(8), leaderId: userId, quota: input.quota, status: "wait", createdAt: tx.clock.now() })
      .returning();
    await commitStone(tx, userId, input.stoneId, exchange.id);
    await addParticipant(tx, exchange.id, userId, input.stoneId);
    return exchangeInfoOf(tx, exchange, userId);
  });
}

/** The exchange's refusals that depend only on its state: a completed or cancelled one changes no more. */
function refuseClosed(exchange: ExchangeRow): void {
  if (exchange.status === "completed") throw new Failure(ErrorCode.exchangeCompleted);
  if (exchange.status === "cancelled") throw new Failure(ErrorCode.exchangeCancelled);
}

/**
 * Joins an exchange by its code with one of the user's free stones. Taking the last place
 * completes it at once. Joining again with the exchange already joined answers it unchanged.
 */
export async function joinExchange(ctx: DomainContext, userId: number, input: { code: string; stoneId: number }): Promise<ExchangeInfo> {
  const code = bareCode("exchange", input.code);
  if (!code || !EXCHANGE_CODE.test(code)) throw new Failure(ErrorCode.exchangeCodeWrong);
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    const exchange = await lockExchange(tx, eq(exchanges.code, code));
    if (!exchange) throw new Failure(ErrorCode.exchangeCodeWrong);
    const current = await participants(tx, exchange.id);
    if (await refuseJoin(tx, exchange, userId, current)) return exchangeInfoOf(tx, exchange, userId);
    await makeDueStones(tx, userId);
    await commitStone(tx, userId, input.stoneId, exchange.id);
    await addParticipant(tx, exchange.id, userId, input.stoneId);
    const done = current.length + 1 === exchange.quota ? await complete(tx, exchange) : exchange;
    return exchangeInfoOf(tx, done, userId);
  });
}

/**
 * Why the user may not join this exchange, thrown as its error: their own, closed, its leader
 * gone, full, or a pair in it that has exchanged before; true when they are in it already. The
 * join asks under the exchange's lock; a code lookup asks the same without it, so a code that
 * cannot be joined is refused before a stone is chosen.
 */
async function refuseJoin(
  tx: DomainContext,
  exchange: ExchangeRow & { leader: Standing },
  userId: number,
  current: { userId: number }[],
): Promise<boolean> {
  if (exchange.leaderId === userId) throw new Failure(ErrorCode.exchangeOwn);
  refuseClosed(exchange);
  // Its leader's deletion or ban cancelled it under the join's lock; one an older version of the
  // API left forming answers as cancelled too.
  if (!inGoodStanding(exchange.leader)) throw new Failure(ErrorCode.exchangeCancelled);
  if (current.some((p) => p.userId === userId)) return true;
  if (current.length >= exchange.quota) throw new Failure(ErrorCode.exchangeFull);
  const others = current.map((p) => p.userId);
  const [pair] = await tx.db
    .select({ exchangeId: exchangePairs.exchangeId })
    .from(exchangePairs)
    .where(
      or(
        and(eq(exchangePairs.userLow, userId), inArray(exchangePairs.userHigh, others)),
        and(eq(exchangePairs.userHigh, userId), inArray(exchangePairs.userLow, others)),
      ),
    )
    .limit(1);
  if (pair) throw new Failure(ErrorCode.exchangePairDone);
  return false;
}

/**
 * What an exchange code opens for this user: one they are in, or one they may join; else the
 * error a join would answer (see refuseJoin), or that they are in another exchange already.
 */
export async function exchangeByCode(ctx: DomainContext, userId: number, code: string) {
  if (!EXCHANGE_CODE.test(code)) return undefined;
  const [exchange] = await ctx.db
    .select({
      exchange: exchanges,
      leader: { deletedAt: users.deletedAt, bannedAt: users.bannedAt, name: users.name, displayId: users.displayId },
    })
    .from(exchanges)
    .innerJoin(users, eq(users.id, exchanges.leaderId))
    .where(eq(exchanges.code, code));
  if (!exchange) return undefined;
  const row = { ...exchange.exchange, leader: exchange.leader };
  const current = await participants(ctx, row.id);
  // One's own exchange, forming or done (its leader's link tapped again): shown, not refused.
  const isMember = current.some((p) => p.userId === userId);
  if (!isMember) {
    await refuseJoin(ctx, row, userId, current);
    if (await openExchangeOf(ctx, userId)) throw new Failure(ErrorCode.exchangeBusy);
  }
  return { team_id: row.id, code: row.code, quota: row.quota, joined: current.length, is_member: isMember, leader: exchange.leader };
}

/**
 * Completes a full exchange: each participant's due stones are made first (their held count
 * is about to drop), then every stone is used, each participant gains their power, and each
 * pair is recorded so it never exchanges again. Each participant with a browser subscribed is
 * told what they gained, by a push queued in this transaction: sent only if it completes.
 */
async function complete(tx: DomainContext, exchange: ExchangeRow): Promise<ExchangeRow> {
  const rows = await participants(tx, exchange.id);
  const ids = rows.map((r) => r.userId).sort((a, b) => a - b);
  for (const userId of ids) await makeDueStones(tx, userId);
  const now = tx.clock.now();
  const ratioSum = rows.reduce((sum, r) => sum + r.buffRatio, 0);
  const gains = rows.map((r) => ({ ...r, gained: exchangeGain(r.power, ratioSum) }));
  for (const r of gains) {
    await tx.db
      .update(exchangeParticipants)
      .set({ gained: r.gained, completedAt: now })
      .where(and(eq(exchangeParticipants.exchangeId, exchange.id), eq(exchangeParticipants.userId, r.userId)));
    await tx.db.update(forceStones).set({ usedAt: now }).where(eq(forceStones.id, r.stoneId));
    await grantPower(tx, r.userId, {
      reason: `exchange:${exchange.id}`,
      amount: r.gained,
      kind: "exchange",
      // The line explains the gain: the own stone's power, and every participant's rate (power + power x their sum).
      details: { exchange: exchange.id, stone_power: r.power, ratios: rows.map((p) => ({ user: p.userId, ratio: p.buffRatio })) },
    });
  }
  const pushable = await pushWantedAmong(tx, ids, "exchange");
  const notice = { kind: "exchange", url: exchangePath(exchange.id), tag: `exchange-${exchange.id}`, exchange: exchange.id } as const;
  await enqueueJobs(
    tx,
    gains.filter((r) => pushable.has(r.userId)).map((r) => pushJob(r.userId, { ...notice, gained: r.gained })),
  );
  const pairs = ids.flatMap((low, i) => ids.slice(i + 1).map((high) => ({ userLow: low, userHigh: high, exchangeId: exchange.id })));
  if (pairs.length) await tx.db.insert(exchangePairs).values(pairs);
  const [done] = await tx.db
    .update(exchanges)
    .set({ status: "completed", completedAt: now })
    .where(eq(exchanges.id, exchange.id))
    .returning();
  return done;
}

/** The leader's start: completes a full exchange; a completed one answers as it is. */
export async function startExchange(ctx: DomainContext, userId: number, exchangeId: number): Promise<ExchangeInfo> {
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    const exchange = await lockExchange(tx, eq(exchanges.id, exchangeId));
    if (!exchange) throw new Failure(ErrorCode.exchangeNotMember);
    if (exchange.leaderId !== userId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    if (exchange.status === "completed") return exchangeInfoOf(tx, exchange, userId);
    refuseClosed(exchange);
    const current = await participants(tx, exchange.id);
    if (current.length < exchange.quota) throw new Failure(ErrorCode.exchangeNotFull);
    return exchangeInfoOf(tx, await complete(tx, exchange), userId);
  });
}

/** Takes participants out of a forming exchange; their stones are free again. */
async function release(tx: DomainContext, exchangeId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.db
    .update(exchangeParticipants)
    .set({ leftAt: tx.clock.now() })
    .where(and(eq(exchangeParticipants.exchangeId, exchangeId), inArray(exchangeParticipants.userId, userIds), active));
  await tx.db
    .update(forceStones)
    .set({ exchangeId: null })
    .where(and(eq(forceStones.exchangeId, exchangeId), inArray(forceStones.userId, userIds), isNull(forceStones.usedAt)));
}

/** The leader cancels a forming exchange: every stone returns. Cancelling again changes nothing. */
export async function cancelExchange(ctx: DomainContext, userId: number, exchangeId: number): Promise<Record<string, never>> {
  return inTransaction(ctx, async (tx) => {
    const exchange = await lockExchange(tx, eq(exchanges.id, exchangeId));
    if (!exchange) throw new Failure(ErrorCode.exchangeNotMember);
    if (exchange.leaderId !== userId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    if (exchange.status === "cancelled") return {};
    refuseClosed(exchange);
    await cancel(tx, exchange);
    return {};
  });
}

/** Cancels a forming exchange, locked: every participant's stone returns. */
async function cancel(tx: DomainContext, exchange: ExchangeRow): Promise<void> {
  await release(
    tx,
    exchange.id,
    (await participants(tx, exchange.id)).map((p) => p.userId),
  );
  await tx.db.update(exchanges).set({ status: "cancelled" }).where(eq(exchanges.id, exchange.id));
}

/**
 * What deleting or banning an account does to its exchanges, in that transaction:
 * the forming one it leads is cancelled and the others' stones return, as on the leader's cancel;
 * from one it joined it leaves, as a participant may, and the exchange goes on without it.
 * Completed and cancelled ones stay as they are.
 */
export async function endExchangesOf(tx: DomainContext, userId: number): Promise<void> {
  const open = await openExchangeOf(tx, userId);
  if (!open) return;
  const exchange = await lockExchange(tx, eq(exchanges.id, open.id));
  if (exchange?.status !== "wait") return;
  if (exchange.leaderId === userId) await cancel(tx, exchange);
  else await release(tx, exchange.id, [userId]);
}

/**
 * The leader removes a participant, or a participant leaves; the stone returns. The leader
 * "leaving" cancels the exchange.
 */
export async function removeMember(
  ctx: DomainContext,
  userId: number,
  input: { exchangeId: number; memberId: number },
): Promise<Record<string, never>> {
  return inTransaction(ctx, async (tx) => {
    const exchange = await lockExchange(tx, eq(exchanges.id, input.exchangeId));
    if (!exchange) throw new Failure(ErrorCode.exchangeNotMember);
    if (input.memberId === exchange.leaderId) {
      if (userId !== exchange.leaderId) throw new Failure(ErrorCode.exchangeLeaderOnly);
      return cancelExchange(tx, userId, exchange.id);
    }
    if (userId !== exchange.leaderId && userId !== input.memberId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    refuseClosed(exchange);
    const current = await participants(tx, exchange.id);
    if (!current.some((p) => p.userId === input.memberId)) throw new Failure(ErrorCode.exchangeNotMember);
    await release(tx, exchange.id, [input.memberId]);
    return {};
  });
}
