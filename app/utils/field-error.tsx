import { useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useToastText } from "#app/components/toaster.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import type { Toast } from "#app/utils/toast.ts";

/**
 * The last refusal, when it is one of `codes` (or a key of this page), shown next to its field:
 * the attributes that tie the input to the message (and to its hint, if it has one) and the
 * message itself, or nothing when the refusal is another field's.
 */
export function useFieldError(opts: {
  errorId: string;
  hintId?: string;
  codes: readonly number[];
  keys?: readonly string[];
  /** The refusal the page's data brought (a code from a link, looked up by the loader), when no post has answered since. */
  loaded?: Toast;
  /** A refusal the browser found itself (a file it cannot draw), newer than any post's. */
  local?: Toast;
}): {
  inputProps: { "aria-invalid"?: true; "aria-describedby"?: string };
  message: ReactNode;
} {
  const failed = useActionData() as IntentFailure | undefined;
  const toast = opts.local ?? failed?.toast ?? opts.loaded;
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
      // Announced as it appears when the toaster leaves it out (the page's own place for it).
      <p id={opts.errorId} className="field__error" role={mine?.inPage ? "alert" : undefined}>
        {text}
      </p>
    ) : null,
  };
}
