import type { OtpPurpose } from "#contract/accounts.ts";
import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { otpMail } from "#api/src/mail/templates.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { findDevice, hasDailySlot } from "./devices.ts";
import { issueCode, withdrawCode } from "./otp.ts";
import { passSignupGate, type Friction } from "./signup-proof.ts";
import { inviterByCode } from "#api/src/domain/team/invites.ts";
import { checkEmailFor } from "./sign-in.ts";

/**
 * Checks the e-mail for the purpose, issues a code under the send limits and mails it
 * in the reader's language. A mail that cannot be sent withdraws its code.
 *
 * The code and its limits belong to the canonical form (one mailbox: "a.b+1@gmail.com" and
 * "ab+2@gmail.com" share them), the mail goes to an address as typed, never to the canonical
 * form: to register, the address typed now; to log in, the account's own address, the one typed
 * when it registered, which reaches the account's mailbox whatever variant is typed now.
 *
 * The device's rules are checked here too, so a second account on a shared phone learns why
 * before waiting for a mail and typing its code; sign-in checks them again, since a slot may
 * be taken in between.
 *
 * The code is bound to the device that asked (decision 054). A caller without a device id of
 * ours gets one here, in the answer: the sign-in must come with it.
 */
export async function sendCode(
  ctx: DomainContext,
  input: {
    email: string;
    purpose: OtpPurpose;
    ip: string;
    language?: string;
    did?: string;
    /** To register: the invite code the sign-up means to use, and the proof the gate may want. */
    inviteCode?: string;
    friction?: Omit<Friction, "ip">;
  },
): Promise<{ resend_after: number; did: string }> {
  const { email, canonical, existing } = await checkEmailFor(ctx, input.email, input.purpose);
  const device = await findDevice(ctx, input.did);
  if (input.purpose === "register" && device.registrations >= ctx.config.DEVICE_MAX_REGISTRATIONS) {
    throw new Failure(ErrorCode.deviceRegisterLimit);
  }
  if (input.purpose === "register" && input.friction) {
    // An unknown invite code is refused at registration; here it only counts when it names an inviter.
    const inviter = input.inviteCode
      ? await inviterByCode(ctx, input.inviteCode).catch((error: unknown) => {
          if (error instanceof Failure) return undefined;
          throw error;
        })
      : undefined;
    await passSignupGate(ctx, { ...input.friction, step: "send", ip: input.ip, email, inviterId: inviter?.id });
  }
  if (existing && input.purpose === "login" && !(await hasDailySlot(ctx, { did: device.did, userId: existing.id }))) {
    throw new Failure(ErrorCode.deviceDailyLogin);
  }
  const issued = await issueCode(ctx, { email: canonical, purpose: input.purpose, ip: input.ip, did: device.did });
  const mail = otpMail({
    to: existing?.email ?? email,
    code: issued.code,
    minutes: Math.ceil(ctx.config.OTP_TTL_SECONDS / 60),
    purpose: input.purpose,
    language: existing?.uiLang ?? input.language,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    await withdrawCode(ctx, issued.id);
    throw Object.assign(new Failure(ErrorCode.sendCodeFailed), { cause: error });
  }
  return { resend_after: ctx.config.OTP_RESEND_SECONDS, did: device.did };
}
