import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "./env.server.ts";
import { i18next } from "./i18next.server.ts";
import { detectLocale } from "./locale.server.ts";

const EFFECTIVE = "2026-11-21";

/**
 * The text of /privacy or /terms, translated on the server: these pages ship no
 * JavaScript, so their (long) namespace never travels to the browser.
 */
export async function legalLoader({ request }: LoaderFunctionArgs, doc: "privacy" | "terms") {
  const locale = await detectLocale(request);
  const t = await i18next.getFixedT(locale, "legal");
  const sections: { heading: string; body: string[] }[] = [];
  for (let i = 1; ; i++) {
    const key = `${doc}.s${i}`;
    if (!t(`${key}.heading`, { defaultValue: "" })) break;
    sections.push({ heading: t(`${key}.heading`), body: t(`${key}.body`).split(/\n\n+/) });
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(EFFECTIVE));
  return json({
    title: t(`${doc}.title`),
    description: t(`${doc}.description`),
    updated: t(`${doc}.updated`, { date }),
    sections,
    publicUrl: getEnv().PUBLIC_URL,
  });
}
