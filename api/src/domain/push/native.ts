import { and, eq, inArray } from "drizzle-orm";
import { pushTokens } from "#api/src/db/schema.ts";
import { nativePlatforms, nativePushCredentials } from "#api/src/native-push-config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { sendApns } from "./apns.ts";
import { sendFcm } from "./fcm.ts";
import type { PushInput } from "./send.ts";

/** What became of a notification sent to a user's apps, each device named by its did. */
export interface NativePushResult {
  delivered: number;
  /** Tokens deleted: the push service no longer knows them (the app was removed, or its token replaced). */
  removed: number;
  retry: { did: string; status: number | null; retryAfterSeconds: number | null }[];
  failed: { did: string; status: number }[];
}

/**
 * Sends one notification to each of the user's native apps (push_tokens, bound through the
 * bridge) whose platform's push service is configured: FCM for Android, APNs for iOS, in
 * parallel. Tokens are left alone on platforms without credentials.
 */
export async function sendNativePush(ctx: DomainContext, userId: number, input: PushInput): Promise<NativePushResult> {
  const result: NativePushResult = { delivered: 0, removed: 0, retry: [], failed: [] };
  const platforms = nativePlatforms(ctx.config);
  if (!platforms.length) return result;
  const { fcm, apns } = nativePushCredentials(ctx.config);
  const devices = await ctx.db
    .select()
    .from(pushTokens)
    .where(
      and(
        eq(pushTokens.userId, userId),
        inArray(pushTokens.platform, platforms),
        input.onlyApps ? inArray(pushTokens.did, input.onlyApps) : undefined,
      ),
    );
  const outcomes = await Promise.all(
    devices.map((d) => (d.platform === "android" ? sendFcm(ctx, fcm!, d.token, input) : sendApns(ctx, apns!, d.token, input))),
  );
  const gone: typeof devices = [];
  outcomes.forEach((outcome, i) => {
    const { did } = devices[i];
    if (outcome.kind === "delivered") result.delivered++;
    else if (outcome.kind === "gone") gone.push(devices[i]);
    else if (outcome.kind === "retry") result.retry.push({ did, status: outcome.status, retryAfterSeconds: outcome.retryAfterSeconds });
    else result.failed.push({ did, status: outcome.status });
  });
  for (const device of gone) {
    // Only the token that was refused: the app may have bound a new one meanwhile.
    const deleted = await ctx.db
      .delete(pushTokens)
      .where(and(eq(pushTokens.did, device.did), eq(pushTokens.token, device.token)))
      .returning({ did: pushTokens.did });
    result.removed += deleted.length;
  }
  return result;
}
