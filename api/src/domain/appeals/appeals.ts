import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { AppealWire } from "#contract/appeals.ts";
import { ErrorCode } from "#contract/errors.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { appeals, auditLog, users } from "#api/src/db/schema.ts";
import { applyBans } from "#api/src/domain/accounts/bans.ts";
import { forgetTokenLookups } from "#api/src/domain/accounts/tokens.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { mailAppealOutcome } from "./outcome-mail.ts";
import { passHolder } from "./pass.ts";

/**
 * A banned account's appeal (decision 066): one waits at a time (the database's unique index
 * settles two sent at once); after one is upheld the next may come APPEAL_AGAIN_DAYS later. An
 * operator lifts the ban or upholds it, in one audited act, and the account's owner is mailed
 * the outcome in their language.
 */

type AppealRow = typeof appeals.$inferSelect;

const DAY_MS = 86_400_000;

function wireAppeal(row: AppealRow): AppealWire {
  return {
    status: (row.outcome as "lifted" | "upheld" | null) ?? "waiting",
    created_at: toEpochSeconds(row.createdAt),
    decided_at: row.decidedAt ? toEpochSeconds(row.decidedAt) : null,
  };
}

async function lastAppeal(ctx: DomainContext, userId: number): Promise<AppealRow | undefined> {
  const [row] = await ctx.db.select().from(appeals).where(eq(appeals.userId, userId)).orderBy(desc(appeals.id)).limit(1);
  return row;
}

/** When an account whose last appeal was upheld may appeal again; undefined when it may now, or has one waiting. */
function nextAppealAt(ctx: DomainContext, last: AppealRow | undefined): Date | undefined {
  if (last?.outcome !== "upheld" || !last.decidedAt) return undefined;
  const from = new Date(last.decidedAt.getTime() + ctx.config.APPEAL_AGAIN_DAYS * DAY_MS);
  return from > ctx.clock.now() ? from : undefined;
}

async function holderOf(ctx: DomainContext, pass: string) {
  const userId = passHolder(ctx, pass);
  const [user] = await ctx.db
    .select({ bannedAt: users.bannedAt, banReason: users.banReason, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  // Deleted since: there is nothing left to appeal for.
  if (!user || user.deletedAt) throw new Failure(ErrorCode.appealPassInvalid);
  return { userId, ...user };
}

/** What the pass's holder reads: why the account is banned, its last appeal, when it may appeal again. */
export async function appealStanding(ctx: DomainContext, pass: string) {
  const holder = await holderOf(ctx, pass);
  const last = await lastAppeal(ctx, holder.userId);
  const from = holder.bannedAt ? nextAppealAt(ctx, last) : undefined;
  return {
    banned: holder.bannedAt !== null,
    reason: holder.bannedAt ? holder.banReason : "",
    banned_at: holder.bannedAt ? toEpochSeconds(holder.bannedAt) : null,
    appeal: last ? wireAppeal(last) : null,
    appeal_from: from ? toEpochSeconds(from) : null,
  };
}

/** The holder's appeal, into the console's queue. */
export async function sendAppeal(ctx: DomainContext, input: { pass: string; text: string }) {
  const holder = await holderOf(ctx, input.pass);
  // Lifted meanwhile: the refusal a banned account gets would say nothing true; its pass is spent.
  if (!holder.bannedAt) throw new Failure(ErrorCode.appealPassInvalid);
  const last = await lastAppeal(ctx, holder.userId);
  if (last && !last.outcome) throw new Failure(ErrorCode.appealWaiting);
  const from = nextAppealAt(ctx, last);
  if (from) throw new Failure(ErrorCode.appealTooSoon, 200, undefined, Math.ceil((from.getTime() - ctx.clock.now().getTime()) / 1000));
  try {
    const [row] = await ctx.db.insert(appeals).values({ userId: holder.userId, text: input.text, createdAt: ctx.clock.now() }).returning();
    return { appeal: wireAppeal(row!) };
  } catch (error) {
    if (uniqueViolation(error) === "appeals_open_key") throw new Failure(ErrorCode.appealWaiting);
    throw error;
  }
}

/** How many appeals wait for an operator: the console's menu shows it on every page. */
export async function waitingAppealCount(ctx: DomainContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(appeals).where(isNull(appeals.outcome));
  return row?.n ?? 0;
}

/** The appeals waiting for an operator, oldest first, with what the operator needs to judge them. */
export async function appealQueue(ctx: DomainContext) {
  const rows = await ctx.db
    .select({
      id: appeals.id,
      userId: appeals.userId,
      text: appeals.text,
      createdAt: appeals.createdAt,
      displayId: users.displayId,
      email: users.email,
      bannedAt: users.bannedAt,
      banReason: users.banReason,
    })
    .from(appeals)
    .innerJoin(users, eq(users.id, appeals.userId))
    .where(isNull(appeals.outcome))
    .orderBy(asc(appeals.createdAt), asc(appeals.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    display_id: r.displayId,
    email: r.email ?? "",
    text: r.text,
    created_at: toEpochSeconds(r.createdAt),
    banned_at: r.bannedAt ? toEpochSeconds(r.bannedAt) : null,
    ban_reason: r.banReason,
  }));
}

/**
 * An operator's decision on a waiting appeal: `lift` ends the ban (as an unban does), otherwise
 * it is upheld; either way in one audited act, and the owner is told by e-mail. Decided by
 * another operator first, or no longer waiting, is 300138.
 */
export async function decideAppeal(ctx: DomainContext, input: { appealId: number; lift: boolean; note: string; actor: string }) {
  const outcome = input.lift ? "lifted" : "upheld";
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const [decided] = await tx.db
      .update(appeals)
      .set({ outcome, decidedAt: now, decidedBy: input.actor })
      .where(and(eq(appeals.id, input.appealId), isNull(appeals.outcome)))
      .returning({ userId: appeals.userId });
    if (!decided) throw new Failure(ErrorCode.reviewAlreadyDecided);
    if (input.lift) await applyBans(tx, [decided.userId], { banned: false, changesOnly: true });
    await tx.db.insert(auditLog).values({
      at: now,
      actor: input.actor,
      action: input.lift ? "appeal.lift" : "appeal.uphold",
      target: `user:${decided.userId}`,
      detail: { appeal: input.appealId, ...(input.note ? { note: input.note } : {}) },
    });
    await mailAppealOutcome(tx, decided.userId, input.lift);
  });
  forgetTokenLookups(ctx);
  return {};
}
