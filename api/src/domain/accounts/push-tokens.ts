import { and, eq, ne } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { pushTokens } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

/**
 * Binds the native app's push token to the account signed in on this device
 * (docs/native-bridge.md). One row per device: whoever signs in on it last owns it. The
 * device is the one the login was made on, so a client cannot take over another device's row
 * by naming its did.
 */
export async function bindPushToken(
  ctx: DomainContext,
  principal: { userId: number; did: string | null },
  input: { did: string | undefined; token: string; platform: "android" | "ios" },
): Promise<void> {
  if (!input.did || input.did !== principal.did) throw new Failure(ErrorCode.badRequest, 400);
  const did = input.did;
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    // A reinstalled app keeps its push token under a new device id: the old row would
    // notify the same phone twice, maybe for an account no longer signed in there.
    await tx.db.delete(pushTokens).where(and(eq(pushTokens.token, input.token), ne(pushTokens.did, did)));
    await tx.db
      .insert(pushTokens)
      .values({ did, userId: principal.userId, platform: input.platform, token: input.token, updatedAt: now })
      .onConflictDoUpdate({
        target: pushTokens.did,
        set: { userId: principal.userId, platform: input.platform, token: input.token, updatedAt: now },
      });
  });
}

/** Logging out on a device: it stops receiving this account's notifications. */
export async function unbindPushToken(ctx: DomainContext, userId: number, input: { did: string | null }): Promise<void> {
  if (!input.did) return;
  await ctx.db.delete(pushTokens).where(and(eq(pushTokens.did, input.did), eq(pushTokens.userId, userId)));
}

/** Deleting the account: no device receives its notifications any more. */
export async function removePushTokens(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.db.delete(pushTokens).where(eq(pushTokens.userId, userId));
}
