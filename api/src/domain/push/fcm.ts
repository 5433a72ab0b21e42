import type { FcmCredentials } from "#api/src/native-push-config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { signJwt } from "./jwt.ts";
import { retryAfterSeconds, type Outcome, type PushInput } from "./send.ts";

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
// Google's access tokens last an hour; one this close to its end is renewed first, so that
// clock skew or a slow send never presents an expired one.
const RENEW_BEFORE_MS = 5 * 60_000;
const ASSERTION_SECONDS = 3600;

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** Per service account: the access token, or the request for one that the sends in flight share. */
const tokens = new WeakMap<FcmCredentials, { token?: AccessToken; pending?: Promise<AccessToken> }>();

/** Google's token endpoint did not give a token: sends wait and try again, and the job says why. */
class TokenRefused extends Error {
  constructor(
    readonly status: number | null,
    detail: string,
  ) {
    super(`FCM token endpoint: ${detail}`);
  }
}

/** OAuth 2.0's JWT bearer grant: the service account's signed assertion for an access token. */
async function requestAccessToken(ctx: DomainContext, fcm: FcmCredentials): Promise<AccessToken> {
  const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
  const assertion = signJwt(
    "RS256",
    {},
    { iss: fcm.clientEmail, scope: SCOPE, aud: fcm.tokenUrl, iat: issuedAt, exp: issuedAt + ASSERTION_SECONDS },
    fcm.privateKey,
  );
  let res: Response;
  try {
    res = await fetch(fcm.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(ctx.config.PUSH_SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TokenRefused(null, (error as Error).message);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!res.ok || !body.access_token) throw new TokenRefused(res.status, `answered ${res.status} ${body.error ?? ""}`.trim());
  return { value: body.access_token, expiresAt: ctx.clock.now().getTime() + (body.expires_in ?? ASSERTION_SECONDS) * 1000 };
}

/** The cached access token, renewed near its end; sends at one moment share one request. */
async function accessToken(ctx: DomainContext, fcm: FcmCredentials): Promise<string> {
  const entry = tokens.get(fcm);
  if (entry?.token && entry.token.expiresAt - RENEW_BEFORE_MS > ctx.clock.now().getTime()) return entry.token.value;
  if (entry?.pending) return (await entry.pending).value;
  const pending = requestAccessToken(ctx, fcm);
  tokens.set(fcm, { pending });
  try {
    const token = await pending;
    tokens.set(fcm, { token });
    return token.value;
  } catch (error) {
    tokens.delete(fcm);
    throw error;
  }
}

interface FcmError {
  error?: { status?: string; details?: { errorCode?: string }[] };
}

/**
 * Sends one notification to one Android app through FCM HTTP v1. The tag collapses it: a newer
 * one with the same tag replaces it, on the phone and in FCM's queue for a phone that is off.
 */
export async function sendFcm(ctx: DomainContext, fcm: FcmCredentials, token: string, input: PushInput): Promise<Outcome> {
  const { message } = input;
  let bearer: string;
  try {
    bearer = await accessToken(ctx, fcm);
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error;
    return { kind: "retry", status: error.status, retryAfterSeconds: null };
  }
  const body = {
    message: {
      token,
      notification: { title: message.title, body: message.body },
      data: { url: message.url, kind: message.kind, tag: message.tag, dedupe_key: message.dedupeKey },
      android: { collapse_key: message.tag, ttl: `${input.ttlSeconds}s`, notification: { tag: message.tag } },
    },
  };
  let res: Response;
  try {
    res = await fetch(`${fcm.baseUrl.replace(/\/+$/, "")}/v1/projects/${encodeURIComponent(fcm.projectId)}/messages:send`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ctx.config.PUSH_SEND_TIMEOUT_MS),
    });
  } catch {
    return { kind: "retry", status: null, retryAfterSeconds: null };
  }
  const answer = (await res.json().catch(() => ({}))) as FcmError;
  if (res.ok) return { kind: "delivered" };
  if (res.status === 404 || answer.error?.details?.some((d) => d.errorCode === "UNREGISTERED")) return { kind: "gone" };
  // Revoked or expired early: the next try takes a new one.
  if (res.status === 401) tokens.delete(fcm);
  if (res.status === 401 || res.status === 429 || res.status >= 500) {
    return {
      kind: "retry",
      status: res.status,
      retryAfterSeconds: retryAfterSeconds(res.headers.get("retry-after") ?? undefined, ctx.clock.now()),
    };
  }
  return { kind: "failed", status: res.status };
}
