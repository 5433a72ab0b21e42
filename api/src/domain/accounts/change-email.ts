import { and, eq, ne } from "drizzle-orm";
import type { User } from "#contract/profile.ts";
import { ErrorCode } from "#contract/errors.ts";
import { users } from "#api/src/db/schema.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { emailChangedMail, otpMail } from "#api/src/mail/templates.ts";
import { enqueueMail } from "#api/src/mail/outbox.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { toUser } from "#api/src/domain/profile/users.ts";
import type { Principal } from "./tokens.ts";
import { findDevice } from "./devices.ts";
import { canonicalEmail, isValidEmail, normalizeEmail } from "./email.ts";
import { consumeCode, issueCode, withdrawCode, type CodePurpose } from "./otp.ts";

// A change of e-mail (docs/decisions/056): a code mailed to the new address proves its mailbox,
// under the same send limits and device binding as a sign-in code (decision 054).

const purposeOf = (userId: number): CodePurpose => `change_email:${userId}`;

/** The new address, checked: valid, not the account's own, and no other account's mailbox (decision 037). */
async function checkNewEmail(ctx: DomainContext, principal: Principal, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw new Failure(ErrorCode.invalidEmail);
  if (email === principal.account.email) throw new Failure(ErrorCode.emailUnchanged);
  const canonical = canonicalEmail(email);
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.emailCanonical, canonical), ne(users.id, principal.userId)))
    .limit(1);
  if (other) throw new Failure(ErrorCode.emailTaken);
  return { email, canonical };
}

export async function sendChangeEmailCode(
  ctx: DomainContext,
  principal: Principal,
  input: { email: string; ip: string; did?: string },
): Promise<{ resend_after: number; did: string }> {
  const { email, canonical } = await checkNewEmail(ctx, principal, input.email);
  const device = await findDevice(ctx, input.did);
  const issued = await issueCode(ctx, { email: canonical, purpose: purposeOf(principal.userId), ip: input.ip, did: device.did });
  const mail = otpMail({
    to: email,
    code: issued.code,
    minutes: Math.ceil(ctx.config.OTP_TTL_SECONDS / 60),
    purpose: "change_email",
    language: principal.account.uiLang,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    await withdrawCode(ctx, issued.id);
    throw Object.assign(new Failure(ErrorCode.sendCodeFailed), { cause: error });
  }
  return { resend_after: ctx.config.OTP_RESEND_SECONDS, did: device.did };
}

/**
 * Moves the account to the new address. Wrong codes count against the account's own mailbox on
 * this device, the lock its sign-in has. The unique index on the canonical form settles two
 * accounts claiming one mailbox at once; the slot goes back to 0 so a grandfathered account
 * (decision 037) meets that index too. The notice to the old address is queued with the change.
 */
export async function changeEmail(
  ctx: DomainContext,
  principal: Principal,
  input: { email: string; code: string; did?: string },
): Promise<{ user: User }> {
  const { email, canonical } = await checkNewEmail(ctx, principal, input.email);
  const device = await findDevice(ctx, input.did);
  const oldEmail = principal.account.email;
  await consumeCode(ctx, {
    email: canonical,
    purpose: purposeOf(principal.userId),
    code: input.code,
    did: device.did,
    account: principal.account.emailCanonical ?? undefined,
  });
  try {
    return await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db.update(users).set({ email, emailSlot: 0 }).where(eq(users.id, principal.userId)).returning();
      if (oldEmail) await enqueueMail(tx, [emailChangedMail({ to: oldEmail, newEmail: email, language: row.uiLang })]);
      return { user: toUser(ctx, row) };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "users_email_key" || constraint === "users_email_canonical_key") throw new Failure(ErrorCode.emailTaken);
    throw error;
  }
}
