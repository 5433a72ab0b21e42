import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { inNativeApp } from "#app/utils/native.ts";
import { showToast, type Toast } from "#app/utils/toast.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { currentSubscription, pushState, subscribe, subscriptionFields, type PushState } from "./push-subscription.ts";
import type { loadSettings } from "./settings.server.ts";

/** What each state says. */
const TEXT: Record<PushState, string> = {
  on: "profile:notifications.on",
  off: "profile:notifications.off",
  denied: "profile:notifications.denied",
  unsupported: "profile:notifications.unsupported",
  iosNotInstalled: "profile:notifications.ios",
};

/**
 * "Notifications" on /settings: this browser's Web Push, turned on and off only by a tap.
 * The browser decides every state, so before hydration the section only says that it needs
 * JavaScript (shown when there is none); the native apps have their own push and see nothing.
 */
export function Notifications() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { pushKey } = useLoaderData<typeof loadSettings>();
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

  if (hydrated && inNativeApp()) return null;

  async function turnOn() {
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

  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t("profile:notifications.title")}</h2>
      {!hydrated ? (
        <noscript>
          <p className="hint">{t("profile:notifications.needsJs")}</p>
        </noscript>
      ) : state ? (
        <>
          <p className="hint" role="status">
            {t(TEXT[state])}
          </p>
          {state === "off" ? (
            <button type="button" className="button button--block" onClick={() => void turnOn()} disabled={busy}>
              {t("profile:notifications.turnOn")}
            </button>
          ) : null}
          {state === "on" ? (
            <button type="button" className="button button--secondary button--block" onClick={() => void turnOff()} disabled={busy}>
              {t("profile:notifications.turnOff")}
            </button>
          ) : null}
          {state === "iosNotInstalled" ? (
            <Link to="/mine" className="button button--secondary button--block">
              {t("profile:install.title")}
            </Link>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
