import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast, type Toast } from "#app/utils/toast.ts";
import { currentSubscription, pushState, subscribe, subscriptionFields, type PushState } from "./push-subscription.ts";

/**
 * This browser's notifications as a switch: its state (null until the browser has said), and
 * the taps that turn it on and off, posted to the settings action (its intents pushOn, pushOff).
 * `pushKey` is the VAPID public key, from the settings loader.
 */
export function usePush(pushKey: string | undefined) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  // The action's answer: a refusal undoes the browser's side, so the page never says "on" for a subscription the API lacks.
  useEffect(() => {
    const toast = fetcher.data?.toast;
    if (fetcher.state !== "idle" || !toast) return;
    showToast(toast);
    if (toast.kind === "error") {
      void currentSubscription()
        .then((s) => s?.unsubscribe())
        .catch(() => undefined)
        .then(() => pushState().then(setState));
    }
    setBusy(false);
  }, [fetcher.state, fetcher.data]);

  async function turnOn() {
    if (!pushKey) return;
    setBusy(true);
    try {
      const subscription = await subscribe(pushKey);
      if (!subscription) {
        setState(await pushState());
        setBusy(false);
        return;
      }
      setState("on");
      fetcher.submit({ intent: "pushOn", ...subscriptionFields(subscription) }, { method: "post", action: "/settings" });
    } catch {
      showToast({ kind: "error", key: "profile:notifications.failed" });
      setState(await pushState());
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    const subscription = await currentSubscription().catch(() => null);
    const endpoint = subscription?.endpoint ?? "";
    await subscription?.unsubscribe().catch(() => undefined);
    setState("off");
    if (endpoint) fetcher.submit({ intent: "pushOff", endpoint }, { method: "post", action: "/settings" });
    else setBusy(false);
  }

  return { state, busy, turnOn, turnOff };
}
