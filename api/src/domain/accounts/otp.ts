import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { OtpPurpose } from "#contract/accounts.ts";
import { ErrorCode } from "#contract/errors.ts";
import { otpCodes } from "#api/src/db/schema.ts";
import { keyedHash, randomDigits, sameHash } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

const HOUR_MS = 3_600_000;

// The `email` of a code, in its row, its hash and its locks, is the canonical form (canonicalEmail,
// docs/decisions/037): the codes and their send limits are the mailbox's, whichever variant of
// its address was typed, so "+tags" do not multiply the codes one inbox can be sent.

function codeHash(ctx: DomainContext, email: string, purpose: OtpPurpose, code: string) {
  return keyedHash(ctx.config.API_SECRET, `${purpose}\n${email}\n${code}`);
}

/**
 * Stores a fresh code (superseding older ones) under the send limits (a wait between sends, so
 * many an hour per e-mail and per IP) and returns it for mailing. The per-IP lock, then the
 * per-e-mail lock (always in that order), make concurrent sends count correctly against both limits.
 */
export async function issueCode(
  ctx: DomainContext,
  input: { email: string; purpose: OtpPurpose; ip: string },
): Promise<{ id: number; code: string }> {
  const { config } = ctx;
  const now = ctx.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  return inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"otp-ip:" + input.ip}, 0))`);
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
      .where(and(eq(otpCodes.ip, input.ip), gt(otpCodes.createdAt, hourAgo)));
    if (perEmail >= config.OTP_MAX_PER_EMAIL_PER_HOUR || perIp >= config.OTP_MAX_PER_IP_PER_HOUR) {
      throw new Failure(ErrorCode.sendCodeTooMany);
    }
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.email, input.email), eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)));
    const code = randomDigits(config.OTP_DIGITS);
    const [row] = await tx
      .insert(otpCodes)
      .values({
        email: input.email,
        purpose: input.purpose,
        codeHash: codeHash(ctx, input.email, input.purpose, code),
        ip: input.ip,
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
 * Consumes the current code when it matches. A wrong try is counted (and committed)
 * before the failure is thrown; the last allowed wrong try burns the code.
 */
export async function consumeCode(ctx: DomainContext, input: { email: string; purpose: OtpPurpose; code: string }): Promise<void> {
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx, async ({ db: tx }) => {
    const [current] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, input.email), eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for("update");
    if (!current) return ErrorCode.wrongCode;
    if (current.expiresAt.getTime() <= now.getTime()) return ErrorCode.codeExpired;
    if (!sameHash(current.codeHash, codeHash(ctx, input.email, input.purpose, input.code.trim()))) {
      const attempts = current.attempts + 1;
      await tx
        .update(otpCodes)
        .set({ attempts, consumedAt: attempts >= ctx.config.OTP_MAX_ATTEMPTS ? now : null })
        .where(eq(otpCodes.id, current.id));
      return ErrorCode.wrongCode;
    }
    const used = await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return used.length === 1 ? 0 : ErrorCode.wrongCode;
  });
  if (outcome !== 0) throw new Failure(outcome);
}
