import { and, desc, eq, gte, isNull, ne, type SQL } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { authTokens } from "#api/src/db/schema.ts";
import { keyedHash, sameHash } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { removeDeviceSubscriptions } from "#api/src/domain/push/subscriptions.ts";
import { unbindPushToken } from "./push-tokens.ts";
import { forgetTokenLookups, type Principal } from "./tokens.ts";

/** The account's sessions still in use: not ended, not idle past TOKEN_IDLE_DAYS. Last used first. */
export async function listSessions(ctx: DomainContext, principal: Principal) {
  const idleLimit = new Date(ctx.clock.now().getTime() - ctx.config.TOKEN_IDLE_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({
      id: authTokens.id,
      browser: authTokens.browser,
      os: authTokens.os,
      createdAt: authTokens.createdAt,
      lastSeenAt: authTokens.lastSeenAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.userId, principal.userId), isNull(authTokens.revokedAt), gte(authTokens.lastSeenAt, idleLimit)))
    .orderBy(desc(authTokens.lastSeenAt), desc(authTokens.id));
  return rows.map((row) => ({
    id: row.id,
    browser: row.browser,
    os: row.os,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    last_seen_at: Math.floor(row.lastSeenAt.getTime() / 1000),
    current: row.id === principal.tokenId,
  }));
}

/**
 * Ends the account's sessions the condition picks, and, as a logout does, stops their devices'
 * notifications. Returns how many ended.
 */
async function endSessions(ctx: DomainContext, userId: number, which: SQL): Promise<number> {
  const ended = await inTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .update(authTokens)
      .set({ revokedAt: tx.clock.now() })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), which))
      .returning({ did: authTokens.did });
    for (const { did } of rows) {
      await unbindPushToken(tx, userId, { did });
      await removeDeviceSubscriptions(tx, userId, { did });
    }
    return rows.length;
  });
  forgetTokenLookups(ctx);
  return ended;
}

/** Signs one of the caller's own sessions out; another account's, or one already ended, is not found. */
export async function endSession(ctx: DomainContext, principal: Principal, input: { id: number }): Promise<void> {
  if (!(await endSessions(ctx, principal.userId, eq(authTokens.id, input.id)))) throw new Failure(ErrorCode.sessionNotFound);
}

/** Signs every session of the account out but the caller's. */
export async function endOtherSessions(ctx: DomainContext, principal: Principal): Promise<{ ended: number }> {
  return { ended: await endSessions(ctx, principal.userId, ne(authTokens.id, principal.tokenId)) };
}

const LINK = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function linkSignature(ctx: DomainContext, sessionId: number, expires: number): string {
  return keyedHash(ctx.config.API_SECRET, `session-end:${sessionId}:${expires}`);
}

/**
 * The token of a new-device e-mail's "Not you?" link: the session and the link's expiry, signed
 * for this one purpose. It can do one thing only, sign that session out, and only for a while.
 */
export function sessionEndToken(ctx: DomainContext, sessionId: number): string {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.SESSION_END_LINK_HOURS * 3600;
  return `${sessionId}.${expires}.${linkSignature(ctx, sessionId, expires)}`;
}

/** Signs out the session a "Not you?" link names (the confirm page's POST); a session already ended is fine. */
export async function endSessionByLink(ctx: DomainContext, token: string): Promise<void> {
  const match = LINK.exec(token);
  const [id, expires] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || !sameHash(match[3], linkSignature(ctx, id, expires)) || expires * 1000 < ctx.clock.now().getTime()) {
    throw new Failure(ErrorCode.sessionLinkInvalid);
  }
  const [row] = await ctx.db.select({ userId: authTokens.userId }).from(authTokens).where(eq(authTokens.id, id));
  if (row) await endSessions(ctx, row.userId, eq(authTokens.id, id));
}
