import { isolate, isolateNumbers } from "#app/utils/format.ts";
import { aliasOf, parseAlias } from "#contract/people.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E, mailFileIsFor } from "./env.ts";

type Dict = { [key: string]: string | Dict };

/** The UI strings of a language, read from locales/: tests find things by the words a person sees. */
export function strings(lng: string) {
  const load = (ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Dict;
  const all: Record<string, Dict> = Object.fromEntries(
    readdirSync(`locales/${lng}`)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f.slice(0, -5), load(f.slice(0, -5))]),
  );
  const plural = new Intl.PluralRules(lng);
  return (key: string, params: Record<string, string | number> = {}): string => {
    const [ns, path] = key.split(":");
    const parts = path.split(".");
    const last = parts.pop()!;
    let parent: string | Dict = all[ns];
    for (const part of parts) parent = (parent as Dict)[part];
    // A count picks the plural form as the app's translator does.
    const forms = typeof params.count === "number" ? [`${last}_${plural.select(params.count)}`, `${last}_other`, last] : [last];
    const node = forms.map((form) => (parent as Dict)[form]).find((text) => typeof text === "string");
    if (typeof node !== "string") throw new Error(`no string ${key} in ${lng}`);
    // As the page renders amounts and signed numbers: isolated, the unit kept on their line.
    return isolateNumbers(node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")));
  };
}

/** The friendly name a reader of `lng` sees for someone without a nickname ("Fox 42"), and its animal's emoji. */
export function aliasText(lng: string, displayId: string): { name: string; emoji: string } {
  const { key, number, emoji } = parseAlias(aliasOf(displayId))!;
  const t = strings(lng);
  return { name: t("people:alias", { animal: t(`people:animals.${key}`), number }), emoji };
}

/** The display id the Profile tab shows its user. */
export async function displayIdOn(page: Page): Promise<string> {
  await page.goto("/mine");
  const line = await page.getByText(/^ID \d+$/).textContent();
  return line!.replace("ID ", "").trim();
}

let counter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${process.pid}-${Date.now()}-${counter++}@example.com`;
}

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The List-* headers (`list-unsubscribe`, `list-unsubscribe-post`), by lower-case name. */
  headers: Record<string, string>;
  code: string;
}

/** Waits for a mail to this address, sent after `after` (ms), that `wanted` accepts. */
export async function mailMatching(
  email: string,
  after: number,
  wanted: (mail: Omit<CapturedMail, "code">) => boolean,
  timeoutMs = 15_000,
): Promise<Omit<CapturedMail, "code">> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(E2E.mailDir)
      .filter((file) => mailFileIsFor(file, email) && Number(file.split("-")[0]) >= after)
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(E2E.mailDir, file), "utf8")) as Omit<CapturedMail, "code">;
      if (mail.to.includes(email) && wanted(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no matching mail to ${email}`);
}

/** Waits for the OTP mail to this address to arrive at the test SMTP server. */
export async function mailTo(email: string, after = 0): Promise<CapturedMail> {
  const mail = await mailMatching(email, after, (m) => /\b\d{6}\b/.test(m.text));
  return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)![1] };
}

export async function mailedCode(email: string, after = 0): Promise<string> {
  return (await mailTo(email, after)).code;
}

/** Fills the e-mail, asks for a code and types the code that arrived by mail. */
export async function requestAndEnterCode(page: Page, email: string, lng = "en"): Promise<void> {
  const t = strings(lng);
  const since = Date.now();
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toBeVisible();
  await page.getByLabel(t("auth:code")).fill(await mailedCode(email, since));
}

/**
 * Signs up through the form, for the specs about signing up (auth, rtl, no-javascript, passkeys,
 * devices); every other test's account is made directly (signedIn, accounts.ts).
 */
export async function registerAs(page: Page, email: string, opts: { lng?: string; invite?: string } = {}): Promise<void> {
  const lng = opts.lng ?? "en";
  const t = strings(lng);
  await page.goto(`/register?ui_lang=${lng}${opts.invite ? `&invite=${opts.invite}` : ""}`);
  await requestAndEnterCode(page, email, lng);
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page).toHaveURL(/\/airdrop$/);
}

/** Starts the airdrop from its card, as a new user's first tap; the nickname is asked after it. */
export async function startAirdrop(page: Page, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.getByRole("button", { name: t("airdrop:status.start") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();
}

export async function loginAs(page: Page, email: string, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.goto(`/login`);
  await requestAndEnterCode(page, email, lng);
  await page.getByRole("button", { name: t("auth:logIn"), exact: true }).click();
}

export async function logout(page: Page, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.getByRole("link", { name: t("common:tabs.profile") }).click();
  await page.getByRole("link", { name: t("profile:logout") }).click();
  await page.getByRole("button", { name: t("profile:logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(E2E.shotsDir, `${name}.png`) });
}

/** Asks for a code for `email` on the current page and expects the error `code`, the e-mail kept. */
export async function sendCodeRefused(page: Page, email: string, code: number, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t(`errors:${code}`)));
  await expect(page.getByLabel(t("auth:email"))).toHaveValue(email);
}

/** Opens a signed-in page while signed out, logs in from the login page it leads to, and lands back on it. */
export async function loginThrough(page: Page, path: string, email: string, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  await requestAndEnterCode(page, email, lng);
  await page.getByRole("button", { name: t("auth:logIn"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/**
 * The phone keyboard's Go key on /register: Enter in the e-mail field sends the code, Enter in
 * an empty code field asks for the code next to the field, Enter with the code signs up.
 */
export async function signUpWithEnterKey(page: Page, email: string): Promise<void> {
  const t = strings("en");
  await page.goto("/register");
  const since = Date.now();
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByLabel(t("auth:email")).press("Enter");
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toBeVisible();
  const code = page.getByLabel(t("auth:code"));
  await code.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("auth:codeRequired")));
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(new RegExp(t("auth:codeRequired")));
  await code.fill(await mailedCode(email, since));
  await code.press("Enter");
  await expect(page).toHaveURL(/\/airdrop$/);
}
