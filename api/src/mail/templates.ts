import { readFileSync } from "node:fs";
import i18next, { type TFunction } from "i18next";
import { BROWSER_NAMES, OS_NAMES } from "#contract/device-names.ts";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, languageDir, normalizeLanguage } from "#contract/languages.ts";
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

/** The HTML part: the reader's language and direction around the given paragraphs, signed. */
function htmlPage(lng: string, paragraphs: string): string {
  return `<!doctype html><html lang="${lng}" dir="${languageDir(lng as never)}"><body style="font-family:system-ui,sans-serif;color:#1a1a2e">
${paragraphs}
<p>— VV</p></body></html>`;
}

/** The one thing the reader can do, as a button. */
function actionButton(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#5b3df5;color:#fff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

const OTP_INTROS = { register: "otp.introRegister", login: "otp.introLogin", change_email: "otp.introChangeEmail" } as const;

/** The one-time-code e-mail, in plain text and simple HTML, in the reader's language. */
export function otpMail(input: {
  to: string;
  code: string;
  minutes: number;
  purpose: "register" | "login" | "change_email";
  language?: string;
}): MailMessage {
  const { t, lng } = tFor(input.language);
  const intro = t(OTP_INTROS[input.purpose]);
  const expires = t("otp.expires", { minutes: input.minutes });
  const ignore = t("otp.ignore");
  return {
    to: input.to,
    subject: t("otp.subject", { code: input.code }),
    text: `${intro}\n\n${input.code}\n\n${expires}\n\n${ignore}\n\n— VV\n`,
    html: htmlPage(
      lng,
      `<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${input.code}</p>
<p>${escapeHtml(expires)}</p>
<p style="color:#555">${escapeHtml(ignore)}</p>`,
    ),
  };
}

/** "n***@example.com": enough for the owner to recognise, too little to hand a stranger the new address. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** The notice to the old address that the account's e-mail changed, in the account's language. */
export function emailChangedMail(input: { to: string; newEmail: string; language?: string }): MailMessage {
  const { t, lng } = tFor(input.language);
  const masked = maskEmail(input.newEmail);
  const changed = t("emailChanged.body", { email: masked });
  const notYou = t("emailChanged.notYou");
  return {
    to: input.to,
    subject: t("emailChanged.subject"),
    text: `${changed}\n\n${notYou}\n\n— VV\n`,
    // An address keeps its own left-to-right order inside an Arabic or Urdu sentence.
    html: htmlPage(
      lng,
      `<p>${escapeHtml(changed).replace(escapeHtml(masked), `<bdi>${escapeHtml(masked)}</bdi>`)}</p>\n<p style="color:#555">${escapeHtml(notYou)}</p>`,
    ),
  };
}

interface ReminderInput {
  to: string;
  from: string;
  claimUrl: string;
  language?: string;
}

type ReminderWords = Record<"subject" | "intro" | "body" | "action" | "why", string>;

/** A teammate's reminder with the given words (keys) in the reader's language, with the link to the airdrop. */
function teammateMail(words: ReminderWords, input: ReminderInput): MailMessage {
  const { t, lng } = tFor(input.language);
  const intro = t(words.intro, { name: input.from });
  const body = t(words.body);
  const action = t(words.action);
  const why = t(words.why);
  return {
    to: input.to,
    subject: t(words.subject, { name: input.from }),
    text: `${intro}\n\n${body}\n\n${action}: ${input.claimUrl}\n\n${why}\n\n— VV\n`,
    html: htmlPage(
      lng,
      `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(body)}</p>
${actionButton(input.claimUrl, action)}
<p style="color:#555">${escapeHtml(why)}</p>`,
    ),
  };
}

/** The reminder to a teammate whose airdrop is paused, in the teammate's language, with the link to claim. */
export const reminderMail = (input: ReminderInput): MailMessage =>
  teammateMail(
    { subject: "remind.subject", intro: "remind.intro", body: "remind.body", action: "remind.action", why: "remind.why" },
    input,
  );

/** The nudge to a friend who registered but never started the airdrop, with the link to start it. */
export const nudgeMail = (input: ReminderInput): MailMessage =>
  teammateMail({ subject: "nudge.subject", intro: "nudge.intro", body: "nudge.body", action: "nudge.action", why: "nudge.why" }, input);

/**
 * The round e-mail (opt-in, at most one a day): the VV waiting to be claimed, with the
 * one-click unsubscribe of RFC 8058 (`List-Unsubscribe` with the https link, which a mail
 * client POSTs to, and `List-Unsubscribe-Post`), and the same link in the text.
 */
export function roundMail(input: {
  to: string;
  amount: string;
  claimUrl: string;
  unsubscribeUrl: string;
  /** A mailbox someone reads, also offered to clients that unsubscribe by mail. */
  unsubscribeAddress?: string;
  language?: string;
}): MailMessage {
  const { t, lng } = tFor(input.language);
  const intro = t("round.intro", { amount: input.amount });
  const body = t("round.body");
  const action = t("round.action");
  const why = t("round.why");
  const unsubscribe = t("round.unsubscribe");
  const targets = [`<${input.unsubscribeUrl}>`];
  if (input.unsubscribeAddress) targets.push(`<mailto:${input.unsubscribeAddress}?subject=unsubscribe>`);
  return {
    to: input.to,
    subject: t("round.subject", { amount: input.amount }),
    text: `${intro}\n\n${body}\n\n${action}: ${input.claimUrl}\n\n${why}\n${unsubscribe}: ${input.unsubscribeUrl}\n\n— VV\n`,
    html: htmlPage(
      lng,
      `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(body)}</p>
${actionButton(input.claimUrl, action)}
<p style="color:#555">${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`,
    ),
    headers: { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** "Android Chrome": the system, then the browser (or the VV app), as the reader's language names them. */
function deviceName(t: TFunction, browser: string, os: string): string {
  const browserName = browser === "app" ? t("newDevice.app") : BROWSER_NAMES[browser as keyof typeof BROWSER_NAMES];
  const parts = [OS_NAMES[os as keyof typeof OS_NAMES], browserName].filter(Boolean);
  return parts.length ? parts.join(" ") : t("newDevice.unknown");
}

/** A sign-in from a device the account had never used, with the link that signs that session out. */
export function newDeviceMail(input: { to: string; browser: string; os: string; endUrl: string; language?: string }): MailMessage {
  const { t, lng } = tFor(input.language);
  const device = deviceName(t, input.browser, input.os);
  const intro = t("newDevice.intro", { device });
  const ifYou = t("newDevice.ifYou");
  const action = t("newDevice.action");
  return {
    to: input.to,
    subject: t("newDevice.subject", { device }),
    text: `${intro}\n\n${ifYou}\n\n${action}: ${input.endUrl}\n\n— VV\n`,
    html: htmlPage(
      lng,
      `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(ifYou)}</p>
${actionButton(input.endUrl, action)}`,
    ),
  };
}

/** What an operator decided on the account's appeal: open again, with the way in; or upheld, with when it may appeal again. */
export function appealOutcomeMail(
  input: { to: string; language?: string } & ({ lifted: true; signInUrl: string } | { lifted: false; againDays: number }),
): MailMessage {
  const { t, lng } = tFor(input.language);
  if (input.lifted) {
    const body = t("appeal.lifted");
    const action = t("appeal.liftedAction");
    return {
      to: input.to,
      subject: t("appeal.liftedSubject"),
      text: `${body}\n\n${action}: ${input.signInUrl}\n\n— VV\n`,
      html: htmlPage(lng, `<p>${escapeHtml(body)}</p>\n${actionButton(input.signInUrl, action)}`),
    };
  }
  const body = t("appeal.upheld");
  const again = t("appeal.again", { days: input.againDays });
  return {
    to: input.to,
    subject: t("appeal.upheldSubject"),
    text: `${body}\n\n${again}\n\n— VV\n`,
    html: htmlPage(lng, `<p>${escapeHtml(body)}</p>\n<p>${escapeHtml(again)}</p>`),
  };
}
