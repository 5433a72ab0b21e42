import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { usePush } from "./use-push.ts";

const ANSWERED = "vv-notifications-offer";

function answeredBefore(): boolean {
  try {
    return localStorage.getItem(ANSWERED) !== null;
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(ANSWERED, "1");
  } catch {
    // Storage refused (private mode): the offer may come back with the next start, which is once.
  }
}

/**
 * The airdrop's one offer of notifications, right after the user started it: only where the
 * browser can turn them on now, and never again once turned on or put aside. Loaded on its own,
 * so the airdrop page's JavaScript does not carry it.
 */
export function NotificationsOffer() {
  const { t } = useTranslation();
  const [pushKey, setPushKey] = useState<string>();
  const push = usePush(pushKey);
  const [hidden, setHidden] = useState(answeredBefore);

  // The VAPID key is fetched only when there is something to offer.
  useEffect(() => {
    if (hidden || push.state !== "off" || pushKey) return;
    let live = true;
    fetch("/notifications/key")
      .then((r) => (r.ok ? (r.json() as Promise<{ public_key?: string }>) : null))
      .then((key) => live && key?.public_key && setPushKey(key.public_key))
      // Signed out meanwhile, or the API down: no offer this time.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hidden, push.state, pushKey]);
  useEffect(() => {
    if (push.state === "on") remember();
  }, [push.state]);

  if (hidden || push.state !== "off" || !pushKey) return null;
  const dismiss = () => {
    remember();
    setHidden(true);
  };
  return (
    <section className="card" aria-labelledby="notifications-offer-title">
      <h2 id="notifications-offer-title">{t("profile:notifications.offerTitle")}</h2>
      <p className="hint">{t("profile:notifications.off")}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void push.turnOn()} disabled={push.busy}>
          {t("profile:notifications.turnOn")}
        </button>
        <button type="button" className="button button--secondary" onClick={dismiss}>
          {t("profile:notifications.notNow")}
        </button>
      </div>
    </section>
  );
}
