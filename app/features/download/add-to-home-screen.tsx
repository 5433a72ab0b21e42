import { useNonce } from "#app/utils/nonce.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import { INSTALL_OFFER_SCRIPT } from "./install-offer-script.ts";
import type { Platform } from "./offers.server.ts";

/** Each phone's browser's way, as its menus name it. */
const STEPS = {
  android: ["download:home.androidTitle", "download:home.android1", "download:home.android2", "download:home.android3"],
  ios: ["download:home.iosTitle", "download:home.ios1", "download:home.ios2", "download:home.ios3"],
} as const;

function Steps({ system }: { system: keyof typeof STEPS }) {
  const { t } = useTranslation();
  const [title, ...steps] = STEPS[system];
  return (
    <div className="download-steps">
      <h3>{t(title)}</h3>
      <ol className="how">
        {steps.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
    </div>
  );
}

/** Why the page offers the web app instead: VV has no app at all yet, or none for this phone. */
function reason(platform: Platform, anyApp: boolean): string {
  if (!anyApp || platform === "desktop") return "download:home.notYet";
  return platform === "ios" ? "download:home.notOnIphone" : "download:home.notOnAndroid";
}

/**
 * With no app to download for this phone: VV on the home screen, as the web app it already is.
 * The steps for the phone's browser (a computer's reader gets both phones'), and the browser's own
 * install button where it offers one; not inside a social app's browser, which never does.
 */
export function AddToHomeScreen({ platform, anyApp, inApp }: { platform: Platform; anyApp: boolean; inApp: boolean }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const offerable = !inApp && platform !== "ios";
  return (
    <section className="card install" aria-labelledby="home-title">
      <h2 id="home-title">{t("download:home.title")}</h2>
      <p>
        {t(reason(platform, anyApp))} {t("download:home.body")}
      </p>
      {offerable ? (
        <div data-install hidden>
          <button type="button" className="button button--block">
            {t("download:home.button")}
          </button>
        </div>
      ) : null}
      <div data-install-steps>
        {platform !== "ios" ? <Steps system="android" /> : null}
        {platform !== "android" ? <Steps system="ios" /> : null}
      </div>
      {offerable ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: INSTALL_OFFER_SCRIPT }} /> : null}
    </section>
  );
}
