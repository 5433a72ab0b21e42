import { useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useToastText } from "#app/components/toaster.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";

/**
 * The last refusal, when it is one of `codes` (or a key of this page), shown next to its field:
 * the attributes that tie the input to the message (and to its hint, if it has one) and the
 * message itself, or nothing when the refusal is another field's.
 */
export function useFieldError(opts: { errorId: string; hintId?: string; codes: readonly number[]; keys?: readonly string[] }): {
  inputProps: { "aria-invalid"?: true; "aria-describedby"?: string };
  message: ReactNode;
} {
  const failed = useActionData() as IntentFailure | undefined;
  const toast = failed?.toast;
  const keys = opts.keys ?? [];
  const mine =
    toast && ((toast.code !== undefined && opts.codes.includes(toast.code)) || (toast.key && keys.includes(toast.key))) ? toast : undefined;
  const text = useToastText(mine ?? { kind: "error" });
  return {
    inputProps: {
      "aria-invalid": mine ? true : undefined,
      "aria-describedby": [mine ? opts.errorId : undefined, opts.hintId].filter(Boolean).join(" ") || undefined,
    },
    message: mine ? (
      <p id={opts.errorId} className="field__error">
        {text}
      </p>
    ) : null,
  };
}
