import { ErrorCode } from "#contract/errors.ts";

/** Refusals of the new address, shown next to its field on the first step. */
export const ADDRESS_REFUSALS = [ErrorCode.invalidEmail, ErrorCode.emailTaken, ErrorCode.emailUnchanged];
/** Refusals of the code, shown next to its field on the second step. */
export const CODE_REFUSALS = [ErrorCode.wrongCode, ErrorCode.codeExpired, ErrorCode.codeSignInLocked];
