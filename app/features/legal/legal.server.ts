import type { LoaderFunctionArgs } from "@remix-run/node";
import type { LanguageCode } from "#contract/languages.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { fixedT } from "#app/utils/translations.server.ts";
import { dateTimeFormat } from "#app/utils/intl.ts";
import { detectLocale } from "#lib/visitor-language.ts";

const EFFECTIVE = "2026-11-21";

type Doc = "privacy" | "terms";

async function buildText(locale: LanguageCode, doc: Doc) {
  const t = fixedT(locale, "legal");
  const sections: { heading: string; body: string[] }[] = [];
  for (let i = 1; ; i++) {
    const key = `${doc}.s${i}`;
    if (!t(`${key}.heading`, { defaultValue: "" })) break;
    // The one setting a text names: how long the farm evidence is kept (privacy, anti-cheat).
    const body = t(`${key}.body`, { evidenceDays: getEnv().FARM_EVIDENCE_DAYS });
    sections.push({ heading: t(`${key}.heading`), body: body.split(/\n\n+/) });
  }
  const date = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(EFFECTIVE));
  return {
    title: t(`${doc}.title`),
    description: t(`${doc}.description`),
    updated: t(`${doc}.updated`, { date }),
    sections,
  };
}

// The texts never change while the server runs: each language's is built once, on first view.
const built = new Map<string, ReturnType<typeof buildText>>();

/**
 * The text of /privacy or /terms, translated on the server: these pages ship no
 * JavaScript, so their (long) namespace never travels to the browser.
 */
export async function legalLoader({ request }: LoaderFunctionArgs, doc: Doc) {
  const locale = await detectLocale(request);
  const key = `${locale}:${doc}`;
  if (!built.has(key)) built.set(key, buildText(locale, doc));
  return { ...(await built.get(key)!), publicUrl: getEnv().PUBLIC_URL };
}
