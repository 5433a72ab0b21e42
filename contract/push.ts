import { z } from "zod";
import { ErrorCode, type ErrorCodeValue } from "./errors.ts";
import { CLOCK_TIME, NOTIFICATION_KINDS } from "./notification-kinds.ts";
import { route } from "./route.ts";
import { emptyResult } from "./wire.ts";

/** Push services' endpoints are a few hundred characters; this leaves room and stops abuse. */
export const PUSH_ENDPOINT_MAX = 2048;

/** A check that fails with its own code, which bind() answers instead of 100400: the user can be told what to do. */
const failsWith = (code: ErrorCodeValue) => ({ params: { errorCode: code } });

/**
 * An absolute http(s) URL without credentials, written as push services write theirs: no control
 * character (the URL parser would take a NUL that PostgreSQL text cannot hold). Whether plain http
 * or a private host is allowed is the API's setting (PUSH_ENDPOINT_ALLOW_LOCAL), checked when
 * subscribing and again when sending.
 */
export function isPushEndpoint(value: string): boolean {
  if (value.length > PUSH_ENDPOINT_MAX || /\p{Cc}/u.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.hostname !== "";
}

/** A time zone this runtime's Intl knows, as browsers name theirs (`Europe/Berlin`). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Base64url as browsers give it: no padding, or padding the API drops. */
const base64url = (pattern: RegExp, code: ErrorCodeValue) =>
  z
    .string()
    .trim()
    .refine((v) => pattern.test(v), failsWith(code));

const webPushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .trim()
    .refine(isPushEndpoint, failsWith(ErrorCode.pushEndpointInvalid))
    .describe("PushSubscription.endpoint: the push service's https URL for this browser"),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, the first one 4 (so its base64url starts with B).
    p256dh: base64url(/^B[A-Za-z0-9_-]{86}=?$/, ErrorCode.pushKeysInvalid).describe("The browser's P-256 public key, base64url"),
    auth: base64url(/^[A-Za-z0-9_-]{22}(==)?$/, ErrorCode.pushKeysInvalid).describe("The 16-byte authentication secret, base64url"),
  }),
  label: z
    .string()
    .trim()
    .max(200)
    // Shown, never parsed: control characters (a NUL PostgreSQL text cannot hold) are dropped, not refused.
    .transform((label) => label.replace(/\p{Cc}/gu, ""))
    .optional()
    .describe("Which browser or device this is (a user agent), shown to its owner"),
  time_zone: z
    .string()
    .trim()
    .max(100)
    .refine(isTimeZone, "an IANA time zone")
    .optional()
    .describe("The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone): notifications wait out its night"),
});
export type WebPushSubscriptionInput = z.infer<typeof webPushSubscriptionBody>;

const endpointBody = z.object({ endpoint: z.string().trim().max(PUSH_ENDPOINT_MAX) });

const keyResult = z.object({
  public_key: z.string().describe("The VAPID public key (applicationServerKey), base64url: subscribe with it"),
});

const clockTime = z
  .string()
  .trim()
  .refine((v) => CLOCK_TIME.test(v), failsWith(ErrorCode.quietHoursInvalid));

const kind = z.enum(NOTIFICATION_KINDS);

const notificationSettings = z.object({
  kinds: z.record(kind, z.boolean()).describe("Each kind of notification: true when the user gets it"),
  quiet_hours: z.boolean().describe("Whether notifications wait out the quiet hours"),
  quiet_start: z.string().describe("When the quiet hours start, HH:MM in the time zone of the user's newest browser"),
  quiet_end: z.string().describe("When they end, HH:MM; earlier than the start: the next day"),
  round_email: z.boolean().describe("Whether a round's close with VV to claim is e-mailed too (at most once a UTC day)"),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

const notificationSettingsBody = z.object({
  kinds: z.partialRecord(kind, z.boolean()).optional().describe("The kinds to turn on (true) or off (false); the others stay"),
  quiet_hours: z.boolean().optional(),
  quiet_start: clockTime.optional(),
  quiet_end: clockTime.optional(),
  round_email: z.boolean().optional(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsBody>;

export const pushRoutes = {
  key: route({
    method: "GET",
    path: "/v1/user/web_push/key/",
    summary: "The VAPID public key a browser subscribes to Web Push with",
    auth: true,
    response: keyResult,
  }),
  subscribe: route({
    method: "POST",
    path: "/v1/user/web_push/subscribe/",
    summary: "Save this browser's Web Push subscription for the signed-in account (another account's is moved to it)",
    auth: true,
    body: webPushSubscriptionBody,
    response: emptyResult,
  }),
  unsubscribe: route({
    method: "POST",
    path: "/v1/user/web_push/unsubscribe/",
    summary: "Forget the caller's subscription with this endpoint (none is no error)",
    auth: true,
    body: endpointBody,
    response: emptyResult,
  }),
  settings: route({
    method: "GET",
    path: "/v1/user/notifications/",
    summary: "Which notifications the caller gets, their quiet hours and whether rounds are e-mailed",
    auth: true,
    response: notificationSettings,
  }),
  saveSettings: route({
    method: "POST",
    path: "/v1/user/notifications/",
    summary: "Change the caller's notification settings: the fields sent, the others as they were",
    auth: true,
    body: notificationSettingsBody,
    response: notificationSettings,
  }),
  unsubscribeRoundEmail: route({
    method: "POST",
    path: "/v1/user/round_email/unsubscribe/",
    summary: "Stop the round e-mail of the account a signed unsubscribe link names (the link's one-click POST); no login needed",
    auth: false,
    body: z.object({ token: z.string().trim().max(200) }),
    response: emptyResult,
  }),
} as const;
