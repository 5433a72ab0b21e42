import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { RemixI18Next } from "remix-i18next/server";
import type { Resource, ResourceLanguage } from "i18next";
import { LANGUAGE_CODES, type LanguageCode } from "../../contract/languages.ts";
import { i18nConfig, type Namespace } from "./i18n.ts";
import { detectLocale } from "./locale.server.ts";

const LOCALES_DIR = resolve("locales");

/** Every translation, read once at start: a page never waits on a file or a request for them. */
export const resources: Resource = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => {
    const dir = join(LOCALES_DIR, lng);
    const namespaces = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8"))]);
    return [lng, Object.fromEntries(namespaces) as ResourceLanguage];
  }),
);

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGE_CODES],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ["custom"],
    findLocale: async (request) => detectLocale(request),
  },
  i18next: { ...i18nConfig, resources },
});

/** The given namespaces in one language, for the root loader to embed in the page. */
export function resourcesFor(locale: LanguageCode, namespaces: readonly Namespace[]): Resource {
  const all = resources[locale] ?? {};
  return { [locale]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
}
