import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { OtpPurpose } from "#contract/accounts.ts";
import { ErrorCode, type ErrorCodeValue } from "#contract/errors.ts";
import { otpCodes, otpLocks, otpWrongTries } from "#api/src/db/schema.ts";
import { keyedHash, randomDigits, sameHash } from "#lib/crypto.ts";
import { ipLimitKey } from "#lib/ip-network.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

const HOUR_MS = 3_600_000;

/** A sign-in code's purpose, or a change of e-mail's, which names the account it is for: its code changes no other. */
export type CodePurpose = OtpPurpose | `change_email:${number}`;

// The `email` of a code, in its row, its hash and its locks, is the canonical form (canonicalEmail,
// docs/decisions/037): the codes and their send limits are the mailbox's, whichever variant of
// its address was typed, so "+tags" do not multiply the codes one inbox can be sent.

function codeHash(ctx: DomainContext, email: string, purpose: CodePurpose, code: string) {
  return keyedHash(ctx.config.API_SECRET, `${purpose}\n${email}\n${code}`);
}

/**
 * Stores a fresh code (superseding older ones) under the send limits (a wait between sends, so
 * many an hour per e-mail and per IP) and returns it for mailing. The per-IP lock, then the
 * per-e-mail lock (always in that order), make concurrent sends count correctly against both limits.
 *
 * The row's `ip` is the client's key as every per-IP limit counts it (`ipLimitKey`: an IPv6
 * client is its network), not the address: the count, and the sign-up proof's (signup-proof.ts),
 * is then one indexed equality, and the lock is taken on the very key that is counted.
 */
export async function issueCode(
  ctx: DomainContext,
  input: { email: string; purpose: CodePurpose; ip: string; did: string },
): Promise<{ id: number; code: string }> {
  const { config } = ctx;
  const now = ctx.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const client = ipLimitKey(input.ip, config.RATE_IPV6_PREFIX);
  return inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"otp-ip:" + client}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"otp:" + input.email}, 0))`);
    const [last] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, input.email), eq(otpCodes.purpose, input.purpose)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < config.OTP_RESEND_SECONDS * 1000) {
      throw new Failure(ErrorCode.sendCodeTooSoon);
    }
    const [{ perEmail }] = await tx
      .select({ perEmail: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, input.email), gt(otpCodes.createdAt, hourAgo)));
    const [{ perIp }] = await tx
      .select({ perIp: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.ip, client), gt(otpCodes.createdAt, hourAgo)));
    if (perEmail >= config.OTP_MAX_PER_EMAIL_PER_HOUR || perIp >= config.OTP_MAX_PER_IP_PER_HOUR) {
      throw new Failure(ErrorCode.sendCodeTooMany);
    }
    // Only this device's older code goes: a code asked for elsewhere (perhaps by a stranger) leaves the owner's usable.
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(otpCodes.email, input.email), eq(otpCodes.purpose, input.purpose), eq(otpCodes.did, input.did), isNull(otpCodes.consumedAt)),
      );
    const code = randomDigits(config.OTP_DIGITS);
    const [row] = await tx
      .insert(otpCodes)
      .values({
        email: input.email,
        purpose: input.purpose,
        codeHash: codeHash(ctx, input.email, input.purpose, code),
        ip: client,
        did: input.did,
        createdAt: now,
        expiresAt: new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000),
      })
      .returning({ id: otpCodes.id });
    return { id: row.id, code };
  });
}

/** A code whose mail could not be sent must not count against the limits. */
export async function withdrawCode(ctx: DomainContext, id: number): Promise<void> {
  await ctx.db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/**
 * Consumes the device's current code when it matches. A code asked for from another device is
 * not looked at: the try is wrong, as if no code existed. Every wrong try is counted (and
 * committed) before the failure is thrown: on the code, whose last allowed wrong try burns it,
 * and for the mailbox on this device, where OTP_LOCK_WRONG_PER_HOUR of them, whatever the
 * codes, lock code sign-in there for OTP_LOCK_MINUTES (decision 054). The pair's advisory lock
 * makes concurrent tries count one after another, so a burst of guesses cannot slip past it.
 * `account` is the mailbox whose lock counts the tries when it is not the code's: a change of
 * e-mail mails the new address, but its wrong codes lock the account's own sign-in on the device.
 */
export async function consumeCode(
  ctx: DomainContext,
  input: { email: string; purpose: CodePurpose; code: string; did: string; account?: string },
): Promise<void> {
  const { config } = ctx;
  const now = ctx.clock.now();
  const account = input.account ?? input.email;
  const outcome = await inTransaction(ctx, async ({ db: tx }): Promise<{ code: ErrorCodeValue; retryAfter?: number } | undefined> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-try:${account}\n${input.did}`}, 0))`);
    const pair = and(eq(otpLocks.email, account), eq(otpLocks.did, input.did));
    const [lock] = await tx.select({ lockedUntil: otpLocks.lockedUntil }).from(otpLocks).where(pair);
    if (lock && lock.lockedUntil > now) return locked(lock.lockedUntil, now);

    const [current] = await tx
      .select()
      .from(otpCodes)
      .where(
        and(eq(otpCodes.email, input.email), eq(otpCodes.purpose, input.purpose), eq(otpCodes.did, input.did), isNull(otpCodes.consumedAt)),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for("update");
    if (current && current.expiresAt.getTime() <= now.getTime()) return { code: ErrorCode.codeExpired };
    if (current && sameHash(current.codeHash, codeHash(ctx, input.email, input.purpose, input.code.trim()))) {
      await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, current.id));
      return undefined;
    }
    if (current) {
      const attempts = current.attempts + 1;
      await tx
        .update(otpCodes)
        .set({ attempts, consumedAt: attempts >= config.OTP_MAX_ATTEMPTS ? now : null })
        .where(eq(otpCodes.id, current.id));
    }
    // Tries before the last lock ended were paid for by that lock: each lock needs a fresh run of wrong tries.
    const since = new Date(Math.max(now.getTime() - HOUR_MS, lock?.lockedUntil.getTime() ?? 0));
    const tries = and(eq(otpWrongTries.email, account), eq(otpWrongTries.did, input.did));
    // Those no longer count and go, so a pair never holds more rows than one lock's worth.
    await tx.delete(otpWrongTries).where(and(tries, lte(otpWrongTries.at, since)));
    await tx.insert(otpWrongTries).values({ email: account, did: input.did, at: now });
    const [{ wrong }] = await tx
      .select({ wrong: sql<number>`count(*)::int` })
      .from(otpWrongTries)
      .where(and(tries, gt(otpWrongTries.at, since)));
    if (wrong < config.OTP_LOCK_WRONG_PER_HOUR) return { code: ErrorCode.wrongCode };
    const lockedUntil = new Date(now.getTime() + config.OTP_LOCK_MINUTES * 60_000);
    await tx
      .insert(otpLocks)
      .values({ email: account, did: input.did, lockedUntil })
      .onConflictDoUpdate({ target: [otpLocks.email, otpLocks.did], set: { lockedUntil } });
    return locked(lockedUntil, now);
  });
  if (outcome) throw new Failure(outcome.code, 200, undefined, outcome.retryAfter);
}

function locked(until: Date, now: Date) {
  return { code: ErrorCode.codeSignInLocked, retryAfter: Math.ceil((until.getTime() - now.getTime()) / 1000) };
}
