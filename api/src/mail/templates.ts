import { readFileSync } from "node:fs";
import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, languageDir, normalizeLanguage } from "../../../contract/languages.ts";
import type { MailMessage } from "./mailer.ts";

const resources = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => [
    lng,
    { mail: JSON.parse(readFileSync(new URL(`../../../locales/${lng}/mail.json`, import.meta.url), "utf8")) },
  ]),
);

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  ns: ["mail"],
  defaultNS: "mail",
  interpolation: { escapeValue: false },
  initImmediate: false,
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function tFor(language: string | undefined): { t: TFunction; lng: string } {
  const lng = normalizeLanguage(language) ?? DEFAULT_LANGUAGE;
  return { t: i18n.getFixedT(lng, "mail"), lng };
}

/** The one-time-code e-mail, in plain text and simple HTML, in the reader's language. */
export function otpMail(input: { to: string; code: string; minutes: number; purpose: "register" | "login"; language?: string }): MailMessage {
  const { t, lng } = tFor(input.language);
  const intro = t(input.purpose === "register" ? "otp.introRegister" : "otp.introLogin");
  const expires = t("otp.expires", { minutes: input.minutes });
  const ignore = t("otp.ignore");
  const subject = t("otp.subject", { code: input.code });
  const dir = languageDir(lng as never);
  return {
    to: input.to,
    subject,
    text: `${intro}\n\n${input.code}\n\n${expires}\n\n${ignore}\n\n— VV\n`,
    html: `<!doctype html><html lang="${lng}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#1a1a2e">
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${input.code}</p>
<p>${escapeHtml(expires)}</p>
<p style="color:#555">${escapeHtml(ignore)}</p>
<p>— VV</p></body></html>`,
  };
}
