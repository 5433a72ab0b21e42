import { eq, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * An account's standing, deleted or banned, is settled under one advisory lock
 * per account, held to the end of the transaction (docs/decisions/038). Deleting, banning and
 * unbanning take it alone, before any other lock; an action that must not outlive the account
 * (a claim, a gift use, an exchange start or join, attaching someone to an inviter) shares it,
 * also before any row lock, then reads the standing. So whichever commits first, the other sees
 * it: a claim either ends before the deletion begins, or begins after it and finds it.
 * An advisory lock, not the users row: actions update other users' rows (power, inviter) in
 * orders of their own, and a row lock taken first would deadlock with them.
 */
function standingKey(userId: number) {
  return sql`hashtextextended('account-standing:' || ${String(userId)}, 0)`;
}

export interface Standing {
  deletedAt: Date | null;
  bannedAt: Date | null;
}

/** Whether the account is neither deleted nor banned. */
export function inGoodStanding(standing: Standing | undefined): standing is Standing {
  return !!standing && !standing.deletedAt && !standing.bannedAt;
}

/**
 * Shares the account's standing lock for the rest of the transaction and reads its standing,
 * as committed by the deletion or ban this waited for, if any. Call it before locking any row.
 */
export async function shareStanding(tx: DomainContext, userId: number): Promise<Standing | undefined> {
  await tx.db.execute(sql`select pg_advisory_xact_lock_shared(${standingKey(userId)})`);
  const [row] = await tx.db.select({ deletedAt: users.deletedAt, bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * The caller's own standing, shared as `shareStanding` does: a deleted account is told to log
 * in again and a banned one gets the banned code, as authentication answers them.
 */
export async function requireGoodStanding(tx: DomainContext, userId: number): Promise<void> {
  const standing = await shareStanding(tx, userId);
  if (!standing || standing.deletedAt) throw new Failure(ErrorCode.loginExpired);
  if (standing.bannedAt) throw new Failure(ErrorCode.accountBanned);
}

/** Takes the account's standing lock alone, to change it: first thing in the transaction. */
export async function lockStanding(tx: DomainContext, userId: number): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(${standingKey(userId)})`);
}
