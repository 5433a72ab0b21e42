import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { transportList } from "./listing.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * Who the passkeys are for: the host of PUBLIC_URL, and pages of that origin only. A page opened
 * at another address of the machine (an IP, which can never be a relying party) shows no passkeys
 * (the web app checks the same origin), so every passkey belongs to the one public address.
 */
export function relyingParty(ctx: DomainContext): { id: string; origin: string; name: string } {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: "VV" };
}

/** The challenge the browser signed, as the client data carries it (base64url); refused when unreadable. */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    if (typeof challenge === "string") return challenge;
  } catch {
    // Not base64url JSON: the same refusal as a signature that does not check.
  }
  throw new Failure(ErrorCode.passkeyFailed);
}

/** A verdict once it said yes: the union's "verified" side where the library's type is one. */
type Verified<T> = [Extract<T, { verified: true }>] extends [never] ? T : Extract<T, { verified: true }>;

/**
 * The library's check of an answer: whatever it throws (a wrong origin, a bad signature, a
 * counter gone back) and a plain "not verified" are one refusal, a passkey that does not check.
 */
async function checked<T extends { verified: boolean }>(check: () => Promise<T>): Promise<Verified<T>> {
  let result: T;
  try {
    result = await check();
  } catch {
    throw new Failure(ErrorCode.passkeyFailed);
  }
  if (!result.verified) throw new Failure(ErrorCode.passkeyFailed);
  return result as Verified<T>;
}

/** ES256, EdDSA, RS256: what phones' and computers' authenticators make. */
export const ALGORITHMS = [-7, -8, -257];

/** A new passkey's attestation, checked for this relying party with the screen lock used; the signed challenge was read before. */
export function verifiedRegistration(ctx: DomainContext, credential: RegistrationResponseJSON, signed: string) {
  const rp = relyingParty(ctx);
  return checked(() =>
    verifyRegistrationResponse({
      response: credential,
      expectedChallenge: signed,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }),
  );
}

/** A sign-in's signature, checked against the stored passkey (its key, counter and transports as kept). */
export function verifiedAssertion(
  ctx: DomainContext,
  credential: AuthenticationResponseJSON,
  signed: string,
  stored: { credentialId: string; publicKey: string; counter: number; transports: string },
) {
  const rp = relyingParty(ctx);
  return checked(() =>
    verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: signed,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: transportList(stored.transports),
      },
      requireUserVerification: true,
    }),
  );
}
