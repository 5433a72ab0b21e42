import { useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { showToast, type Toast } from "#app/utils/toast.ts";

/**
 * /login's way in with a passkey: the browser's autofill offers the device's passkeys in the
 * e-mail field where it can, and a button asks for one everywhere WebAuthn is. Nothing shows
 * where the browser has no WebAuthn. The answer is posted to the page's action as a form.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = async (autofill: boolean) => {
    const outcome = await import("./ceremony.ts").then(
      ({ passkeyAssertion }) => passkeyAssertion(autofill),
      // Its code could not be fetched (no connection): the button says so, the autofill waits for another visit.
      () => (autofill ? null : { toast: { kind: "error", key: "common:passkey.failed" } as Toast }),
    );
    if (outcome && "credential" in outcome) {
      submit({ intent: "passkey", credential: outcome.credential, ...(redirectTo ? { redirectTo } : {}) }, { method: "post" });
    } else if (outcome) {
      showToast(outcome.toast);
    }
  };

  useEffect(() => {
    if (!window.PublicKeyCredential) return;
    setSupported(true);
    let waiting = false;
    void PublicKeyCredential.isConditionalMediationAvailable?.().then((available) => {
      waiting = available;
      if (available) void ask(true);
    });
    return () => {
      if (waiting)
        void import("./ceremony.ts").then(
          (m) => m.cancelPasskey(),
          () => undefined,
        );
    };
    // Once per page: the autofill request waits as long as the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!supported) return null;
  return (
    <div className="card passkey-sign-in">
      <p className="hint">{t("auth:passkey.lead")}</p>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void ask(false).finally(() => setBusy(false));
        }}
      >
        {t("auth:passkey.signIn")}
      </button>
    </div>
  );
}
