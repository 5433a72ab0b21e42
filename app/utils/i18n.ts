import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "../../contract/languages.ts";

/** Namespaces the browser may need: they travel inside the page's HTML. */
export const CLIENT_NAMESPACES = ["common", "auth", "errors", "airdrop"] as const;

/** The i18next settings shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: LANGUAGE_CODES,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: [...CLIENT_NAMESPACES],
  interpolation: { escapeValue: false },
};
