import type { z } from "zod";
import { field } from "#app/utils/intent-action.server.ts";

/**
 * The browser's answer the page's script posted as JSON in the form's `credential`, checked with
 * the call's own contract before it goes on: undefined when it is not JSON of that shape.
 */
export function postedCredential<S extends z.ZodType<{ credential: unknown }>>(form: FormData, body: S): z.infer<S> | undefined {
  let credential: unknown;
  try {
    credential = JSON.parse(field(form, "credential"));
  } catch {
    return undefined;
  }
  const parsed = body.safeParse({ credential });
  return parsed.success ? parsed.data : undefined;
}
