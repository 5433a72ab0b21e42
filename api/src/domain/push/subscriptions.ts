import { createPublicKey } from "node:crypto";
import { and, desc, eq, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { isPushEndpoint, type WebPushSubscriptionInput } from "#contract/push.ts";
import { webPushSubscriptions } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { endpointAllowed } from "./endpoints.ts";

/** Whether the browser's key is a point on P-256: encryption to any other fails at every send. */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, "base64url");
  try {
    createPublicKey({
      key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves a browser's subscription for the signed-in account. The endpoint is one browser's: if
 * another account subscribed it (someone else signed in on that browser before), it moves to this
 * one, as a new subscription. A browser holds one subscription at a time, so one saved before
 * from this device under another endpoint goes. An account keeps its PUSH_SUBSCRIPTIONS_PER_USER
 * newest.
 */
export async function subscribeWebPush(
  ctx: DomainContext,
  principal: { userId: number; did: string | null },
  input: WebPushSubscriptionInput,
): Promise<void> {
  if (!endpointAllowed(input.endpoint, ctx.config.PUSH_ENDPOINT_ALLOW_LOCAL)) throw new Failure(ErrorCode.pushEndpointInvalid);
  const p256dh = input.keys.p256dh.replace(/=+$/, "");
  if (!isP256Point(p256dh)) throw new Failure(ErrorCode.pushKeysInvalid);
  const now = ctx.clock.now();
  const row = {
    userId: principal.userId,
    did: principal.did,
    endpoint: input.endpoint,
    p256dh,
    auth: input.keys.auth.replace(/=+$/, ""),
    label: input.label || null,
    timeZone: input.time_zone || null,
  };
  await inTransaction(ctx, async (tx) => {
    if (principal.did) {
      await tx.db
        .delete(webPushSubscriptions)
        .where(and(eq(webPushSubscriptions.did, principal.did), ne(webPushSubscriptions.endpoint, input.endpoint)));
    }
    // Settled by the endpoint's unique key: two accounts subscribing it at once leave one row,
    // the later one's. The right-hand sides read the row as it was.
    const sameUser = sql`"web_push_subscriptions"."user_id" = excluded.user_id`;
    await tx.db
      .insert(webPushSubscriptions)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({
        target: webPushSubscriptions.endpoint,
        set: {
          ...row,
          createdAt: sql`case when ${sameUser} then "web_push_subscriptions"."created_at" else excluded.created_at end`,
          lastSuccessAt: sql`case when ${sameUser} then "web_push_subscriptions"."last_success_at" end`,
        },
      });
    // Every send posts to each of them: the oldest beyond the limit go.
    const kept = tx.db
      .select({ id: webPushSubscriptions.id })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.userId, principal.userId))
      .orderBy(desc(webPushSubscriptions.createdAt), desc(webPushSubscriptions.id))
      .limit(ctx.config.PUSH_SUBSCRIPTIONS_PER_USER);
    await tx.db
      .delete(webPushSubscriptions)
      .where(and(eq(webPushSubscriptions.userId, principal.userId), notInArray(webPushSubscriptions.id, kept)));
  });
}

/** The browser turned notifications off: its subscription goes, if it is the caller's. */
export async function unsubscribeWebPush(ctx: DomainContext, userId: number, input: { endpoint: string }): Promise<void> {
  // What is no push endpoint was never subscribed: nothing to forget, and nothing to send to SQL.
  if (!isPushEndpoint(input.endpoint)) return;
  await ctx.db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.userId, userId), eq(webPushSubscriptions.endpoint, input.endpoint)));
}

/**
 * Logging out on a device: the account's subscriptions from that device go, and the endpoint the
 * browser names, for a login that has no device id.
 */
export async function removeDeviceSubscriptions(
  ctx: DomainContext,
  userId: number,
  input: { did: string | null; endpoint?: string },
): Promise<void> {
  const which: SQL[] = [];
  if (input.did) which.push(eq(webPushSubscriptions.did, input.did));
  if (input.endpoint && isPushEndpoint(input.endpoint)) which.push(eq(webPushSubscriptions.endpoint, input.endpoint));
  if (!which.length) return;
  await ctx.db.delete(webPushSubscriptions).where(and(eq(webPushSubscriptions.userId, userId), or(...which)));
}

/** The account is deleted or banned: no browser receives its notifications any more. */
export async function removeWebPushSubscriptions(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));
}
