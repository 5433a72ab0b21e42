import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../contract/languages.ts";
import { BalanceCard } from "~/components/balance-card.tsx";
import { Icon } from "~/components/icons.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { Sheet } from "~/components/sheet.tsx";
import { useSignedInUser } from "~/utils/signed-in-user.ts";
import type { loadProfilePage } from "./profile.server.ts";

/** The Profile tab: who is signed in, balances, display language, logout with confirmation. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const { confirmLogout } = useLoaderData<typeof loadProfilePage>();
  const initial = (user.name || user.email || "?").slice(0, 1).toUpperCase();
  return (
    <main className="page">
      <PageHeader title={t("profile:title")} />
      <section className="card profile">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <p className="profile__name">{user.name || t("profile:noName")}</p>
          <p className="hint">
            <bdi dir="ltr">ID {user.display_id}</bdi>
          </p>
        </div>
      </section>
      <BalanceCard vv={user.vv} btc={user.btc} />
      <section className="card">
        <dl className="facts">
          <div>
            <dt>{t("profile:email")}</dt>
            <dd className="break"><bdi dir="ltr">{user.email}</bdi></dd>
          </div>
        </dl>
        <Form method="post" className="form form--inline">
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
          <button type="submit" className="button button--secondary">
            {t("common:save")}
          </button>
        </Form>
      </section>
      {confirmLogout ? (
        <Sheet role="alertdialog" labelledBy="logout-title" describedBy="logout-body" dismissTo="/mine">
          <h2 id="logout-title">{t("profile:logoutConfirmTitle")}</h2>
          <p id="logout-body">{t("profile:logoutConfirmBody")}</p>
          <div className="actions">
            <Form method="post" action="/logout">
              <button type="submit" className="button button--danger" autoFocus>
                {t("profile:logout")}
              </button>
            </Form>
            <Link to="/mine" className="button button--secondary" replace>
              {t("common:cancel")}
            </Link>
          </div>
        </Sheet>
      ) : (
        <Link to="/mine?confirm=logout" className="button button--secondary button--block">
          <Icon name="logout" small mirror />
          {t("profile:logout")}
        </Link>
      )}
    </main>
  );
}
