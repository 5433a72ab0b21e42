import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast, type Toast } from "#app/utils/toast.ts";
import { PASSKEYS_PAGE } from "./paths.ts";

/**
 * Adding a passkey from any page: the browser makes it, the page posts it to Your devices'
 * action without leaving, and the answer is a toast. `added` turns true once the API took it.
 */
export function useAddPasskey() {
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [asking, setAsking] = useState(false);
  const answer = fetcher.data?.toast;
  useEffect(() => {
    if (answer) showToast(answer);
  }, [answer]);
  const add = async () => {
    setAsking(true);
    try {
      const outcome = await import("./ceremony.ts").then(
        ({ passkeyCreation }) => passkeyCreation(),
        // Its code could not be fetched: no connection.
        () => ({ toast: { kind: "error", key: "common:passkey.failed" } as Toast }),
      );
      if (outcome && "credential" in outcome) {
        fetcher.submit({ intent: "addPasskey", credential: outcome.credential }, { method: "post", action: PASSKEYS_PAGE });
      } else if (outcome) {
        showToast(outcome.toast);
      }
    } finally {
      setAsking(false);
    }
  };
  return { add, busy: asking || fetcher.state !== "idle", added: answer?.kind === "success" };
}
