import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, eq, inArray } from "drizzle-orm";
import webPush from "web-push";
import { vapidSubject } from "#api/src/config.ts";
import { webPushSubscriptions } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { endpointAllowed, PrivateAddressError, publicOnlyLookup } from "./endpoints.ts";
import { vapidKeyPair } from "./vapid.ts";

/** What the service worker shows; JSON in the encrypted payload. */
export interface PushMessage {
  title: string;
  body: string;
  /** The web app's page a tap opens. */
  url: string;
  /** Notifications with one tag replace each other on the device, and in the push service's queue. */
  tag: string;
  /** What the notification is about, for the service worker and the app to tell kinds apart. */
  kind: string;
  /** Names this one notification, so a copy sent again (a retry) is shown once. */
  dedupeKey: string;
}

export interface PushInput {
  message: PushMessage;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** Only these of the user's browser subscriptions (a retry: those that could not take it before); all when unset. */
  only?: number[];
  /** Only the native apps of these devices (a retry); all when unset. */
  onlyApps?: string[];
}

/** A subscription the push service could not take this time (429, 5xx, no answer): send to it again later. */
interface PushRetry {
  subscriptionId: number;
  /** The push service's status, or null when it gave none (refused connection, timeout). */
  status: number | null;
  /** Retry-After in seconds, when the push service said. */
  retryAfterSeconds: number | null;
}

export interface PushResult {
  delivered: number;
  /** Subscriptions deleted: gone at the push service (404, 410), or now leading to a private address. */
  removed: number;
  retry: PushRetry[];
  /** Refused for another reason (400, 403: a subscription made with another key, 413): kept, not retried. */
  failed: { subscriptionId: number; status: number }[];
}

// A push service takes 4096 bytes of aes128gcm record: 86 of header, a 16-byte tag and the delimiter.
const MAX_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;

/** The Topic header: at most 32 base64url characters, the same for one tag. */
function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

export type Outcome =
  | { kind: "delivered" }
  | { kind: "gone" }
  | { kind: "retry"; status: number | null; retryAfterSeconds: number | null }
  | { kind: "failed"; status: number };

/**
 * Sends one notification to every browser the user subscribed, in parallel, each request with
 * its own timeout (PUSH_SEND_TIMEOUT_MS), so one slow push service holds up no other. What to
 * send, when, and when to try the returned ones again are the caller's.
 */
export async function sendWebPush(ctx: DomainContext, userId: number, input: PushInput): Promise<PushResult> {
  const { message } = input;
  const payload = JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.tag,
    kind: message.kind,
    dedupe_key: message.dedupeKey,
  });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`push payload over ${MAX_PAYLOAD_BYTES} bytes`);
  const subscriptions = await ctx.db
    .select()
    .from(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.userId, userId), input.only ? inArray(webPushSubscriptions.id, input.only) : undefined));
  const result: PushResult = { delivered: 0, removed: 0, retry: [], failed: [] };
  if (!subscriptions.length) return result;
  const keys = await vapidKeyPair(ctx);
  const vapidDetails = { subject: vapidSubject(ctx.config), ...keys };
  const outcomes = await Promise.all(
    subscriptions.map((s) => {
      const details = webPush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails,
        TTL: input.ttlSeconds,
        urgency: input.urgency ?? "normal",
        topic: topicOf(message.tag),
        contentEncoding: "aes128gcm",
      });
      return post(ctx, s.endpoint, details.headers, details.body);
    }),
  );
  const delivered: number[] = [];
  const gone: number[] = [];
  outcomes.forEach((outcome, i) => {
    const id = subscriptions[i].id;
    if (outcome.kind === "delivered") delivered.push(id);
    else if (outcome.kind === "gone") gone.push(id);
    else if (outcome.kind === "retry")
      result.retry.push({ subscriptionId: id, status: outcome.status, retryAfterSeconds: outcome.retryAfterSeconds });
    else result.failed.push({ subscriptionId: id, status: outcome.status });
  });
  if (delivered.length) {
    await ctx.db.update(webPushSubscriptions).set({ lastSuccessAt: ctx.clock.now() }).where(inArray(webPushSubscriptions.id, delivered));
  }
  if (gone.length) await ctx.db.delete(webPushSubscriptions).where(inArray(webPushSubscriptions.id, gone));
  result.delivered = delivered.length;
  result.removed = gone.length;
  return result;
}

/** Retry-After as seconds: a number of them, or a date. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** One push request, to the address the guarded lookup resolved; its body is read and dropped. */
function post(ctx: DomainContext, endpoint: string, headers: webPush.Headers, body: Buffer): Promise<Outcome> {
  const allowLocal = ctx.config.PUSH_ENDPOINT_ALLOW_LOCAL;
  // Checked again at each send: the rule may have changed since the subscription was saved.
  if (!endpointAllowed(endpoint, allowLocal)) return Promise.resolve({ kind: "gone" });
  const url = new URL(endpoint);
  const request = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: headers as http.OutgoingHttpHeaders,
        lookup: publicOnlyLookup(allowLocal),
        signal: AbortSignal.timeout(ctx.config.PUSH_SEND_TIMEOUT_MS),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on("error", () => {});
        if (status >= 200 && status < 300) resolve({ kind: "delivered" });
        else if (status === 404 || status === 410) resolve({ kind: "gone" });
        else if (status === 429 || status >= 500)
          resolve({ kind: "retry", status, retryAfterSeconds: retryAfterSeconds(res.headers["retry-after"], ctx.clock.now()) });
        else resolve({ kind: "failed", status });
      },
    );
    req.on("error", (error) => {
      resolve(error instanceof PrivateAddressError ? { kind: "gone" } : { kind: "retry", status: null, retryAfterSeconds: null });
    });
    req.end(body);
  });
}
