import { ErrorCode } from "#contract/errors.ts";
import type { Toast } from "#app/utils/toast.ts";

/** The refusals of /login and /register that belong to one field: shown next to it, not as a toast. */
export const OTP_FIELD_REFUSALS = {
  email: { codes: [ErrorCode.invalidEmail, ErrorCode.emailNotFound, ErrorCode.emailRegistered, ErrorCode.disposableEmail], keys: [] },
  code: { codes: [ErrorCode.wrongCode, ErrorCode.codeExpired, ErrorCode.codeSignInLocked], keys: ["auth:codeRequired"] },
  invite: { codes: [ErrorCode.invalidInviteCode], keys: [] },
  // Sign-up under pressure: the form's own panel says what happens (the plain request needs no words of its own).
  proof: { codes: [ErrorCode.signupProofRequired, ErrorCode.signupProofInvalid, ErrorCode.signupWaitNotOver], keys: [] },
} as const satisfies Record<string, { codes: readonly number[]; keys: readonly string[] }>;

/** The toast, marked as shown in the page when its field says it. */
export function inFieldIfItsOwn(toast: Toast): Toast {
  const own = Object.values(OTP_FIELD_REFUSALS).some(
    ({ codes, keys }) =>
      (toast.code !== undefined && (codes as readonly number[]).includes(toast.code)) ||
      (toast.key !== undefined && (keys as readonly string[]).includes(toast.key)),
  );
  return own ? { ...toast, inPage: true } : toast;
}
