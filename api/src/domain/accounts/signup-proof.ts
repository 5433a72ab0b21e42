import { and, eq, gt, sql } from "drizzle-orm";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { ErrorCode } from "#contract/errors.ts";
import type { SignupChallenge } from "#contract/accounts.ts";
import { otpCodes, users } from "#api/src/db/schema.ts";
import { keyedHash, randomToken, sameHash } from "#lib/crypto.ts";
import { ipLimitKey } from "#lib/ip-network.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { canonicalEmail, normalizeEmail } from "./email.ts";

const HOUR_MS = 3_600_000;
const WAIT_PREFIX = "wait.";

/**
 * Where spent proofs are remembered until they expire, so each is good once: the rate-limit store
 * (Redis when configured, shared by every instance), no table. `spend` says whether it was fresh.
 */
export interface SpentProofs {
  spend(id: string): Promise<boolean>;
}

/** A client's sign-up request as the gate sees it: where it comes from, and the proof it brings, if any. */
export interface Friction {
  ip: string;
  proof?: string;
  spent: SpentProofs;
}

/** The key that signs challenges and wait tickets: derived from the API's secret, of no use for anything else. */
function proofKey(ctx: DomainContext): string {
  return keyedHash(ctx.config.API_SECRET, "signup-proof");
}

/**
 * Whether sign-up is under pressure from this IP or for this inviter: the IP asked for this many
 * sign-up codes in the last hour, or the inviter's code brought this many accounts in the last
 * hour. Counted from rows the database keeps anyway (otp_codes.ip, users.inviter_id); the IP as
 * otp.ts keeps it there, the client's key (`ipLimitKey`: an IPv6 client is its network).
 */
async function underPressure(ctx: DomainContext, input: { ip?: string; inviterId?: number }): Promise<boolean> {
  const hourAgo = new Date(ctx.clock.now().getTime() - HOUR_MS);
  if (input.ip !== undefined) {
    const [{ codes }] = await ctx.db
      .select({ codes: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.ip, ipLimitKey(input.ip, ctx.config.RATE_IPV6_PREFIX)),
          eq(otpCodes.purpose, "register"),
          gt(otpCodes.createdAt, hourAgo),
        ),
      );
    if (codes >= ctx.config.SIGNUP_POW_IP_PER_HOUR) return true;
  }
  if (input.inviterId === undefined) return false;
  const [{ members }] = await ctx.db
    .select({ members: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.inviterId, input.inviterId), gt(users.createdAt, hourAgo)));
  return members >= ctx.config.SIGNUP_POW_INVITER_PER_HOUR;
}

/**
 * The gate in front of a sign-up step: below the rates it lets everything through untouched (a
 * proof sent anyway is ignored); above them it wants a proof, good once: a solved challenge or a
 * wait ticket whose time has come. Asking for the code weighs the IP and the inviter named;
 * registering weighs the inviter only: every registration spends a code its IP was weighed for,
 * and the invite code may first be given here.
 */
export async function passSignupGate(
  ctx: DomainContext,
  input: Friction & { step: "send" | "register"; email: string; inviterId?: number },
): Promise<void> {
  if (!(await underPressure(ctx, { ip: input.step === "send" ? input.ip : undefined, inviterId: input.inviterId }))) return;
  if (!input.proof) throw new Failure(ErrorCode.signupProofRequired);
  const id = input.proof.startsWith(WAIT_PREFIX) ? checkWaitTicket(ctx, input.proof, input) : await checkSolution(ctx, input.proof);
  if (!(await input.spent.spend(id))) throw new Failure(ErrorCode.signupProofInvalid);
}

/**
 * A fresh challenge, and for a browser without JavaScript the wait instead: a ticket that becomes
 * good SIGNUP_WAIT_SECONDS from now. The ticket is bound to the IP and the mailbox it is for, so
 * it cannot be handed around; the challenge is not: its work is its cost.
 */
export async function signupChallenge(ctx: DomainContext, input: { email: string; ip: string }): Promise<SignupChallenge> {
  const now = ctx.clock.now().getTime();
  const expires = Math.floor(now / 1000) + ctx.config.SIGNUP_POW_TTL_SECONDS;
  const challenge = await createChallenge({
    hmacKey: proofKey(ctx),
    maxnumber: ctx.config.SIGNUP_POW_MAX_NUMBER,
    expires: new Date(expires * 1000),
  });
  const notBefore = Math.ceil(now / 1000) + ctx.config.SIGNUP_WAIT_SECONDS;
  const nonce = randomToken(12);
  const ticket = `${WAIT_PREFIX}${notBefore}.${expires}.${nonce}`;
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber ?? ctx.config.SIGNUP_POW_MAX_NUMBER,
    salt: challenge.salt,
    signature: challenge.signature,
    wait_seconds: ctx.config.SIGNUP_WAIT_SECONDS,
    wait_ticket: `${ticket}.${ticketSignature(ctx, ticket, input)}`,
  };
}

function ticketSignature(ctx: DomainContext, ticket: string, input: { email: string; ip: string }): string {
  return keyedHash(proofKey(ctx), `${ticket}\n${input.ip}\n${canonicalEmail(normalizeEmail(input.email))}`);
}

/** The ticket's id once it is genuine, unexpired and due; early, it says how long is left. */
function checkWaitTicket(ctx: DomainContext, proof: string, input: { email: string; ip: string }): string {
  const parts = proof.slice(WAIT_PREFIX.length).split(".");
  if (parts.length !== 4) throw new Failure(ErrorCode.signupProofInvalid);
  const [notBefore, expires, nonce, signature] = parts;
  const ticket = `${WAIT_PREFIX}${notBefore}.${expires}.${nonce}`;
  if (!sameHash(signature, ticketSignature(ctx, ticket, input))) throw new Failure(ErrorCode.signupProofInvalid);
  const now = ctx.clock.now().getTime() / 1000;
  if (now > Number(expires)) throw new Failure(ErrorCode.signupProofInvalid);
  const left = Math.ceil(Number(notBefore) - now);
  if (left > 0) throw new Failure(ErrorCode.signupWaitNotOver, 200, undefined, left);
  return ticket;
}

/** The challenge's signature once the solution is right and unexpired: ALTCHA's payload, base64 JSON. */
async function checkSolution(ctx: DomainContext, proof: string): Promise<string> {
  let payload: { algorithm?: unknown; signature?: unknown; salt?: unknown };
  try {
    payload = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
  } catch {
    throw new Failure(ErrorCode.signupProofInvalid);
  }
  if (payload?.algorithm !== "SHA-256" || typeof payload.signature !== "string" || typeof payload.salt !== "string") {
    throw new Failure(ErrorCode.signupProofInvalid);
  }
  // Expiry by the API's clock, not the library's reading of the system time.
  if (!(await verifySolution(proof, proofKey(ctx), false))) throw new Failure(ErrorCode.signupProofInvalid);
  const expires = Number(extractParams(payload as never).expires);
  if (!(expires * 1000 >= ctx.clock.now().getTime())) throw new Failure(ErrorCode.signupProofInvalid);
  return payload.signature;
}
