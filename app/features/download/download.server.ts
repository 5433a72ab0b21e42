import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv, type WebEnv } from "#app/utils/env.server.ts";
import { detectLocale } from "#lib/visitor-language.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { inAppBrowser } from "./in-app-browser.server.ts";

/**
 * /download: the configured links, the version, whether a download failed (`?failed=1`, which
 * the native app or a failed download opens), and, inside a social app's browser that cannot
 * download, that app's name and this page's address to open in the phone's browser instead.
 * The page ships no JavaScript, so all of it is decided here, from the request.
 */
export async function downloadLoader({ request }: LoaderFunctionArgs, env: WebEnv = getEnv()) {
  const locale = await detectLocale(request);
  const { t } = translatorFor(locale);
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, "");
  return data(
    {
      title: t("download:meta.title"),
      description: t("download:meta.description"),
      publicUrl: env.PUBLIC_URL,
      pageUrl: `${publicUrl}/download?ui_lang=${locale}`,
      inApp: inAppBrowser(request.headers.get("User-Agent")),
      failed: new URL(request.url).searchParams.get("failed") === "1",
      links: { apk: env.APP_APK_URL, play: env.APP_PLAY_URL, appStore: env.APP_STORE_URL },
      version: env.APP_VERSION,
    },
    // The page differs by User-Agent: a shared cache must not hand one visitor's to another.
    { headers: { Vary: "User-Agent" } },
  );
}
