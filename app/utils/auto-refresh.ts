import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Reloads the page's data every `ms` while `active` and the page is visible, and at once when
 * the page comes back into view or the window regains focus. Never while hidden: a phone in a
 * pocket must not poll.
 */
export function useAutoRefresh(active: boolean, ms: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    };
    const timer = window.setInterval(refresh, ms);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, [active, ms, revalidate, state]);
}
