import { and, eq, isNull } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { ErrorCode } from "#contract/errors.ts";
import { auditLog, operatorEnrolments, operatorPasskeys, operators } from "#api/src/db/schema.ts";
import { keyedHash, sameHash } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { makeChallenge, readChallenge, spendChallenge } from "#api/src/domain/passkeys/challenges.ts";
import { transportList } from "#api/src/domain/passkeys/listing.ts";
import {
  ALGORITHMS,
  relyingParty,
  signedChallenge,
  verifiedAssertion,
  verifiedRegistration,
} from "#api/src/domain/passkeys/relying-party.ts";
import { openConsoleSession } from "./console-sessions.ts";
import { enrolCodeHash, normalized } from "./operators.ts";

/** Wrong codes an enrolment takes before it is void: the operator asks for a new one. */
const ENROL_TRIES = 5;

interface Enrolment {
  email: string;
  code: string;
}

/**
 * The operator an e-mail and enrolment code stand for, while the code is good: a wrong code
 * counts against it, and so many void it. Every refusal is the same, so the console tells no
 * one which addresses are operators'.
 */
async function enrolling(ctx: DomainContext, input: Enrolment): Promise<{ id: number; email: string; codeHash: string }> {
  const [found] = await ctx.db
    .select({ id: operators.id, email: operators.email, enrolment: operatorEnrolments })
    .from(operators)
    .innerJoin(operatorEnrolments, eq(operatorEnrolments.operatorId, operators.id))
    .where(and(eq(operators.email, normalized(input.email)), isNull(operators.removedAt)));
  if (!found || found.enrolment.expiresAt <= ctx.clock.now() || found.enrolment.wrongTries >= ENROL_TRIES) {
    throw new Failure(ErrorCode.operatorCodeInvalid);
  }
  const codeHash = enrolCodeHash(ctx, found.id, input.code);
  if (!sameHash(codeHash, found.enrolment.codeHash)) {
    await ctx.db
      .update(operatorEnrolments)
      .set({ wrongTries: found.enrolment.wrongTries + 1 })
      .where(eq(operatorEnrolments.operatorId, found.id));
    throw new Failure(ErrorCode.operatorCodeInvalid);
  }
  return { id: found.id, email: found.email, codeHash };
}

/** A challenge for an enrolment is good with the code it was asked with only. */
const enrolBinding = (operator: { id: number; codeHash: string }) => `operator:${operator.id}:${operator.codeHash}`;

/** The passkey an enrolling operator makes: discoverable, with the screen lock, named for the console. */
export async function enrolOptions(ctx: DomainContext, input: Enrolment) {
  const operator = await enrolling(ctx, input);
  const rp = relyingParty(ctx);
  const theirs = await ctx.db
    .select({ id: operatorPasskeys.credentialId, transports: operatorPasskeys.transports })
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operator.id));
  const options = await generateRegistrationOptions({
    rpName: `${rp.name} console`,
    rpID: rp.id,
    userName: operator.email,
    userDisplayName: `VV console: ${operator.email}`,
    userID: isoBase64URL.toBuffer(keyedHash(ctx.config.API_SECRET, `operator-handle:${operator.id}`)),
    challenge: makeChallenge(ctx, "openrol", enrolBinding(operator)),
    timeout: ctx.config.PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: "none",
    excludeCredentials: theirs.map((p) => ({ id: p.id, transports: transportList(p.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { options: { ...options } };
}

/**
 * Keeps the passkey an enrolling operator made and spends their code (deleting the row it was
 * kept in settles two enrolments racing with one code: one deletes it, the other finds none),
 * then opens their first console session.
 */
export async function enrol(ctx: DomainContext, input: Enrolment & { credential: RegistrationResponseJSON }) {
  const operator = await enrolling(ctx, input);
  const signed = signedChallenge(input.credential.response.clientDataJSON);
  await spendChallenge(ctx, readChallenge(ctx, signed, "openrol", enrolBinding(operator)));
  const { registrationInfo: info } = await verifiedRegistration(ctx, input.credential, signed);
  return inTransaction(ctx, async (tx) => {
    const spent = await tx.db
      .delete(operatorEnrolments)
      .where(and(eq(operatorEnrolments.operatorId, operator.id), eq(operatorEnrolments.codeHash, operator.codeHash)))
      .returning({ id: operatorEnrolments.operatorId });
    if (spent.length === 0) throw new Failure(ErrorCode.operatorCodeInvalid);
    const at = tx.clock.now();
    const [passkey] = await tx.db
      .insert(operatorPasskeys)
      .values({
        operatorId: operator.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(","),
        createdAt: at,
      })
      .returning({ id: operatorPasskeys.id });
    await tx.db
      .insert(auditLog)
      .values({ at, actor: `operator:${operator.email}`, action: "operator.enrol", target: `operator:${operator.id}` });
    return openConsoleSession(tx, operator, passkey.id);
  });
}

/** A challenge for any operator passkey the browser holds; nothing is written. */
export async function consoleSignInOptions(ctx: DomainContext) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    challenge: makeChallenge(ctx, "oplogin", "console"),
    timeout: ctx.config.PASSKEY_CHALLENGE_SECONDS * 1000,
    userVerification: "required",
  });
  return { options: { ...options } };
}

/** Signs an operator in with their passkey; a user's passkey, or a removed operator's, is unknown here. */
export async function consoleSignIn(ctx: DomainContext, input: { credential: AuthenticationResponseJSON }) {
  const signed = signedChallenge(input.credential.response.clientDataJSON);
  await spendChallenge(ctx, readChallenge(ctx, signed, "oplogin", "console"));
  const [found] = await ctx.db
    .select({ passkey: operatorPasskeys, email: operators.email })
    .from(operatorPasskeys)
    .innerJoin(operators, eq(operators.id, operatorPasskeys.operatorId))
    .where(and(eq(operatorPasskeys.credentialId, input.credential.id), isNull(operators.removedAt)));
  if (!found) throw new Failure(ErrorCode.passkeyUnknown);
  const { authenticationInfo: info } = await verifiedAssertion(ctx, input.credential, signed, found.passkey);
  return inTransaction(ctx, async (tx) => {
    // Revoked or removed since it was read: the update finds no row, and no session is opened.
    const [still] = await tx.db
      .update(operatorPasskeys)
      .set({ counter: info.newCounter, lastUsedAt: tx.clock.now() })
      .where(eq(operatorPasskeys.id, found.passkey.id))
      .returning({ id: operatorPasskeys.id });
    if (!still) throw new Failure(ErrorCode.passkeyUnknown);
    return openConsoleSession(tx, { id: found.passkey.operatorId, email: found.email }, found.passkey.id);
  });
}
