import { lt } from "drizzle-orm";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { ErrorCode } from "#contract/errors.ts";
import { passkeyChallengesSpent } from "#api/src/db/schema.ts";
import { keyedHash, randomToken, sameHash } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * A sign-in is bound to the device that asked, an addition to the session that asked; an
 * operator's enrolment to their enrolment code, their sign-in to the console.
 */
type Purpose = "login" | "add" | "openrol" | "oplogin";

const CHALLENGE = /^(login|add|openrol|oplogin)\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(ctx: DomainContext, purpose: Purpose, expires: number, nonce: string, binding: string): string {
  return keyedHash(ctx.config.API_SECRET, `passkey:${purpose}:${expires}:${nonce}:${binding}`);
}

/**
 * A challenge that carries its purpose, expiry and a nonce, signed with what it is bound to
 * (decision 062). Nothing is stored when it is made, so a visit to /login writes nothing; the
 * answer spends it (spendChallenge), once.
 */
export function makeChallenge(ctx: DomainContext, purpose: Purpose, binding: string): string {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.PASSKEY_CHALLENGE_SECONDS;
  const nonce = randomToken(16);
  return `${purpose}.${expires}.${nonce}.${signature(ctx, purpose, expires, nonce, binding)}`;
}

interface Challenge {
  nonce: string;
  expires: number;
}

/**
 * The challenge the browser signed (base64url, as the client data carries it), when it is one of
 * ours, for this purpose and binding, and not expired; else refused as an expired request.
 */
export function readChallenge(ctx: DomainContext, signed: string, purpose: Purpose, binding: string): Challenge {
  let text = "";
  try {
    text = isoBase64URL.toUTF8String(signed);
  } catch {
    // Not base64url: no challenge of ours.
  }
  const match = CHALLENGE.exec(text);
  const expires = Number(match?.[2]);
  const valid =
    match !== null &&
    match[1] === purpose &&
    sameHash(match[4], signature(ctx, purpose, expires, match[3], binding)) &&
    expires * 1000 > ctx.clock.now().getTime();
  if (!valid) throw new Failure(ErrorCode.passkeyChallengeInvalid);
  return { nonce: match[3], expires };
}

/**
 * Marks the challenge answered; a second answer (a replay, or two taps at once) is refused, the
 * primary key settling the race. Challenges past their expiry are forgotten on the way: they are
 * refused by their time anyway.
 */
export async function spendChallenge(ctx: DomainContext, challenge: Challenge): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.delete(passkeyChallengesSpent).where(lt(passkeyChallengesSpent.expiresAt, now));
  const spent = await ctx.db
    .insert(passkeyChallengesSpent)
    .values({ nonce: challenge.nonce, expiresAt: new Date(challenge.expires * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: passkeyChallengesSpent.nonce });
  if (spent.length === 0) throw new Failure(ErrorCode.passkeyChallengeInvalid);
}
