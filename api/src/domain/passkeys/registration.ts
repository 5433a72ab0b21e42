import { eq } from "drizzle-orm";
import { generateRegistrationOptions, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { ErrorCode } from "#contract/errors.ts";
import { passkeys, users } from "#api/src/db/schema.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import type { Principal } from "#api/src/domain/accounts/tokens.ts";
import type { Agent } from "#api/src/domain/accounts/sign-in.ts";
import { deviceOf } from "#api/src/domain/accounts/user-agent.ts";
import { makeChallenge, readChallenge, spendChallenge } from "./challenges.ts";
import { toPasskey, transportList, type PasskeyRow } from "./listing.ts";
import { ALGORITHMS, relyingParty, signedChallenge, verifiedRegistration } from "./relying-party.ts";
import { userHandle } from "./user-handle.ts";

const sessionBinding = (principal: Principal) => `session:${principal.tokenId}`;

/**
 * What the browser needs to make a passkey for this account: a discoverable credential (so the
 * next sign-in needs no e-mail typed) with the screen lock, not one already on the account.
 */
export async function addOptions(ctx: DomainContext, principal: Principal) {
  const rp = relyingParty(ctx);
  const mine = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports, handle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, principal.userId));
  if (mine.length >= ctx.config.PASSKEYS_PER_USER) throw new Failure(ErrorCode.passkeyLimit);
  const account = principal.account;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email ?? account.displayId,
    userDisplayName: account.name || account.email || account.displayId,
    userID: isoBase64URL.toBuffer(userHandle(ctx, principal.userId, mine[0]?.handle)),
    challenge: makeChallenge(ctx, "add", sessionBinding(principal)),
    timeout: ctx.config.PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: "none",
    excludeCredentials: mine.map((p) => ({ id: p.id, transports: transportList(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { options: { ...options } };
}

/**
 * Adds the passkey the browser made: its challenge must be this session's, unspent and in time;
 * its attestation must check. The account's row is held while counting, so two additions at
 * once cannot pass the limit together.
 */
export async function addPasskey(
  ctx: DomainContext,
  principal: Principal,
  input: { credential: RegistrationResponseJSON } & Agent,
): Promise<{ passkey: ReturnType<typeof toPasskey> }> {
  const signed = signedChallenge(input.credential.response.clientDataJSON);
  await spendChallenge(ctx, readChallenge(ctx, signed, "add", sessionBinding(principal)));
  const { registrationInfo: info } = await verifiedRegistration(ctx, input.credential, signed);
  const named = deviceOf(input.userAgent, !!input.nativeApp);
  try {
    const row: PasskeyRow = await inTransaction(ctx, async (tx) => {
      await tx.db.select({ id: users.id }).from(users).where(eq(users.id, principal.userId)).for("update");
      const mine = await tx.db.select({ handle: passkeys.userHandle }).from(passkeys).where(eq(passkeys.userId, principal.userId));
      if (mine.length >= tx.config.PASSKEYS_PER_USER) throw new Failure(ErrorCode.passkeyLimit);
      const [inserted] = await tx.db
        .insert(passkeys)
        .values({
          userId: principal.userId,
          credentialId: info.credential.id,
          userHandle: userHandle(tx, principal.userId, mine[0]?.handle),
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: (info.credential.transports ?? []).join(","),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          ...named,
          createdAt: tx.clock.now(),
        })
        .returning();
      return inserted;
    });
    return { passkey: toPasskey(row) };
  } catch (error) {
    if (uniqueViolation(error) === "passkeys_credential_key") throw new Failure(ErrorCode.passkeyAlreadyAdded);
    throw error;
  }
}
