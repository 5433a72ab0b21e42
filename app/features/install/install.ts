import type { LanguageCode } from "#contract/languages.ts";

/**
 * What the browser and the phone paint around the app, from app/styles/tokens.css (which the
 * server cannot read as values): the header band's dark end (--indigo-900), where every page
 * starts, behind the status bar; in the dark theme the page's own background, so the browser's
 * bar does not glare above a dark page. The installed app's splash screen shows the light
 * theme's page background (--bg) while the first page loads.
 */
export const THEME_COLOR = "#241c5c";
export const THEME_COLOR_DARK = "#0e0b20";
export const BACKGROUND_COLOR = "#f3f1fb";

const MANIFEST_PATH = "/manifest.webmanifest";

/**
 * The page's manifest, in the page's language. The language is in the URL rather than left to
 * the visitor's cookie or Accept-Language: browsers fetch a manifest without cookies, and a
 * cache keys on the URL.
 */
export function manifestHref(locale: LanguageCode): string {
  return `${MANIFEST_PATH}?lang=${encodeURIComponent(locale)}`;
}
