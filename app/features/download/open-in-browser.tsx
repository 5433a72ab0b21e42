import { Icon } from "#app/components/icons.tsx";
import { isolate } from "#app/utils/format.ts";
import { useTranslation } from "#app/utils/translation.tsx";

/**
 * The way out of a social app's browser, with this page's address to copy: to download what
 * the page offers, or, with nothing to download here, to add VV to the home screen, which
 * these browsers cannot do either.
 */
export function OpenInBrowser({ app, pageUrl, toDownload }: { app: string; pageUrl: string; toDownload: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card card--attention" aria-labelledby="in-app-title">
      <h2 id="in-app-title" className="card__title">
        <Icon name="globe" />
        {t("download:inApp.title")}
      </h2>
      <p>{t(toDownload ? "download:inApp.why" : "download:inApp.whyHomeScreen", { app: isolate(app) })}</p>
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
  );
}
