import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { useAddPasskey } from "./use-add-passkey.ts";

/**
 * The one-tap offer of a passkey, on the page a sign-in by code lands on: only where this device
 * can make one with its screen lock. Loaded on its own, so the page's JavaScript does not carry it.
 */
export default function PasskeyOffer() {
  const { t } = useTranslation();
  const [possible, setPossible] = useState(false);
  const [closed, setClosed] = useState(false);
  const { add, busy, added } = useAddPasskey();
  useEffect(() => {
    void window.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable?.().then(setPossible);
  }, []);
  if (!possible || closed || added) return null;
  return (
    <section className="card" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title">{t("common:passkey.offerTitle")}</h2>
      <p className="hint">{t("common:passkey.offerText")}</p>
      <div className="actions">
        {/* Tinted, not the page's gradient: the page's own next step (start, claim) stays the one primary button. */}
        <button type="button" className="button button--secondary" onClick={() => void add()} disabled={busy}>
          {t("common:passkey.add")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setClosed(true)}>
          {t("common:passkey.notNow")}
        </button>
      </div>
    </section>
  );
}
