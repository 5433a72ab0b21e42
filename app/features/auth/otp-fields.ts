import { ErrorCode } from "#contract/errors.ts";
import type { Toast } from "#app/utils/toast.ts";

/**
 * A throwaway address's refusal (decision 065) comes with its text's key too, and the e-mail field
 * knows it by that: naming its code here would add a key to the catalogue's object in the chunk
 * every page loads, 35 B gzip, which /settings has not got to spare.
 */
export const DISPOSABLE_EMAIL_KEY = "errors:300151";

/** The refusals of /login and /register that belong to one field: shown next to it, not as a toast. */
export const OTP_FIELD_REFUSALS = {
  email: { codes: [ErrorCode.invalidEmail, ErrorCode.emailNotFound, ErrorCode.emailRegistered], keys: [DISPOSABLE_EMAIL_KEY] },
  code: { codes: [ErrorCode.wrongCode, ErrorCode.codeExpired, ErrorCode.codeSignInLocked], keys: ["auth:codeRequired"] },
  invite: { codes: [ErrorCode.invalidInviteCode], keys: [] },
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
