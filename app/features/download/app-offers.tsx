import { Fragment } from "react";
import { Icon } from "#app/components/icons.tsx";
import { isolate } from "#app/utils/format.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { Offer, Platform } from "./offers.server.ts";

const LABELS: Record<Offer["kind"], string> = {
  apk: "download:apk",
  play: "download:play",
  appStore: "download:appStore",
};

const HEADINGS: Record<Platform, string> = {
  android: "download:forAndroid",
  ios: "download:forIphone",
  desktop: "download:choose",
};

/** One link as a button: the first of a list is the main action, the rest are alternatives. */
function OfferButton({ offer, main }: { offer: Offer; main: boolean }) {
  const { t } = useTranslation();
  return (
    <a className={main ? "button button--block" : "button button--secondary button--block"} href={offer.href}>
      {offer.kind === "apk" ? <Icon name="claim" /> : null}
      {t(LABELS[offer.kind])}
    </a>
  );
}

/** The links that install VV on this platform, with the version and what Android asks of an APK. */
export function AppOffers({ offers, platform, version }: { offers: Offer[]; platform: Platform; version?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="get-title">
      <h2 id="get-title">{t(HEADINGS[platform])}</h2>
      {version ? <p className="hint">{t("download:version", { version: isolate(version) })}</p> : null}
      {offers.map((offer, index) => (
        <Fragment key={offer.kind}>
          <OfferButton offer={offer} main={index === 0} />
          {offer.kind === "apk" ? <p className="hint">{t("download:apkHint")}</p> : null}
        </Fragment>
      ))}
    </section>
  );
}

/**
 * `?failed=1` with an APK offered: the retry and the stores as the way around it. Inside a
 * social app's browser a retry would fail the same way, so the alert says why and points to the
 * way out below it instead.
 */
export function FailedAlert({ offers, inApp }: { offers: Offer[]; inApp: string | null }) {
  const { t } = useTranslation();
  const apk = offers.find((offer) => offer.kind === "apk");
  const stores = offers.filter((offer) => offer.kind !== "apk");
  return (
    <div className="card card--danger" role="alert">
      <p className="card__message">{t("download:failed")}</p>
      {inApp ? (
        <p>{t("download:failedInApp", { app: isolate(inApp) })}</p>
      ) : (
        <>
          {apk ? (
            <a className="button button--block" href={apk.href}>
              <Icon name="claim" />
              {t("download:retry")}
            </a>
          ) : null}
          {stores.length ? <p>{t("download:failedOr")}</p> : null}
          {stores.map((offer) => (
            <OfferButton key={offer.kind} offer={offer} main={false} />
          ))}
        </>
      )}
    </div>
  );
}
