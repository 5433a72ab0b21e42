import { useLoaderData } from "@remix-run/react";
import { BrandHeader } from "#app/components/brand-header.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import { AddToHomeScreen } from "./add-to-home-screen.tsx";
import { AppOffers, FailedAlert } from "./app-offers.tsx";
import type { downloadLoader } from "./download.server.ts";
import { OpenInBrowser } from "./open-in-browser.tsx";

/**
 * The app download page, one consistent story per state: a failed APK download first (its
 * retry and the stores in the alert itself), then the way out of a social app's browser, then
 * the links for this phone, or the web app on the home screen when there is no app for it.
 * Plain links and a read-only field; only the home-screen card carries a few lines of script.
 */
export function DownloadPage() {
  const { inApp, failed, offers, platform, anyApp, version, pageUrl } = useLoaderData<typeof downloadLoader>();
  const { t } = useTranslation();
  return (
    <main className="page">
      <div className="band">
        <BrandHeader />
        <h1>{t("download:heading")}</h1>
        <p className="lead">{t("download:lead")}</p>
      </div>

      {failed ? <FailedAlert offers={offers} inApp={inApp} /> : null}
      {inApp ? <OpenInBrowser app={inApp} pageUrl={pageUrl} toDownload={offers.length > 0} /> : null}
      {offers.length === 0 ? (
        <AddToHomeScreen platform={platform} anyApp={anyApp} inApp={Boolean(inApp)} />
      ) : failed && !inApp ? null : (
        <AppOffers offers={offers} platform={platform} version={version} />
      )}

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
