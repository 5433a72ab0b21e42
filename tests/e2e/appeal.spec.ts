import type { Page } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { loginAs, logout, mailMatching, strings, uniqueEmail } from "./helpers.ts";
import { runOps } from "./ops.ts";

/**
 * A banned account's way back (decision 066), as its owner meets it: the next page they open, or
 * their next sign-in, shows why in their language and lets them appeal; an operator's decision
 * (here through the CLI, the console's twin) reaches them by e-mail and on the page.
 */

type T = ReturnType<typeof strings>;

const APPEAL = "My brother and I share this phone. We each have one account and never used a script.";

/** A translated text with a date in it, whatever the date. */
const withDate = (t: T, key: string) =>
  new RegExp(
    t(key, { date: "\u0000" })
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace("\u0000", ".+"),
  );

/** An appeal's text that names the test, so `ops appeals` tells it from the others of the run. */
const appealText = (tag: string) => `${APPEAL} [${tag}]`;

/** The id of the waiting appeal with this tag, from `ops appeals`. */
async function appealIdOf(tag: string): Promise<string> {
  const line = (await runOps("appeals")).split("\n").find((l) => l.includes(`[${tag}]`));
  expect(line, `an appeal [${tag}] waits`).toBeTruthy();
  return line!.split("\t")[0]!;
}

async function bannedPage(page: Page, t: T, reason: string): Promise<void> {
  await expect(page).toHaveURL(/\/appeal$/);
  await expect(page.getByRole("heading", { level: 1, name: t("appeal:title") })).toBeVisible();
  await expect(page.getByText(t(`moderation:ban.${reason}`))).toBeVisible();
}

for (const lng of ["ar", "ta"]) {
  test(`${lng}: banned while signed in, the next page says why; an appeal too short is refused by its field, then sent; upheld, the page and an e-mail say so`, async ({
    page,
  }) => {
    const t = strings(lng);
    const email = uniqueEmail(`appeal-${lng}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await signedIn(page, { email, lng });
    expect(await runOps("ban-user", email, "multiple_accounts")).toBe(`banned ${email}`);

    await page.reload();
    await bannedPage(page, t, "multiple_accounts");
    await shootBothThemes(page, `appeal-form-${lng}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Another site cannot send an appeal in their name, pass cookie and all.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const forged = await page.request.post("/appeal", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", cookie },
      form: { text: `${APPEAL} (forged)` },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    const field = page.getByLabel(t("appeal:label"));
    await field.fill("Too short.");
    await field.press("Enter");
    await expect(field).toHaveValue("Too short.\n");
    await page.getByRole("button", { name: t("appeal:send") }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(t("errors:300142"))).toHaveCount(1);
    await expect(field).toHaveValue("Too short.");

    await field.fill(appealText(email));
    await page.getByRole("button", { name: t("appeal:send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("appeal:sent") })).toBeVisible();
    await expect(page.getByText(withDate(t, "appeal:waiting"))).toBeVisible();
    await expect(page.getByLabel(t("appeal:label"))).toHaveCount(0);

    const since = Date.now();
    expect(await runOps("appeal-uphold", await appealIdOf(email), "one", "phone", "many", "accounts")).toMatch(/the ban stays/);
    const mail = await mailMatching(email, since, (m) => m.subject === t("mail:appeal.upheldSubject"));
    expect(mail.text).toContain(t("mail:appeal.upheld"));
    await page.reload();
    await expect(page.getByText(withDate(t, "appeal:upheld"))).toBeVisible();
    await expect(page.getByText(withDate(t, "appeal:againAfter"))).toBeVisible();
    await shootBothThemes(page, `appeal-upheld-${lng}`);
  });
}

test("banned while signed out, the sign-in leads to the appeal; lifted, the page leads to sign in again", async ({ page }) => {
  const t = strings("en");
  const email = uniqueEmail("appeal-signin");
  await page.setViewportSize({ width: 360, height: 740 });
  await signedIn(page, { email });
  await logout(page);
  await runOps("ban-user", email, "bot");

  await loginAs(page, email);
  await bannedPage(page, t, "bot");
  await expect(page.getByText(withDate(t, "appeal:since"))).toBeVisible();
  await shootBothThemes(page, "appeal-form-en");
  await page.getByLabel(t("appeal:label")).fill(appealText(email));
  await page.getByRole("button", { name: t("appeal:send") }).click();
  await expect(page.getByText(withDate(t, "appeal:waiting"))).toBeVisible();

  const since = Date.now();
  await runOps("appeal-lift", await appealIdOf(email));
  const mail = await mailMatching(email, since, (m) => m.subject === t("mail:appeal.liftedSubject"));
  expect(mail.text).toMatch(/\/login\?ui_lang=en/);
  await page.reload();
  await expect(page.getByText(t("appeal:lifted"))).toBeVisible();
  await page.getByRole("link", { name: t("appeal:signInAction") }).click();
  // Signing in again needs a new code, a minute after the last (the API test signs in).
  await expect(page.getByLabel(t("auth:email"))).toBeVisible();
});

test("without a pass the page asks to sign in, and says nothing about any account", async ({ page }) => {
  const t = strings("en");
  await page.goto("/appeal");
  await expect(page.getByRole("heading", { level: 1, name: t("appeal:pageTitle") })).toBeVisible();
  await expect(page.getByText(t("appeal:signIn"))).toBeVisible();
  await expect(page.getByRole("link", { name: t("appeal:signInAction") })).toHaveAttribute("href", "/login");
  await expect(page.getByLabel(t("appeal:label"))).toHaveCount(0);
});
