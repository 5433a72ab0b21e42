import { eq } from "drizzle-orm";
import { generateAuthenticationOptions, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { ErrorCode } from "#contract/errors.ts";
import { passkeys, users } from "#api/src/db/schema.ts";
import { bannedRefusal } from "#api/src/domain/appeals/pass.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { findDevice } from "#api/src/domain/accounts/devices.ts";
import { admitOnDevice, openSession, type Agent, type Session } from "#api/src/domain/accounts/sign-in.ts";
import { makeChallenge, readChallenge, spendChallenge } from "./challenges.ts";
import { relyingParty, signedChallenge, verifiedAssertion } from "./relying-party.ts";

const deviceBinding = (did: string) => `device:${did}`;

/**
 * What the browser needs to sign in with any passkey it holds for VV (autofill lists them): a
 * challenge bound to the device id, which a caller without one of ours gets here. A banned
 * device learns it now, as when it asks for a code. Reads the device, writes nothing.
 */
export async function signInOptions(ctx: DomainContext, input: { did?: string }) {
  const { did } = await findDevice(ctx, input.did);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    challenge: makeChallenge(ctx, "login", deviceBinding(did)),
    timeout: ctx.config.PASSKEY_CHALLENGE_SECONDS * 1000,
    userVerification: "required",
  });
  return { options: { ...options }, did };
}

/**
 * Signs in with a passkey. The account is known only once the passkey is: then the same rules as
 * a code sign-in apply (a banned device, the device's accounts a day), before the signature is
 * checked and the session opened; a banned account is refused after it, with its appeal pass.
 * The challenge is spent first, so an answer counts once whatever follows.
 */
export async function signInWithPasskey(
  ctx: DomainContext,
  input: { credential: AuthenticationResponseJSON; did?: string } & Agent,
): Promise<Session> {
  const signed = signedChallenge(input.credential.response.clientDataJSON);
  await spendChallenge(ctx, readChallenge(ctx, signed, "login", deviceBinding(input.did ?? "")));
  const [found] = await ctx.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, input.credential.id));
  if (!found || found.user.deletedAt) throw new Failure(ErrorCode.passkeyUnknown);
  const { passkey, user } = found;
  const proven = () => {
    const handle = input.credential.response.userHandle;
    if (handle !== undefined && handle !== passkey.userHandle) throw new Failure(ErrorCode.passkeyFailed);
    return verifiedAssertion(ctx, input.credential, signed, passkey);
  };
  if (user.bannedAt) {
    // The signature proves the account: its owner learns why, and may appeal (decision 066).
    await proven();
    throw bannedRefusal(ctx, user.id);
  }
  const device = await admitOnDevice(ctx, user, input.did);
  const { authenticationInfo: info } = await proven();
  return inTransaction(ctx, async (tx) => {
    await tx.db
      .update(passkeys)
      .set({
        counter: info.newCounter,
        backedUp: info.credentialBackedUp,
        deviceType: info.credentialDeviceType,
        lastUsedAt: tx.clock.now(),
      })
      .where(eq(passkeys.id, passkey.id));
    return openSession(tx, user, device.did, input);
  });
}
