import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Trans, useTranslation } from "#app/utils/translation.tsx";
import { countdown, isolate } from "#app/utils/format.ts";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { Toast } from "#app/utils/toast.ts";
import { OTP_FIELD_REFUSALS } from "./otp-fields.ts";
import { CodeInput, EmailInput } from "#app/components/sign-in-inputs.tsx";
import type { ProofChallenge } from "./solve-proof.ts";

export interface OtpActionData {
  email: string;
  invite?: string;
  /** Kept here too: without JavaScript the form posts to the bare path and the query is gone. */
  redirectTo?: string;
  sent: boolean;
  resendAfter?: number;
  toast: Toast;
  /** Sign-up under pressure (decision 065): the step to post again, with a solved challenge or, without JavaScript, the wait ticket. */
  proof?: { intent: "send" | "register"; challenge: ProofChallenge; waitTicket: string; waitSeconds: number };
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
  /** The browser may offer the device's passkeys in the e-mail field (autofill). */
  passkeys?: boolean;
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
  const emailError = useFieldError({ errorId: "email-error", ...OTP_FIELD_REFUSALS.email });
  const codeError = useFieldError({ errorId: "code-error", hintId: data?.sent ? "code-hint" : undefined, ...OTP_FIELD_REFUSALS.code });
  const inviteError = useFieldError({ errorId: "invite-error", ...OTP_FIELD_REFUSALS.invite });
  // Enter (a phone keyboard's Go key) presses a form's first submit button: make it the step
  // the user is at (send a code, then log in), not the "send again" button beside the code field.
  const enterIntent = data?.sent ? submitIntent : "send";
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form ref={formRef} method="post" className="card form" noValidate>
      <button type="submit" name="intent" value={enterIntent} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {t(enterIntent === "send" ? "auth:sendCode" : props.mode === "login" ? "auth:logIn" : "auth:signUp")}
      </button>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {data?.sent ? <input type="hidden" name="sent" value="1" /> : null}
      <div className="field">
        <label htmlFor="email">{t("auth:email")}</label>
        <EmailInput
          id="email"
          name="email"
          autoComplete={props.passkeys ? "email webauthn" : "email"}
          defaultValue={data?.email}
          placeholder={t("auth:emailPlaceholder")}
          {...emailError.inputProps}
        />
        {emailError.message}
      </div>
      <div className="field">
        <label htmlFor="code">{t("auth:code")}</label>
        <div className="field__row">
          <CodeInput ref={codeRef} id="code" name="code" placeholder={t("auth:codePlaceholder")} {...codeError.inputProps} />
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
        {codeError.message}
        {data?.sent ? (
          <p id="code-hint" className="hint">
            {t("auth:codeSentTo", { email: isolate(data.email) })}
          </p>
        ) : null}
        {/* Next to the button of the step it is about. */}
        {data?.proof?.intent === "send" ? <ProofPanel key={data.proof.waitTicket} proof={data.proof} formRef={formRef} /> : null}
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
            {...inviteError.inputProps}
          />
          {inviteError.message}
        </div>
      ) : null}
      {data?.proof?.intent === "register" ? <ProofPanel key={data.proof.waitTicket} proof={data.proof} formRef={formRef} /> : null}
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

/**
 * What a sign-up under pressure shows in the form. With JavaScript the browser solves the challenge
 * (the solver is fetched now, never before) and posts the same step again by itself; without it, or
 * when solving fails, the wait ticket travels in the form and the page says how long to wait.
 */
function ProofPanel(props: { proof: NonNullable<OtpActionData["proof"]>; formRef: RefObject<HTMLFormElement> }) {
  const { t } = useTranslation();
  const { proof, formRef } = props;
  // Rendered on the server only for a post without JavaScript: there the wait is the way.
  const [solving, setSolving] = useState(() => typeof window !== "undefined");
  const [solved, setSolved] = useState<string>();

  useEffect(() => {
    const abort = new AbortController();
    import("./solve-proof.ts")
      .then(({ solveProof }) => solveProof(proof.challenge, abort.signal))
      .then((payload) => {
        if (abort.signal.aborted) return;
        setSolving(false);
        setSolved(payload);
      })
      .catch(() => setSolving(false));
    return () => abort.abort();
  }, [proof]);

  useEffect(() => {
    const form = formRef.current;
    if (!solved || !form) return;
    const step = form.querySelector<HTMLButtonElement>(`button[name="intent"][value="${proof.intent}"]:not(.visually-hidden)`);
    form.requestSubmit(step ?? undefined);
  }, [solved, proof.intent, formRef]);

  return (
    <>
      <input type="hidden" name="proof" value={solved ?? proof.waitTicket} />
      <p id="proof-status" className="hint" role="status">
        {solving || solved ? t("auth:proof.solving") : t("auth:proof.wait", { time: countdown(proof.waitSeconds).slice(3) })}
      </p>
    </>
  );
}
