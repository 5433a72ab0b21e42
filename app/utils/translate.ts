import type { LanguageCode } from "#contract/languages.ts";

/**
 * The web app's translator: the part of i18next the pages use (`ns:key.path` lookups,
 * `{{name}}` values and plural forms chosen by `count`) in a few hundred bytes, so the browser does not download an i18n
 * runtime (docs/decisions/020). The locale files keep i18next's JSON format: the API's
 * mail templates still read them with i18next.
 */
interface Bundle {
  [key: string]: string | Bundle;
}
/** Namespace name to its bundle, for one language. */
export type Bundles = Record<string, Bundle>;
export type Values = Record<string, string | number | undefined> & { defaultValue?: string };

export interface Translator {
  readonly language: LanguageCode;
  t(key: string, values?: Values): string;
  exists(key: string): boolean;
}

const DEFAULT_NS = "common";
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function lookup(bundles: Bundles, key: string): string | undefined {
  const colon = key.indexOf(":");
  let node: string | Bundle | undefined = bundles[colon > 0 ? key.slice(0, colon) : DEFAULT_NS];
  for (const part of key.slice(colon + 1).split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

// Made once per language and kept: building plural rules is far dearer than asking them.
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The keys that may hold a text for this count, in i18next's order: `key_zero` for 0 when a
 * language words nothing apart, the language's own form (`_one`, `_two`, `_few`, `_many`), then
 * `_other`, then the key itself.
 */
function candidates(language: string, key: string, count: unknown): string[] {
  if (typeof count !== "number") return [key];
  const forms = [`${key}_${pluralForm(language, count)}`, `${key}_other`, key];
  return count === 0 ? [`${key}_zero`, ...forms] : forms;
}

/** A translator over one language's bundles, and another language's to fall back on. */
export function translator(language: LanguageCode, bundles: Bundles, fallback?: Bundles): Translator {
  const lookupBoth = (key: string) => lookup(bundles, key) ?? (fallback ? lookup(fallback, key) : undefined);
  const find = (key: string, count?: unknown) => {
    for (const candidate of candidates(language, key, count)) {
      const text = lookupBoth(candidate);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  return {
    language,
    exists: (key) => find(key) !== undefined || lookupBoth(`${key}_other`) !== undefined,
    t(key, values) {
      const text = find(key, values?.count) ?? values?.defaultValue ?? key;
      if (!values) return text;
      // A value the caller did not give stays visible as its placeholder, as i18next does.
      return text.replace(PLACEHOLDER, (match, name: string) => (values[name] === undefined ? match : String(values[name])));
    },
  };
}
