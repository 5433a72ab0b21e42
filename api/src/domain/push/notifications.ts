import { readFileSync } from "node:fs";
import { desc, eq } from "drizzle-orm";
import i18next from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, normalizeLanguage } from "#contract/languages.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { users, webPushSubscriptions } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { writtenName } from "#api/src/domain/profile/people.ts";
import type { Job, JobInput, JobOutcome } from "#api/src/jobs/queue.ts";
import { stillTrue, whenUnreached } from "./kind-rules.ts";
import type { Notification } from "./notification.ts";
import { quietUntil } from "./quiet-hours.ts";
import { sendToDevices } from "./devices.ts";
import type { PushMessage } from "./send.ts";
import { isMuted, quietHoursOf, settingsRowOf } from "./settings.ts";

const resources = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => [
    lng,
    { push: JSON.parse(readFileSync(new URL(`../../../../locales/${lng}/push.json`, import.meta.url), "utf8")) },
  ]),
);

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  ns: ["push"],
  defaultNS: "push",
  interpolation: { escapeValue: false },
  initImmediate: false,
});

export type { Notification };

export interface PushJobPayload {
  userId: number;
  notification: Notification;
  /** Set on a retry: the subscriptions that could not take it last time, the only ones it goes to again. */
  only?: number[];
  /** Likewise the native apps (their device ids) that could not take it last time. */
  onlyApps?: string[];
  /** Set on a retry: a browser took it already. */
  reached?: boolean;
}

/** How long a push service keeps a notification for a device that is offline, when the job does not expire sooner. */
const DEFAULT_TTL_SECONDS = 24 * 3600;

/** The object a notification is about: one notification of a kind per user and object. */
function objectOf(notification: Notification): string | number {
  switch (notification.kind) {
    case "round":
    case "pause":
      return notification.round;
    case "remind":
      return notification.reminder;
    case "exchange":
      return notification.exchange;
    case "gift":
      return notification.box;
  }
}

/** One user's notification as a job; its dedupe key is (user, kind, object), so it is queued once. */
export function pushJob(
  userId: number,
  notification: Notification,
  opts: { runAt?: Date; expiresAt?: Date } = {},
): JobInput & { payload: PushJobPayload } {
  return {
    kind: "push",
    payload: { userId, notification },
    // The distribution writes the same key for round and pause in SQL (airdrop/distribution.ts).
    dedupeKey: `push:${userId}:${notification.kind}:${objectOf(notification)}`,
    ...opts,
  };
}

/** The amount as people write it: no trailing zeros. */
export function plainAmount(units: string): string {
  return unitsToDecimal(BigInt(units)).replace(/\.?0+$/, "");
}

function texts(notification: Notification, language: string | undefined): { title: string; body: string } {
  const t = i18n.getFixedT(normalizeLanguage(language) ?? DEFAULT_LANGUAGE, "push");
  const from = (n: { from: string; fromAlias?: string }) => writtenName(language, { nickname: n.from, alias: n.fromAlias });
  switch (notification.kind) {
    case "round":
      return { title: t("push:round.title"), body: t("push:round.body", { amount: plainAmount(notification.amount) }) };
    case "pause":
      return { title: t("push:pause.title"), body: t("push:pause.body") };
    case "remind":
      return notification.about === "not_started"
        ? { title: t("push:nudge.title", { name: from(notification) }), body: t("push:nudge.body") }
        : { title: t("push:remind.title", { name: from(notification) }), body: t("push:remind.body") };
    case "exchange":
      return { title: t("push:exchange.title"), body: t("push:exchange.body", { power: notification.gained }) };
    case "gift":
      return { title: t("push:gift.title"), body: t("push:gift.body", { name: from(notification), power: notification.power }) };
  }
}

/**
 * The job worker's handler for "push". Dropped when the user has turned its kind off since it
 * was queued, or when what it says is no longer true. Held, without counting an attempt, through
 * the user's quiet hours (their own, or PUSH_QUIET_START-PUSH_QUIET_END) in the time zone of the
 * user's newest browser that gave one; sent to each of the user's browsers and native apps in
 * the user's language; tried again with the usual back-off (or the push service's Retry-After)
 * when a push service could not take it, then only to the devices whose push service did not:
 * one that took it never gets it twice (a browser must show every push it gets, so a copy would
 * show again once the first was dismissed). Should a worker die between a send and its record,
 * the copy sent again carries the same tag, which replaces the one shown. Reaching no device at
 * all, some kinds go another way (kind-rules.ts).
 */
export async function sendPushJob(ctx: DomainContext, job: Job): Promise<JobOutcome> {
  const payload = job.payload as PushJobPayload;
  const { userId, notification } = payload;
  const [user] = await ctx.db
    .select({ uiLang: users.uiLang, deletedAt: users.deletedAt, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt || user.bannedAt) return { kind: "done" };
  const settings = await settingsRowOf(ctx, userId);
  if (isMuted(settings, notification.kind)) return { kind: "done" };
  if (!(await stillTrue(ctx, userId, notification))) return { kind: "done" };
  const zones = await ctx.db
    .select({ timeZone: webPushSubscriptions.timeZone })
    .from(webPushSubscriptions)
    .where(eq(webPushSubscriptions.userId, userId))
    .orderBy(desc(webPushSubscriptions.createdAt), desc(webPushSubscriptions.id));
  const now = ctx.clock.now();
  const zone = zones.find((z) => z.timeZone)?.timeZone;
  const quiet = quietHoursOf(ctx, settings);
  const until = zone && quiet ? quietUntil(now, zone, quiet) : null;
  if (until) return { kind: "hold", until };
  const message: PushMessage = {
    ...texts(notification, user.uiLang),
    url: notification.url,
    tag: notification.tag,
    kind: notification.kind,
    dedupeKey: job.dedupeKey ?? `job:${job.id}`,
  };
  const ttlSeconds = job.expiresAt ? Math.max(0, Math.floor((job.expiresAt.getTime() - now.getTime()) / 1000)) : DEFAULT_TTL_SECONDS;
  const result = await sendToDevices(ctx, userId, { message, ttlSeconds, only: payload.only, onlyApps: payload.onlyApps });
  if (!result.retry.length) {
    if (!result.delivered && !payload.reached) await whenUnreached(ctx, userId, notification);
    return { kind: "done" };
  }
  const wait = Math.max(0, ...result.retry.map((r) => r.retryAfterSeconds ?? 0));
  return {
    kind: "retry",
    error: `push service answered ${result.retry.map((r) => r.status ?? "nothing").join(", ")}`,
    notBefore: new Date(ctx.clock.now().getTime() + wait * 1000),
    payload: {
      ...payload,
      only: result.retry.flatMap((r) => (r.subscriptionId === undefined ? [] : [r.subscriptionId])),
      onlyApps: result.retry.flatMap((r) => (r.did === undefined ? [] : [r.did])),
      reached: payload.reached || result.delivered > 0,
    },
  };
}
