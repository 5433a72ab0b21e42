import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv, type WebEnv } from "#app/utils/env.server.ts";
import { detectLocale } from "#lib/visitor-language.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { inAppBrowser } from "./in-app-browser.server.ts";
import { offersFor, platformOf } from "./offers.server.ts";

/**
 * /download: the links that install VV on the visitor's platform, the version, whether an APK
 * download failed (`?failed=1`, which the native app or a failed download opens), and, inside a
 * social app's browser, that app's name and this page's address to open in the phone's browser
 * instead. With no app for the platform, the page offers the web app on the home screen. The
 * page ships no JavaScript bundle, so all of it is decided here, from the request.
 */
export async function downloadLoader({ request }: LoaderFunctionArgs, env: WebEnv = getEnv()) {
  const locale = await detectLocale(request);
  const { t } = translatorFor(locale);
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, "");
  const userAgent = request.headers.get("User-Agent");
  const platform = platformOf(userAgent);
  const links = { apk: env.APP_APK_URL, play: env.APP_PLAY_URL, appStore: env.APP_STORE_URL };
  const offers = offersFor(links, platform);
  return data(
    {
      title: t("download:meta.title"),
      description: t("download:meta.description"),
      publicUrl: env.PUBLIC_URL,
      pageUrl: `${publicUrl}/download?ui_lang=${locale}`,
      inApp: inAppBrowser(userAgent),
      platform,
      offers,
      // Whether VV has an app at all, for the page to say "not yet" or "not on this phone yet".
      anyApp: Object.values(links).some(Boolean),
      // Only an APK offered here can have failed to download: without one the alert would have no retry.
      failed: new URL(request.url).searchParams.get("failed") === "1" && offers.some((offer) => offer.kind === "apk"),
      version: env.APP_VERSION,
    },
    // The page differs by User-Agent: a shared cache must not hand one visitor's to another.
    { headers: { Vary: "User-Agent" } },
  );
}
