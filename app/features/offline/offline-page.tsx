import { OfflineArt } from "#app/components/page-error.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { useTranslation } from "#app/utils/translation.tsx";

/** Where offline-figures.js puts the time it formats, in each language's own word order. */
const TIME_SLOT = "{{time}}";

/**
 * What the service worker answers a page with when the network fails (decision 042). The page
 * is the same for everyone, so it can be stored: the last figures are filled in by its script
 * (offline-figures.js) from the browser's storage, and shown only when there are some.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <main className="page offline">
      <PageHeader title={t("common:error.offlineTitle")}>
        <p className="lead">{t("common:error.offlineBody")}</p>
      </PageHeader>
      <section className="card offline__figures" aria-labelledby="figures-title" data-figures hidden>
        <h2 id="figures-title" className="card__title">
          {t("offline:lastKnown")}
        </h2>
        <dl className="balances">
          <div className="stat stat--lg">
            <dt className="stat__label">{t("common:balance.vv")}</dt>
            <dd className="stat__value">
              <bdi dir="ltr" className="num" data-figure="vv" /> <span className="stat__unit">VV</span>
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">{t("offline:power")}</dt>
            <dd className="stat__value">
              <bdi dir="ltr" className="num" data-figure="power" />
            </dd>
          </div>
          <div className="stat">
            <dt className="stat__label">{t("offline:roundEnd")}</dt>
            <dd className="stat__value offline__time">
              <time data-figure="roundEnd" />
            </dd>
          </div>
        </dl>
        <p className="hint" data-as-of={t("offline:asOf", { time: TIME_SLOT })} />
      </section>
      <section className="card page-error">
        <OfflineArt />
        <p className="hint" data-no-figures>
          {t("offline:nothingSaved")}
        </p>
        <div className="actions">
          {/* The script points it at the address that failed; without it, the airdrop is the likeliest. */}
          <a className="button" href="/airdrop" data-retry>
            {t("common:error.retry")}
          </a>
        </div>
      </section>
      <script src="/offline.js" defer />
    </main>
  );
}
