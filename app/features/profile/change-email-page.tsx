import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageHeader } from "#app/components/page-header.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useFieldError } from "#app/utils/field-error.tsx";
import { isolate } from "#app/utils/format.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { ADDRESS_REFUSALS, CODE_REFUSALS } from "./change-email-fields.ts";
import type { loadChangeEmail } from "./change-email.server.ts";
import { CodeInput, EmailInput } from "#app/components/sign-in-inputs.tsx";

/** Step one: the new address; "send code" mails it a code. */
function AddressForm() {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "send";
  const error = useFieldError({ errorId: "email-error", codes: ADDRESS_REFUSALS });
  return (
    <Form method="post" className="form" noValidate>
      <div className="field">
        <label htmlFor="email">{t("profile:emailChange.newEmail")}</label>
        <EmailInput
          id="email"
          name="email"
          defaultValue={failed?.fields?.email}
          placeholder={t("auth:emailPlaceholder")}
          {...error.inputProps}
        />
        {error.message}
      </div>
      <button type="submit" name="intent" value="send" className="button button--block" disabled={busy}>
        {busy ? t("auth:sending") : t("auth:sendCode")}
      </button>
    </Form>
  );
}

/** Step two: the code mailed to `to`; Enter confirms, "send again" mails a new one. */
function CodeForm({ to }: { to: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent");
  const error = useFieldError({ errorId: "code-error", hintId: "code-hint", codes: CODE_REFUSALS, keys: ["auth:codeRequired"] });
  return (
    <Form method="post" className="form" noValidate>
      <input type="hidden" name="email" value={to} />
      <div className="field">
        <label htmlFor="code">{t("auth:code")}</label>
        <CodeInput id="code" name="code" placeholder={t("auth:codePlaceholder")} {...error.inputProps} />
        {error.message}
        <p id="code-hint" className="hint">
          {t("auth:codeSentTo", { email: isolate(to) })}
        </p>
      </div>
      {/* First in the form, so Enter (a phone's Go key) confirms rather than sends again. */}
      <button type="submit" name="intent" value="confirm" className="button button--block" disabled={busy === "confirm"}>
        {busy === "confirm" ? t("auth:pleaseWait") : t("profile:emailChange.confirm")}
      </button>
      <button type="submit" name="intent" value="send" className="button button--secondary button--block" disabled={busy === "send"}>
        {busy === "send" ? t("auth:sending") : t("auth:resend")}
      </button>
      <Link to="/settings/email" className="button button--secondary button--block">
        {t("profile:emailChange.otherAddress")}
      </Link>
    </Form>
  );
}

/** /settings/email: a new address, then the code sent there; done, back to /settings with a toast. */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { to } = useLoaderData<typeof loadChangeEmail>();
  return (
    <main className="page">
      <PageHeader title={t("profile:emailChange.title")}>
        <p className="lead">
          <Link to="/settings" className="band__link">
            {t("profile:emailChange.back")}
          </Link>
        </p>
      </PageHeader>
      <section className="card" aria-labelledby="email-change-title">
        <h2 id="email-change-title">{t(to ? "profile:emailChange.codeStep" : "profile:emailChange.addressStep")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("profile:emailChange.current")}</dt>
            <dd className="break">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </div>
        </dl>
        {/* The form's spacing, so the explanation stands apart from the first field's label. */}
        <div className="form">
          <p className="hint">{t("profile:emailChange.lead")}</p>
          {to ? <CodeForm key={to} to={to} /> : <AddressForm />}
        </div>
      </section>
    </main>
  );
}
