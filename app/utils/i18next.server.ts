import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInstance, type i18n, type Resource, type ResourceLanguage, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_CODES, type LanguageCode } from "../../contract/languages.ts";
import { i18nConfig, type Namespace } from "./i18n.ts";

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

/**
 * One ready i18next instance per language, made at start and shared by every render and
 * loader: nothing is created, initialised or cloned per request. Nobody changes an
 * instance's language, so sharing one between concurrent requests is safe.
 */
const instances = new Map<LanguageCode, i18n>(
  LANGUAGE_CODES.map((lng) => {
    const instance = createInstance();
    void instance.use(initReactI18next).init({
      ...i18nConfig,
      ns: Object.keys(resources.en ?? {}),
      lng,
      resources,
      react: { useSuspense: false },
      initImmediate: false,
    });
    return [lng, instance];
  }),
);

/** The shared instance of a language, for the server render. */
export function i18nFor(locale: LanguageCode): i18n {
  return instances.get(locale)!;
}

/** A translate function for one language and namespace, for loaders and actions. */
export function fixedT(locale: LanguageCode, ns: Namespace): TFunction {
  return i18nFor(locale).getFixedT(locale, ns);
}

/** The given namespaces in one language, for the root loader to embed in the page. */
export function resourcesFor(locale: LanguageCode, namespaces: readonly Namespace[]): Resource {
  const all = resources[locale] ?? {};
  return { [locale]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
}
