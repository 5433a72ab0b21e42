import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Icon } from "#app/components/icons.tsx";
import { BrandHeader } from "#app/components/brand-header.tsx";
import { isolate } from "#app/utils/format.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { downloadLoader } from "./download.server.ts";

/**
 * The app download page: the failed-download alert, the way out of a social app's browser,
 * then a button per configured link. Plain links and a read-only field: no JavaScript.
 */
export function DownloadPage() {
  const { inApp, failed, links, version, pageUrl } = useLoaderData<typeof downloadLoader>();
  const { t } = useTranslation();
  const anyLink = Boolean(links.apk || links.play || links.appStore);
  return (
    <main className="page">
      <div className="band">
        <BrandHeader />
        <h1>{t("download:heading")}</h1>
        <p className="lead">{t("download:lead")}</p>
      </div>

      {failed ? (
        <div className="card card--danger" role="alert">
          <p className="card__message">{t("download:failed")}</p>
          {links.apk ? (
            <a className="button button--block" href={links.apk}>
              <Icon name="claim" />
              {t("download:retry")}
            </a>
          ) : null}
        </div>
      ) : null}

      {inApp ? (
        <section className="card card--attention" aria-labelledby="in-app-title">
          <h2 id="in-app-title" className="card__title">
            <Icon name="globe" />
            {t("download:inApp.title")}
          </h2>
          <p>{t("download:inApp.why", { app: isolate(inApp) })}</p>
          <ol className="how">
            <li>{t("download:inApp.step1")}</li>
            <li>{t("download:inApp.step2")}</li>
            <li>{t("download:inApp.step3")}</li>
          </ol>
          <div className="field download-link">
            <label htmlFor="page-link">{t("download:inApp.linkLabel")}</label>
            <input id="page-link" type="url" readOnly value={pageUrl} dir="ltr" aria-describedby="page-link-hint" />
            <p id="page-link-hint" className="hint">
              {t("download:inApp.linkHint")}
            </p>
          </div>
        </section>
      ) : null}

      <section className="card" aria-labelledby="get-title">
        <h2 id="get-title">{anyLink ? t("download:choose") : t("download:soon")}</h2>
        {anyLink ? (
          <>
            {version ? <p className="hint">{t("download:version", { version: isolate(version) })}</p> : null}
            {links.apk ? (
              <>
                <a className="button button--block" href={links.apk}>
                  <Icon name="claim" />
                  {t("download:apk")}
                </a>
                <p className="hint">{t("download:apkHint")}</p>
              </>
            ) : null}
            {links.play ? (
              <a className="button button--secondary button--block" href={links.play}>
                {t("download:play")}
              </a>
            ) : null}
            {links.appStore ? (
              <a className="button button--secondary button--block" href={links.appStore}>
                {t("download:appStore")}
              </a>
            ) : null}
          </>
        ) : (
          <EmptyState>
            <p>{t("download:unavailable")}</p>
          </EmptyState>
        )}
      </section>

      <footer className="legal-footer download-footer">
        <a href="/airdrop">{t("download:web")}</a>
        <nav aria-label={t("common:legalNav")}>
          <a href="/privacy">{t("download:privacy")}</a>
          <a href="/terms">{t("download:terms")}</a>
          <a href="/rules">{t("download:rules")}</a>
        </nav>
      </footer>
    </main>
  );
}
