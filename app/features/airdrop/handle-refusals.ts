import { ErrorCode } from "#contract/errors.ts";

/** The refusals of a typed X handle: shown next to its field, not as a toast. */
export const HANDLE_REFUSALS: readonly number[] = [ErrorCode.socialInvalid, ErrorCode.socialTaken];
