import { cloneElement, createContext, Fragment, useContext, type ReactElement, type ReactNode } from "react";
import { DEFAULT_LANGUAGE } from "#contract/languages.ts";
import { translator, type Translator, type Values } from "./translate.ts";

const TranslatorContext = createContext<Translator>(translator(DEFAULT_LANGUAGE, {}));

/** Puts the page's translator in reach of every component below. */
export const TranslatorProvider = TranslatorContext.Provider;

/** The page's translator: `t` translates, `i18n` says the language and whether a key exists. */
export function useTranslation(): { t: Translator["t"]; i18n: Translator } {
  const current = useContext(TranslatorContext);
  return { t: current.t, i18n: current };
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A sentence with links inside (`…the <terms>Terms</terms>…`): each tag's text goes into the
 * given component, so translators can move the links wherever their grammar needs them.
 */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: Values; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(text.slice(last, match.index));
    const component = components[match[1]];
    parts.push(component ? cloneElement(component, { key: match.index }, match[2]) : match[2]);
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
