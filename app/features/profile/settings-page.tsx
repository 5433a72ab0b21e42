import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { DataCard } from "#app/features/ledger/data-card.tsx";
import { LANGUAGES } from "#contract/languages.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { useHydrated } from "#app/utils/hydrated.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { AvatarForm } from "./avatar-form.tsx";
import { DangerZone, DeleteSheet } from "./delete-account.tsx";
import { LogoutSheet } from "./logout-sheet.tsx";
import { NicknameForm } from "./nickname-form.tsx";
import { Notifications } from "./notifications.tsx";
import type { loadSettings } from "./settings.server.ts";

type SettingsData = ReturnType<typeof useLoaderData<typeof loadSettings>>;

/**
 * A choice that needs no typing applies when it is made: the form is sent on change, and the
 * page's toast says it is saved. The scroll stays where the user chose.
 */
function useApplyOnChange(): (event: FormEvent<HTMLFormElement>) => void {
  const submit = useSubmit();
  return (event) => submit(event.currentTarget, { preventScrollReset: true });
}

/** Until the page's script runs (never, without JavaScript), nothing is sent on change: this Save sends the choice. */
function SaveWithoutScript({ label }: { label: string }) {
  return useHydrated() ? null : (
    <button type="submit" className="button button--secondary button--block">
      {label}
    </button>
  );
}

/** The status shown by the user's name: one of the configured icons, or none. */
function StatusForm({ statuses }: { statuses: SettingsData["statuses"] }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const apply = useApplyOnChange();
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">{t("profile:status.title")}</h2>
      <Form method="post" className="form" onChange={apply}>
        <input type="hidden" name="intent" value="status" />
        <fieldset className="choices status-choices">
          <legend className="visually-hidden">{t("profile:status.title")}</legend>
          <label className="choice">
            <input type="radio" name="status" value="" defaultChecked={user.user_status_icon === null} />
            <span className="status-icon" aria-hidden="true">
              –
            </span>
            <span>{t("profile:status.none")}</span>
          </label>
          {statuses.map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name="status" value={s.id} defaultChecked={user.user_status_icon === s.id} />
              <span className="status-icon" aria-hidden="true">
                {s.icon}
              </span>
              <span>{t(`profile:statuses.${s.name}`, { defaultValue: s.name })}</span>
            </label>
          ))}
        </fieldset>
        <SaveWithoutScript label={t("profile:status.save")} />
      </Form>
    </section>
  );
}

/** The display language, each named in its own script; choosing one reloads the page in it (the action's redirectDocument). */
function LanguageForm() {
  const { t, i18n } = useTranslation();
  const apply = useApplyOnChange();
  return (
    <Form method="post" className="form form--inline" onChange={apply}>
      <input type="hidden" name="intent" value="language" />
      <div className="field">
        <label htmlFor="ui_lang">{t("common:language")}</label>
        <select id="ui_lang" name="ui_lang" defaultValue={i18n.language}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <SaveWithoutScript label={t("common:save")} />
    </Form>
  );
}

/** /settings: avatar, nickname, status, notifications, data, the account (language, log out), then the danger zone. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { statuses, confirm } = useLoaderData<typeof loadSettings>();
  return (
    <main className="page">
      <PageHeader title={t("profile:settings.title")}>
        <p className="lead">
          <Link to="/mine" className="band__link">
            {t("profile:settings.back")}
          </Link>
        </p>
      </PageHeader>
      {/* A new upload starts the form afresh: the file field empties and the preview gives way to the stored picture. */}
      <AvatarForm key={user.avatar_new} />
      <section className="card" aria-labelledby="nickname-title">
        <h2 id="nickname-title">{t("profile:nickname.title")}</h2>
        <NicknameForm />
      </section>
      <StatusForm statuses={statuses} />
      <Notifications />
      <DataCard />
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t("profile:settings.account")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("profile:email")}</dt>
            <dd className="break">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </div>
        </dl>
        <Link to="/settings/email" className="button button--secondary button--block">
          {t("profile:emailChange.title")}
        </Link>
        <LanguageForm />
        <Link to="/settings/sessions" className="button button--secondary button--block">
          {t("profile:sessions.title")}
        </Link>
        <Link to="?confirm=logout" className="button button--secondary button--block" preventScrollReset>
          {t("profile:logout")}
        </Link>
      </section>
      <DangerZone />
      {confirm === "logout" ? <LogoutSheet dismissTo="/settings" /> : null}
      {confirm === "delete" ? <DeleteSheet /> : null}
    </main>
  );
}
