import { ERROR_MESSAGES, type ErrorCodeValue } from "#contract/errors.ts";

/** A business rule said no: answered as `{code, err_msg}` (HTTP 200 unless a transport status is given). */
export class Failure extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly status = 200,
    message: string = ERROR_MESSAGES[code],
    /** Seconds until the refusal ends, when it is a wait: sent as Retry-After, so clients can say how long. */
    readonly retryAfter?: number,
    /** What the client needs to act on the refusal, sent as the envelope's `data`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
