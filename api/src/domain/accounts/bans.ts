import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { BAN_REASONS, isReason } from "#contract/moderation.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { appeals, auditLog, devices, users } from "#api/src/db/schema.ts";
import { mailAppealOutcome } from "#api/src/domain/appeals/outcome-mail.ts";
import { resumeMinting, stopMinting } from "#api/src/domain/airdrop/claims.ts";
import { removeWebPushSubscriptions } from "#api/src/domain/push/subscriptions.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { endExchangesOf } from "#api/src/domain/tools/exchanges.ts";
import { voidUnusedBoxes } from "#api/src/domain/tools/gifts.ts";
import { canonicalEmail } from "./email.ts";
import { lockStanding } from "./standing.ts";
import { removePushTokens } from "./push-tokens.ts";
import { forgetTokenLookups, revokeAllTokens } from "./tokens.ts";

/**
 * Operator actions (never a client's): each one changes the data and writes its audit row in one
 * transaction.
 * A ban ends what the account had going, as a deletion does but for the erasure and the team
 * move: its logins, its forming exchange, its unused gift boxes, its minting; its
 * invite code is no one's while it lasts. An unban lets it mint again from the next round and
 * gives nothing else back (docs/decisions/038).
 */
export async function setUserBan(
  ctx: DomainContext,
  input: { email: string; banned: boolean; reason?: string; actor: string },
): Promise<boolean> {
  // By the canonical form (docs/decisions/037): a variant of the address bans its mailbox's
  // account, and every account from before that rule that shares the mailbox.
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailCanonical, canonicalEmail(input.email)));
  if (!found.length) return false;
  await banAccounts(ctx, { ...input, userIds: found.map((u) => u.id), note: "" });
  return true;
}

/** What a ban's audit row keeps beside who and when: the reason given, and the operator's note. */
function banDetail(input: { banned: boolean; reason?: string; note?: string }): Record<string, string> {
  return { ...(input.banned && input.reason ? { reason: input.reason } : {}), ...(input.note ? { note: input.note } : {}) };
}

/**
 * Bans the accounts with a reason their owners read (contract/moderation.ts), or lifts their
 * bans, one audit row for each account it changed (the operator's note in it). Returns those.
 */
export async function banAccounts(
  ctx: DomainContext,
  input: { userIds: number[]; banned: boolean; reason?: string; note: string; actor: string },
): Promise<number[]> {
  if (input.banned && input.reason !== undefined && !isReason(BAN_REASONS, input.reason)) throw new Failure(ErrorCode.farmBanReasonUnknown);
  const changed = await inTransaction(ctx, async (tx) => {
    // Banning again changes the reason; lifting a ban that is not there is no act.
    const acted = await applyBans(tx, input.userIds, {
      banned: input.banned,
      reason: input.reason,
      changesOnly: !input.banned,
      actor: input.actor,
    });
    for (const id of acted) {
      await tx.db.insert(auditLog).values({
        at: tx.clock.now(),
        actor: input.actor,
        action: input.banned ? "user.ban" : "user.unban",
        target: `user:${id}`,
        detail: banDetail(input),
      });
    }
    return acted;
  });
  forgetTokenLookups(ctx);
  return changed;
}

/**
 * Bans or unbans the accounts inside the caller's transaction, which writes the audit: each
 * account's standing is locked first (accounts/standing.ts), in id order. Returns the ids acted
 * on: not those deleted meanwhile and, with `changesOnly`, not those already so (a ban of an
 * account banned otherwise is not this act's to undo). `reason` is kept on each banned account,
 * `at` is the act's time (a cluster ban's, which its undo recognises them by). The caller
 * forgets the token lookups after the commit.
 */
export async function applyBans(
  tx: DomainContext,
  userIds: number[],
  opts: { banned: boolean; changesOnly?: boolean; reason?: string; at?: Date; actor?: string },
): Promise<number[]> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const at = opts.at ?? tx.clock.now();
  const acted: number[] = [];
  // Each account's standing, before any row is locked (accounts/standing.ts).
  for (const id of ids) await lockStanding(tx, id);
  for (const id of ids) {
    // Its standing is ours to change until the commit: no row lock needed to read it.
    const [before] = await tx.db.select({ deletedAt: users.deletedAt, bannedAt: users.bannedAt }).from(users).where(eq(users.id, id));
    // Deleted since it was found: nothing of it is left to ban.
    if (!before || before.deletedAt) continue;
    if (opts.changesOnly && !!before.bannedAt === opts.banned) continue;
    if (opts.banned) await endActivity(tx, id);
    await tx.db
      .update(users)
      .set({ bannedAt: opts.banned ? at : null, banReason: opts.banned ? (opts.reason ?? "") : "" })
      .where(eq(users.id, id));
    if (opts.banned) {
      await revokeAllTokens(tx, id);
      await stopMinting(tx, id);
      // Its browsers and phones stop getting its notifications; an unban does not bring them back.
      await removeWebPushSubscriptions(tx, id);
      await removePushTokens(tx, id);
    } else if (before.bannedAt) {
      await resumeMinting(tx, id);
      await settleWaitingAppeal(tx, id, opts.actor);
    }
    acted.push(id);
  }
  return acted;
}

/**
 * A ban lifted otherwise than by deciding the account's waiting appeal (an unban, a cluster ban
 * undone) answers that appeal too: lifted, and its owner is told, as an operator's decision would.
 */
async function settleWaitingAppeal(tx: DomainContext, userId: number, actor = "unban"): Promise<void> {
  const [settled] = await tx.db
    .update(appeals)
    .set({ outcome: "lifted", decidedAt: tx.clock.now(), decidedBy: actor })
    .where(and(eq(appeals.userId, userId), isNull(appeals.outcome)))
    .returning({ id: appeals.id });
  if (settled) await mailAppealOutcome(tx, userId, true);
}

/**
 * What a deletion or a ban ends first, under the account's standing lock and before
 * its users row is locked (a join completing an exchange locks the exchange, then its members'
 * rows): its forming exchange is cancelled or left, its unused gift boxes are void.
 * The caller stops its minting once the account's row is changed.
 */
export async function endActivity(tx: DomainContext, userId: number): Promise<void> {
  await endExchangesOf(tx, userId);
  await voidUnusedBoxes(tx, userId);
}

/** Bans a device (every sign-in and sign-up from it refused) or lets it in again; the reason and note are the audit log's. */
export async function setDeviceBan(
  ctx: DomainContext,
  input: { did: string; banned: boolean; reason?: string; note?: string; actor: string },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const bannedAt = input.banned ? at : null;
    await tx.db
      .insert(devices)
      .values({ did: input.did, createdAt: at, bannedAt })
      .onConflictDoUpdate({ target: devices.did, set: { bannedAt } });
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: input.banned ? "device.ban" : "device.unban",
      target: `device:${input.did}`,
      detail: banDetail(input),
    });
  });
}
