import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BAN_REASONS, isReason } from "#contract/moderation.ts";
import { ErrorCode } from "#contract/errors.ts";
import { useFieldError } from "#app/utils/field-error.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import type { appealAction, loadAppeal } from "./appeal.server.ts";

/** A way back in: to sign in, which gives a banned account its pass, or a lifted one its session. */
function SignInCard({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <p>{text}</p>
      <Link to="/login" className="button button--block">
        {t("appeal:signInAction")}
      </Link>
    </section>
  );
}

/** The appeal form: one field, one button; the typed text comes back with a refusal. */
function AppealForm({ limits }: { limits: { min: number; max: number } }) {
  const { t } = useTranslation();
  const failed = useActionData<typeof appealAction>();
  const kept = failed && "fields" in failed ? failed.fields?.text : undefined;
  const textError = useFieldError({ errorId: "appeal-error", hintId: "appeal-hint", codes: [ErrorCode.appealLength] });
  return (
    <Form method="post" className="form" noValidate>
      <p>{t("appeal:appealIntro")}</p>
      <div className="field">
        <label htmlFor="appeal-text">{t("appeal:label")}</label>
        <textarea
          id="appeal-text"
          name="text"
          rows={6}
          aria-required="true"
          maxLength={limits.max}
          defaultValue={kept ?? ""}
          {...textError.inputProps}
        />
        {textError.message}
        <p id="appeal-hint" className="hint">
          {t("appeal:hint", { min: limits.min, max: limits.max })}
        </p>
      </div>
      <button type="submit" className="button button--block">
        {t("appeal:send")}
      </button>
    </Form>
  );
}

/** /appeal: why the account is banned, and its appeal (decision 066). No JavaScript needed. */
export function AppealPage() {
  const { t } = useTranslation();
  const { standing, limits } = useLoaderData<typeof loadAppeal>();
  if (!standing || !standing.banned) {
    return (
      <main className="page">
        <div className="band">
          <h1>{t("appeal:pageTitle")}</h1>
        </div>
        <SignInCard text={t(standing ? "appeal:lifted" : "appeal:signIn")} />
      </main>
    );
  }
  const reason = isReason(BAN_REASONS, standing.reason) ? standing.reason : "unknown";
  const { appeal } = standing;
  return (
    <main className="page">
      <div className="band">
        <h1>{t("appeal:title")}</h1>
      </div>
      <section className="card" aria-labelledby="appeal-why">
        <h2 id="appeal-why" className="card__title">
          {t("appeal:why")}
        </h2>
        <p>{t(`moderation:ban.${reason}`)}</p>
        {standing.since ? <p className="hint">{t("appeal:since", { date: standing.since })}</p> : null}
        <p>{t("appeal:effects")}</p>
      </section>
      <section className="card" aria-labelledby="appeal-heading">
        <h2 id="appeal-heading" className="card__title">
          {t("appeal:appealHeading")}
        </h2>
        {appeal?.status === "waiting" ? (
          <p role="status">{t("appeal:waiting", { date: appeal.sent })}</p>
        ) : standing.from && appeal ? (
          <>
            <p>{t("appeal:upheld", { date: appeal.sent })}</p>
            <p>{t("appeal:againAfter", { date: standing.from })}</p>
          </>
        ) : (
          <AppealForm limits={limits} />
        )}
      </section>
    </main>
  );
}
