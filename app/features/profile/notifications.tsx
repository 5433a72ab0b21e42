import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { inNativeApp } from "#app/utils/native.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import type { PushState } from "./push-subscription.ts";
import { usePush } from "./use-push.ts";
import { NotificationSettingsForm } from "./notification-settings.tsx";
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
 * "Notifications" on /settings: this browser's Web Push, turned on and off only by a tap, then
 * the account's notification settings. The browser decides every state of its push, so before
 * hydration that part only says that it needs JavaScript (shown when there is none); the native
 * apps have their own push and see only the settings.
 */
export function Notifications() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { pushKey } = useLoaderData<typeof loadSettings>();
  const { state, busy, turnOn, turnOff } = usePush(pushKey);

  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t("profile:notifications.title")}</h2>
      {!hydrated ? (
        <noscript>
          <p className="hint">{t("profile:notifications.needsJs")}</p>
        </noscript>
      ) : state && !inNativeApp() ? (
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
      <NotificationSettingsForm />
    </section>
  );
}
