import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, normalizeLanguage } from "../../contract/languages.ts";
import { ErrorCode } from "../../contract/errors.ts";
import { BalanceCard } from "~/components/balance-card.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { langCookie } from "~/utils/locale.server.ts";
import { pageTitle } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";
import { saveDisplayLanguage } from "~/utils/account.server.ts";
import { errorToast, requireSignedIn } from "~/utils/request.server.ts";
import { setToast } from "~/utils/toast.server.ts";
import { useSignedInUser } from "./_app.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const confirmLogout = new URL(request.url).searchParams.get("confirm") === "logout";
  return json({ title: await pageTitle(request, "tabs.profile"), confirmLogout });
}
export const meta = titleFromData;

/** Saves the display language on the account, so every device follows it. */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireSignedIn(request);
  const form = await request.formData();
  const uiLang = normalizeLanguage(String(form.get("ui_lang") ?? ""));
  const headers = new Headers();
  if (!uiLang) {
    headers.append("Set-Cookie", await setToast({ kind: "error", code: ErrorCode.badRequest }));
    return redirect("/mine", { headers });
  }
  try {
    await saveDisplayLanguage(request, ctx, uiLang);
    headers.append("Set-Cookie", await langCookie.serialize(uiLang));
    headers.append("Set-Cookie", await setToast({ kind: "success", key: "common:saved" }));
  } catch (error) {
    headers.append("Set-Cookie", await setToast(errorToast(error)));
  }
  return redirect("/mine", { headers });
}

export default function Mine() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const { confirmLogout } = useLoaderData<typeof loader>();
  const initial = (user.name || user.email || "?").slice(0, 1).toUpperCase();
  return (
    <main className="page">
      <PageHeader title={t("mine.title")} />
      <section className="card profile">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <p className="profile__name">{user.name || t("mine.noName")}</p>
          <p className="hint">
            <bdi dir="ltr">ID {user.display_id}</bdi>
          </p>
        </div>
      </section>
      <BalanceCard vv={user.vv} btc={user.btc} />
      <section className="card">
        <dl className="facts">
          <div>
            <dt>{t("mine.email")}</dt>
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
        <section className="card confirm" role="alertdialog" aria-labelledby="logout-title" aria-describedby="logout-body">
          <h2 id="logout-title">{t("mine.logoutConfirmTitle")}</h2>
          <p id="logout-body">{t("mine.logoutConfirmBody")}</p>
          <div className="actions">
            <Form method="post" action="/logout">
              <button type="submit" className="button button--danger" autoFocus>
                {t("mine.logout")}
              </button>
            </Form>
            <Link to="/mine" className="button button--secondary" replace>
              {t("common:cancel")}
            </Link>
          </div>
        </section>
      ) : (
        <Link to="/mine?confirm=logout" className="button button--secondary button--block">
          {t("mine.logout")}
        </Link>
      )}
    </main>
  );
}
