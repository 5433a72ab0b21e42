import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { NotificationKind } from "#contract/notification-kinds.ts";
import { users } from "#api/src/db/schema.ts";
import { nativePlatforms } from "#api/src/native-push-config.ts";
import type { ApiConfig } from "#api/src/config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { sendNativePush } from "./native.ts";
import { sendWebPush, type PushInput } from "./send.ts";

/** What became of a notification sent to every device of a user; `retry` lists the ones to send to again. */
export interface DevicesResult {
  delivered: number;
  removed: number;
  /** A browser subscription's id or a native app's device id, each to be sent to again. */
  retry: { subscriptionId?: number; did?: string; status: number | null; retryAfterSeconds: number | null }[];
  failed: { status: number }[];
}

/**
 * Sends one notification to all of a user's devices at once: the browsers subscribed and the
 * native apps. A retry (`only` or `onlyApps` set) goes to the devices it names and no other.
 */
export async function sendToDevices(ctx: DomainContext, userId: number, input: PushInput): Promise<DevicesResult> {
  const retry = input.only !== undefined || input.onlyApps !== undefined;
  const none = { delivered: 0, removed: 0, retry: [], failed: [] };
  const [web, native] = await Promise.all([
    retry && !input.only?.length ? none : sendWebPush(ctx, userId, input),
    retry && !input.onlyApps?.length ? none : sendNativePush(ctx, userId, input),
  ]);
  return {
    delivered: web.delivered + native.delivered,
    removed: web.removed + native.removed,
    retry: [...web.retry, ...native.retry],
    failed: [...web.failed, ...native.failed],
  };
}

/**
 * Whether push reaches the user (`userId`, an SQL expression): a browser subscribed, or a
 * native app on a platform whose push service is configured. Users without are left to e-mail.
 */
export function reachableByPush(config: ApiConfig, userId: SQL): SQL {
  const web = sql`exists (select 1 from web_push_subscriptions w where w.user_id = ${userId})`;
  const platforms = nativePlatforms(config);
  if (!platforms.length) return web;
  const native = sql`exists (select 1 from push_tokens t where t.user_id = ${userId} and t.platform in (${sql.join(
    platforms.map((p) => sql`${p}`),
    sql`, `,
  )}))`;
  return sql`(${web} or ${native})`;
}

/** Whether a push of this kind is for the user (`userId`, an SQL expression): push reaches them, and they have not turned the kind off. */
export function pushWanted(config: ApiConfig, userId: SQL, kind: NotificationKind): SQL {
  return sql`(${reachableByPush(config, userId)} and not exists (
    select 1 from notification_settings ns where ns.user_id = ${userId} and ${kind} = any(ns.muted_kinds)))`;
}

/** Those of the users a push of this kind is for (pushWanted): the producers queue only theirs. */
export async function pushWantedAmong(ctx: DomainContext, userIds: number[], kind: NotificationKind): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), pushWanted(ctx.config, sql`${users.id}`, kind)));
  return new Set(rows.map((r) => r.id));
}
