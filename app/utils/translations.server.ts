import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from "#contract/languages.ts";
import type { Namespace } from "./i18n.ts";
import { translator, type Bundles, type Translator, type Values } from "./translate.ts";

const LOCALES_DIR = resolve("locales");

/** Every translation, read once at start: a page never waits on a file or a request for them. */
export const resources: Record<LanguageCode, Bundles> = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => {
    const dir = join(LOCALES_DIR, lng);
    const namespaces = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8"))]);
    return [lng, Object.fromEntries(namespaces) as Bundles];
  }),
) as Record<LanguageCode, Bundles>;

/** One translator per language over all its namespaces, made at start and shared by every request. */
const translators = new Map<LanguageCode, Translator>(
  LANGUAGE_CODES.map((lng) => [lng, translator(lng, resources[lng], lng === DEFAULT_LANGUAGE ? undefined : resources[DEFAULT_LANGUAGE])]),
);

/** The shared translator of a language, over all its namespaces: for loaders, actions and server-made texts. */
export function translatorFor(locale: LanguageCode): Translator {
  return translators.get(locale)!;
}

/** A translate function for one language and namespace, for loaders and actions. */
export function fixedT(locale: LanguageCode, ns: Namespace): (key: string, values?: Values) => string {
  const { t } = translatorFor(locale);
  return (key, values) => t(`${ns}:${key}`, values);
}

export interface PageTranslations {
  /** What the document carries for the browser (app/utils/page-translations.tsx); `<` escaped so no text can close the script. */
  json: string;
  /** The server render's translator over the same namespaces, so both sides say the same. */
  translator: Translator;
}

const pages = new Map<string, PageTranslations>();

/** The given namespaces of one language, for a document: made once per language and set of namespaces. */
export function pageTranslations(locale: LanguageCode, namespaces: readonly Namespace[]): PageTranslations {
  const key = `${locale}|${namespaces.join(",")}`;
  let page = pages.get(key);
  if (!page) {
    const bundles = resourcesFor(locale, namespaces)[locale];
    page = { json: JSON.stringify(bundles).replace(/</g, "\\u003c"), translator: translator(locale, bundles) };
    pages.set(key, page);
  }
  return page;
}

/** The given namespaces in one language, for the root loader to send with a page's data. */
export function resourcesFor(locale: LanguageCode, namespaces: readonly Namespace[]): Record<string, Bundles> {
  const all = resources[locale] ?? {};
  return { [locale]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
}
