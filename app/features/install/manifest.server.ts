import { languageDir } from "#contract/languages.ts";
import { fixedT } from "#app/utils/translations.server.ts";
import { detectLocale, languageFromUrl } from "#lib/visitor-language.ts";
import { BACKGROUND_COLOR, THEME_COLOR } from "./install.ts";

const START = "/airdrop";

/** Made by scripts/make-icons.mjs from public/icon.svg. */
const ICONS = [
  ...[192, 512].flatMap((size) => [
    { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" },
    { src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "maskable" },
  ]),
  { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
];

/**
 * The web app manifest that lets a phone install VV, in the language the page that links it
 * names (`?lang=`), else the visitor's. The same for every visitor of a language: it reads no
 * session, writes nothing and sets no cookie, so shared caches may keep it for an hour.
 */
export async function manifestLoader(request: Request): Promise<Response> {
  const inUrl = languageFromUrl(request);
  const locale = inUrl ?? (await detectLocale(request));
  const t = fixedT(locale, "common");
  const manifest = {
    id: START,
    name: "VV",
    short_name: "VV",
    description: t("install.description"),
    lang: locale,
    dir: languageDir(locale),
    start_url: START,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS,
  };
  const headers = new Headers({ "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" });
  // Without a language in the URL, the cookie or Accept-Language chose it.
  if (!inUrl) headers.set("Vary", "Cookie, Accept-Language");
  return new Response(JSON.stringify(manifest), { headers });
}
