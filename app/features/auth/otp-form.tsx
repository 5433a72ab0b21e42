import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { countdown, isolate } from "~/utils/format.ts";
import type { Toast } from "~/utils/toast.ts";

export interface OtpActionData {
  email: string;
  invite?: string;
  /** Kept here too: without JavaScript the form posts to the bare path and the query is gone. */
  redirectTo?: string;
  sent: boolean;
  resendAfter?: number;
  toast: Toast;
}

/**
 * The e-mail + one-time-code form of /login and /register. One form, two buttons:
 * "send code" and "continue", so it works as plain HTML; with JavaScript the send
 * button counts down to the next allowed send.
 */
export function OtpForm(props: {
  mode: "login" | "register";
  actionData?: OtpActionData;
  redirectTo?: string;
  invite?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const data = props.actionData;
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [wait, setWait] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!data?.sent || !data.resendAfter) return;
    const until = Date.now() + data.resendAfter * 1000;
    const tick = () => setWait(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    codeRef.current?.focus();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [data]);

  const submitIntent = props.mode;
  const redirectTo = data?.redirectTo ?? props.redirectTo;
  return (
    <Form method="post" className="card form" noValidate>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="field">
        <label htmlFor="email">{t("auth:email")}</label>
        <input
          id="email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          defaultValue={data?.email}
          placeholder={t("auth:emailPlaceholder")}
        />
      </div>
      <div className="field">
        <label htmlFor="code">{t("auth:code")}</label>
        <div className="field__row">
          <input
            ref={codeRef}
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder={t("auth:codePlaceholder")}
            aria-describedby={data?.sent ? "code-hint" : undefined}
          />
          <button
            type="submit"
            name="intent"
            value="send"
            className="button button--secondary"
            disabled={wait > 0 || busyIntent === "send"}
          >
            {busyIntent === "send"
              ? t("auth:sending")
              : wait > 0
                ? t("auth:resendIn", { time: countdown(wait).slice(3) })
                : data?.sent
                  ? t("auth:resend")
                  : t("auth:sendCode")}
          </button>
        </div>
        {data?.sent ? (
          <p id="code-hint" className="hint">
            {t("auth:codeSentTo", { email: isolate(data.email) })}
          </p>
        ) : null}
      </div>
      {props.mode === "register" ? (
        <div className="field">
          <label htmlFor="invite">{t("auth:invite")}</label>
          <input
            id="invite"
            name="invite"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={16}
            defaultValue={data?.invite ?? props.invite}
            placeholder={t("auth:invitePlaceholder")}
          />
        </div>
      ) : null}
      <button type="submit" name="intent" value={submitIntent} className="button" disabled={busyIntent === submitIntent}>
        {busyIntent === submitIntent ? t("auth:pleaseWait") : t(props.mode === "login" ? "auth:logIn" : "auth:signUp")}
      </button>
      {props.mode === "register" ? (
        <p className="hint terms-note">
          <Trans
            i18nKey="auth:agreeTerms"
            components={{
              terms: <Link to="/terms" reloadDocument />,
              privacy: <Link to="/privacy" reloadDocument />,
            }}
          />
        </p>
      ) : null}
    </Form>
  );
}
