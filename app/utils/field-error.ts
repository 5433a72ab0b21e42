import { useActionData } from "@remix-run/react";
import { useToastText } from "~/components/toaster.tsx";
import type { IntentFailure } from "~/utils/intent-action.server.ts";
import type { Toast } from "~/utils/toast.ts";

/** The last refusal, when it is one of `codes` (or a key of this page): shown next to its field. */
export function useFieldError(codes: readonly number[], keys: readonly string[] = []): { toast?: Toast; text: string } {
  const failed = useActionData() as IntentFailure | undefined;
  const toast = failed?.toast;
  const mine = toast && ((toast.code !== undefined && codes.includes(toast.code)) || (toast.key && keys.includes(toast.key))) ? toast : undefined;
  const text = useToastText(mine ?? { kind: "error" });
  return { toast: mine, text };
}

