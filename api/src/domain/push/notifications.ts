import { readFileSync } from "node:fs";
import { desc, eq } from "drizzle-orm";
import i18next from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, normalizeLanguage } from "#contract/languages.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { users, webPushSubscriptions } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { Job, JobInput, JobOutcome } from "#api/src/jobs/queue.ts";
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

/**
 * What a notification says, without its words: they are chosen when it is sent, in the user's
 * language then, so producers can queue for every user in one statement.
 * - `round`: a round was distributed; `amount` is the VV waiting to be claimed, in units.
 * - `pause`: the airdrop pauses at the next close unless the user claims.
 */
export type Notification =
  { kind: "round"; url: string; tag: string; round: number; amount: string } | { kind: "pause"; url: string; tag: string; round: number };

export interface PushJobPayload {
  userId: number;
  notification: Notification;
}

/** How long a push service keeps a notification for a device that is offline, when the job does not expire sooner. */
const DEFAULT_TTL_SECONDS = 24 * 3600;

/** One user's notification as a job; its dedupe key is (user, kind, round), so it is queued once. */
export function pushJob(
  userId: number,
  notification: Notification,
  opts: { runAt?: Date; expiresAt?: Date } = {},
): JobInput & { payload: PushJobPayload } {
  return {
    kind: "push",
    payload: { userId, notification },
    dedupeKey: pushDedupeKey(userId, notification.kind, notification.round),
    ...opts,
  };
}

function pushDedupeKey(userId: number, kind: string, round: number): string {
  return `push:${userId}:${kind}:${round}`;
}

/** The amount as people write it: no trailing zeros. */
export function plainAmount(units: string): string {
  return unitsToDecimal(BigInt(units)).replace(/\.?0+$/, "");
}

function texts(notification: Notification, language: string | undefined): { title: string; body: string } {
  const t = i18n.getFixedT(normalizeLanguage(language) ?? DEFAULT_LANGUAGE, "push");
  if (notification.kind === "round") {
    return { title: t("push:round.title"), body: t("push:round.body", { amount: plainAmount(notification.amount) }) };
  }
  return { title: t("push:pause.title"), body: t("push:pause.body") };
}

/**
 * The job worker's handler for "push". Dropped when the user has turned its kind off since it
 * was queued. Held, without counting an attempt, through the user's quiet hours (their own, or
 * PUSH_QUIET_START-PUSH_QUIET_END) in the time zone of the user's newest browser that gave one;
 * sent to each of the user's browsers and native apps in the user's language; tried again with
 * the usual back-off (or the push service's Retry-After) when a push service could not take it.
 * A copy sent again reaches devices that already had it; its dedupe key (browsers) or its tag
 * (apps) lets them show it once.
 */
export async function sendPushJob(ctx: DomainContext, job: Job): Promise<JobOutcome> {
  const { userId, notification } = job.payload as PushJobPayload;
  const [user] = await ctx.db
    .select({ uiLang: users.uiLang, deletedAt: users.deletedAt, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt || user.bannedAt) return { kind: "done" };
  const settings = await settingsRowOf(ctx, userId);
  if (isMuted(settings, notification.kind)) return { kind: "done" };
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
  const result = await sendToDevices(ctx, userId, { message, ttlSeconds });
  if (!result.retry.length) return { kind: "done" };
  const wait = Math.max(0, ...result.retry.map((r) => r.retryAfterSeconds ?? 0));
  return {
    kind: "retry",
    error: `push service answered ${result.retry.map((r) => r.status ?? "nothing").join(", ")}`,
    notBefore: new Date(ctx.clock.now().getTime() + wait * 1000),
  };
}
