import { and, eq, isNull, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import type { Db } from "#api/src/db/client.ts";
import { prepared } from "#api/src/db/prepared.ts";
import { authTokens, users } from "#api/src/db/schema.ts";
import { keyedHash, randomToken } from "#lib/crypto.ts";
import { bannedRefusal } from "#api/src/domain/appeals/pass.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { removeDeviceSubscriptions } from "#api/src/domain/push/subscriptions.ts";
import { unbindPushToken } from "./push-tokens.ts";

export interface Principal {
  userId: number;
  tokenId: number;
  /** The device the token was issued on (null only for a token issued without one). */
  did: string | null;
  /**
   * The account's row as read with the token, in the same query: what a read-only call shows
   * of the caller needs no second lookup. Writes read the row again inside their transaction.
   */
  account: typeof users.$inferSelect;
}

/** A new login token; only its keyed hash is stored. */
export async function issueToken(
  ctx: DomainContext,
  userId: number,
  did: string,
  device: { browser: string; os: string } = { browser: "", os: "" },
): Promise<{ token: string; id: number }> {
  const token = randomToken();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(authTokens)
    .values({
      userId,
      did,
      ...device,
      tokenHash: keyedHash(ctx.config.API_SECRET, token),
      createdAt: now,
      lastSeenAt: now,
    })
    .returning({ id: authTokens.id });
  return { token, id: row.id };
}

type TokenRow = { token: typeof authTokens.$inferSelect; account: typeof users.$inferSelect };
const lookups = new WeakMap<Db, Map<string, Promise<TokenRow | undefined>>>();

/**
 * The token's row with its account. Lookups of one token that overlap share one query: a page's
 * calls come together (the web app makes them in parallel), and on PGlite every query waits its
 * turn on one thread. Nothing outlives the query, and a logout or an account deletion
 * forgets the lookups under way once it has committed, so the next call reads the row again.
 */
function lookUp(ctx: DomainContext, hash: string): Promise<TokenRow | undefined> {
  let pending = lookups.get(ctx.db);
  if (!pending) lookups.set(ctx.db, (pending = new Map()));
  let lookup = pending.get(hash);
  if (!lookup) {
    const query = prepared(ctx.db, "token_with_account", (db) =>
      db
        .select({ token: authTokens, account: users })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(eq(authTokens.tokenHash, sql.placeholder("hash")))
        .prepare("token_with_account"),
    ).execute({ hash });
    const settled = query
      .then(([row]) => row)
      .finally(() => {
        if (pending.get(hash) === settled) pending.delete(hash);
      });
    pending.set(hash, (lookup = settled));
  }
  return lookup;
}

/** After a transaction that ended logins has committed: calls from then on read the rows afresh. */
export function forgetTokenLookups(ctx: DomainContext): void {
  lookups.get(ctx.db)?.clear();
}

/** The account behind a bearer token; expired, revoked and banned ones are refused. */
export async function authenticate(ctx: DomainContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new Failure(ErrorCode.loginExpired);
  const now = ctx.clock.now();
  const shared = await lookUp(ctx, keyedHash(ctx.config.API_SECRET, token));
  // Each call its own copy: a shared row must not carry one call's changes into another.
  const row = shared && { token: { ...shared.token }, account: { ...shared.account } };
  if (!row || row.account.deletedAt) throw new Failure(ErrorCode.loginExpired);
  // Checked before revocation and expiry: a banned account gets this one code on every
  // call, not only on the first one (which revokes its tokens).
  if (row.account.bannedAt) {
    await revokeAllTokens(ctx, row.token.userId);
    // A token the ban (not its owner, earlier) ended still proves who holds it: it may appeal.
    const endedByBan = !row.token.revokedAt || row.token.revokedAt >= row.account.bannedAt;
    throw bannedRefusal(ctx, endedByBan ? row.token.userId : undefined);
  }
  const idleLimit = now.getTime() - ctx.config.TOKEN_IDLE_DAYS * 86_400_000;
  if (row.token.revokedAt || row.token.lastSeenAt.getTime() < idleLimit) {
    throw new Failure(ErrorCode.loginExpired);
  }
  // Written at most once in SESSION_TOUCH_MINUTES per session, so a busy page does not write on every call.
  if (now.getTime() - row.token.lastSeenAt.getTime() >= ctx.config.SESSION_TOUCH_MINUTES * 60_000) {
    await ctx.db.update(authTokens).set({ lastSeenAt: now }).where(eq(authTokens.id, row.token.id));
  }
  return { userId: row.token.userId, tokenId: row.token.id, did: row.token.did, account: row.account };
}

export async function revokeAllTokens(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.db
    .update(authTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

/**
 * Ends this login; the device stops receiving the account's notifications with it: the native
 * app's push token, and the Web Push subscriptions of this device or of the endpoint the browser
 * names.
 */
export async function logout(ctx: DomainContext, principal: Principal, input: { webPushEndpoint?: string } = {}): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(authTokens).set({ revokedAt: tx.clock.now() }).where(eq(authTokens.id, principal.tokenId));
    await unbindPushToken(tx, principal.userId, { did: principal.did });
    await removeDeviceSubscriptions(tx, principal.userId, { did: principal.did, endpoint: input.webPushEndpoint });
  });
  forgetTokenLookups(ctx);
}
