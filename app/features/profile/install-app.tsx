import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { useHydrated } from "#app/utils/hydrated.ts";
import { promptInstall, useInstallOffer } from "#app/utils/install-prompt.ts";
import { inNativeApp } from "#app/utils/native.ts";
import { installed, onIos } from "./push-subscription.ts";

/** Safari's way, step by step: a sheet the install link opens (`?install=ios`). */
function IosSteps({ dismissTo }: { dismissTo: string }) {
  const { t } = useTranslation();
  return (
    <Sheet labelledBy="install-ios-title" dismissTo={dismissTo}>
      <h2 id="install-ios-title">{t("profile:install.iosTitle")}</h2>
      <ol className="install__steps">
        <li>{t("profile:install.iosShare")}</li>
        <li>{t("profile:install.iosAdd")}</li>
        <li>{t("profile:install.iosConfirm")}</li>
      </ol>
      <div className="actions">
        {/* The sheet was opened to read it: focus goes to its one way out. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Link to={dismissTo} className="button button--secondary" replace autoFocus>
          {t("common:close")}
        </Link>
      </div>
    </Sheet>
  );
}

/**
 * "Install the app": the browser's own install dialog where it offers one, the steps on an
 * iPhone. Decided in the browser, so nothing shows before hydration, inside the native apps, or
 * when the app is already opened from the home screen.
 */
export function InstallApp() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const offered = useInstallOffer();
  const [params] = useSearchParams();
  if (!hydrated || inNativeApp() || installed()) return null;
  const ios = !offered && onIos();
  if (!offered && !ios) return null;
  return (
    <section className="card install" aria-labelledby="install-title">
      <ListRow icon="claim" heading={2} titleId="install-title" title={t("profile:install.title")} subtitle={t("profile:install.body")} />
      {offered ? (
        <button type="button" className="button button--block" onClick={promptInstall}>
          {t("profile:install.button")}
        </button>
      ) : (
        <Link to="/mine?install=ios" className="button button--block" preventScrollReset>
          {t("profile:install.button")}
        </Link>
      )}
      {ios && params.get("install") === "ios" ? <IosSteps dismissTo="/mine" /> : null}
    </section>
  );
}
