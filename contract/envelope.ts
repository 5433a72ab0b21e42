import { z } from "zod";

/** `{code: 0, data}` on success, `{code, err_msg}` on failure; some clients send `err_code`. */
export const envelopeSchema = z.object({
  code: z.number().int().optional(),
  err_code: z.number().int().optional(),
  err_msg: z.string().optional(),
  data: z.unknown().optional(),
});

/** A refusal's `data`, when it has any, is what the client needs to act on it (contract/appeals.ts). */
type Envelope<T = unknown> = { code: 0; data: T } | { code: number; err_msg: string; data?: Record<string, unknown> };

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data };
}

export function fail(code: number, message: string, data?: Record<string, unknown>): Envelope<never> {
  return data ? { code, err_msg: message, data } : { code, err_msg: message };
}
