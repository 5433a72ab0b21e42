import http2 from "node:http2";
import { rootCertificates } from "node:tls";
import type { ApnsCredentials } from "#api/src/native-push-config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { signJwt } from "./jwt.ts";
import { retryAfterSeconds, type Outcome, type PushInput } from "./send.ts";

// Apple refuses a provider token older than an hour, and one renewed more often than every 20
// minutes; 50 leaves room for clock skew.
const PROVIDER_TOKEN_MS = 50 * 60_000;

const providerTokens = new WeakMap<ApnsCredentials, { value: string; issuedAt: number }>();

function providerToken(ctx: DomainContext, apns: ApnsCredentials): string {
  const now = ctx.clock.now().getTime();
  const cached = providerTokens.get(apns);
  if (cached && now >= cached.issuedAt && now - cached.issuedAt < PROVIDER_TOKEN_MS) return cached.value;
  const value = signJwt("ES256", { kid: apns.keyId }, { iss: apns.teamId, iat: Math.floor(now / 1000) }, apns.privateKey);
  providerTokens.set(apns, { value, issuedAt: now });
  return value;
}

/**
 * One HTTP/2 connection per APNs credentials, kept for every send as Apple asks (opening one
 * per notification is treated as a denial-of-service attack); made again once it closes or
 * fails. It does not keep the process alive.
 */
const sessions = new WeakMap<ApnsCredentials, http2.ClientHttp2Session>();

function sessionFor(apns: ApnsCredentials): http2.ClientHttp2Session {
  const open = sessions.get(apns);
  if (open && !open.closed && !open.destroyed) return open;
  const session = http2.connect(apns.url, apns.ca ? { ca: [...rootCertificates, apns.ca] } : {});
  const forget = () => {
    if (sessions.get(apns) === session) sessions.delete(apns);
  };
  session.on("error", forget).on("close", forget).on("goaway", forget);
  session.unref();
  sessions.set(apns, session);
  return session;
}

/**
 * Sends one notification to one iOS app through APNs. Its collapse id is the tag, so a newer
 * one replaces it on the phone; it expires with the job (apns-expiration 0: now or never).
 */
export function sendApns(ctx: DomainContext, apns: ApnsCredentials, token: string, input: PushInput): Promise<Outcome> {
  const { message } = input;
  const now = ctx.clock.now();
  const payload = JSON.stringify({
    aps: { alert: { title: message.title, body: message.body }, sound: "default", "thread-id": message.tag },
    url: message.url,
    kind: message.kind,
    tag: message.tag,
    dedupe_key: message.dedupeKey,
  });
  const headers = {
    ":method": "POST",
    ":path": `/3/device/${encodeURIComponent(token)}`,
    authorization: `bearer ${providerToken(ctx, apns)}`,
    "apns-push-type": "alert",
    "apns-topic": apns.bundleId,
    "apns-collapse-id": message.tag,
    "apns-expiration": String(input.ttlSeconds > 0 ? Math.floor(now.getTime() / 1000) + input.ttlSeconds : 0),
    "apns-priority": input.urgency === "very-low" || input.urgency === "low" ? "5" : "10",
    "content-type": "application/json",
  };
  return new Promise((resolve) => {
    let req: http2.ClientHttp2Stream;
    try {
      req = sessionFor(apns).request(headers, { signal: AbortSignal.timeout(ctx.config.PUSH_SEND_TIMEOUT_MS) });
    } catch {
      return resolve({ kind: "retry", status: null, retryAfterSeconds: null });
    }
    let status = 0;
    let retryAfter: string | undefined;
    const chunks: Buffer[] = [];
    req.on("response", (h) => {
      status = Number(h[":status"]);
      retryAfter = h["retry-after"] as string | undefined;
    });
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => resolve({ kind: "retry", status: null, retryAfterSeconds: null }));
    req.on("end", () => {
      let reason: string | undefined;
      try {
        reason = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { reason?: string }).reason;
      } catch {
        reason = undefined;
      }
      if (status === 200) return resolve({ kind: "delivered" });
      if (status === 410 || reason === "BadDeviceToken" || reason === "Unregistered") return resolve({ kind: "gone" });
      // Apple no longer takes this provider token: the next try signs a new one.
      if (reason === "ExpiredProviderToken" || reason === "InvalidProviderToken") providerTokens.delete(apns);
      if (status === 403 || status === 429 || status >= 500) {
        return resolve({ kind: "retry", status, retryAfterSeconds: retryAfterSeconds(retryAfter, ctx.clock.now()) });
      }
      resolve({ kind: "failed", status });
    });
    req.end(payload);
  });
}
