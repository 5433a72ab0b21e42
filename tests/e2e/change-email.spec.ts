import { isolate } from "#app/utils/format.ts";
import type { Page } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { mailedCode, mailMatching, strings, uniqueEmail } from "./helpers.ts";

/** The page fits 360 px: nothing scrolls sideways. */
async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** Every button and link in the page's card, and the fields, are at least 44 px tall. */
async function bigEnoughTargets(page: Page): Promise<void> {
  for (const target of await page.getByRole("main").locator("button:not([aria-hidden]), a, input:not([type=hidden])").all()) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
}

for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: from /settings, a new address, the code mailed there, and back to /settings showing it; the old address gets a notice`, async ({
    page,
  }) => {
    const t = strings(lng);
    const old = uniqueEmail(`old-${lng}`);
    const next = uniqueEmail(`new-${lng}`);
    await signedIn(page, { email: old, lng });
    await page.goto("/settings");
    await page.getByRole("link", { name: t("profile:emailChange.title") }).click();
    await expect(page).toHaveURL(/\/settings\/email$/);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1, name: t("profile:emailChange.title") })).toBeVisible();
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    if (lng !== "en") await shootBothThemes(page, `change-email-address-${lng}`);

    const since = Date.now();
    const address = page.getByLabel(t("profile:emailChange.newEmail"));
    await address.fill(next);
    await address.press("Enter");
    await expect(page.getByText(t("auth:codeSentTo", { email: isolate(next) }))).toBeVisible();
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    if (lng !== "en") await shootBothThemes(page, `change-email-code-${lng}`);
    const code = page.getByLabel(t("auth:code"));
    await code.fill(await mailedCode(next, since));
    await code.press("Enter");

    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("status").filter({ hasText: t("profile:emailChange.done") })).toBeVisible();
    await expect(page.getByText(next, { exact: true })).toBeVisible();
    await page.getByRole("link", { name: t("profile:emailChange.title") }).scrollIntoViewIfNeeded();
    await shootBothThemes(page, `change-email-done-${lng}`);
    const notice = await mailMatching(old, since, (m) => m.subject === t("mail:emailChanged.subject"));
    expect(notice.text).toContain("n***@example.com");
  });
}

test("en: the refusals show once, next to their field, and the page's buttons say what they do", async ({ page }) => {
  const t = strings("en");
  const own = uniqueEmail("own");
  const taken = uniqueEmail("taken");
  await signedIn(page, { email: taken });
  // Another person, on another browser.
  await page.context().clearCookies();
  await signedIn(page, { email: own });
  await page.goto("/settings/email");
  await page.getByLabel(t("profile:emailChange.newEmail")).fill(taken);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  const address = page.getByLabel(t("profile:emailChange.newEmail"));
  await expect(address).toHaveAccessibleDescription(t("errors:300125"));
  await expect(page.getByText(t("errors:300125"))).toHaveCount(1);
  await expect(address).toHaveValue(taken);
  await shootBothThemes(page, "change-email-taken-en");

  const next = uniqueEmail("fresh");
  const since = Date.now();
  await address.fill(next);
  await address.press("Enter");
  const code = page.getByLabel(t("auth:code"));
  await code.press("Enter");
  await expect(code).toHaveAccessibleDescription(new RegExp(t("auth:codeRequired")));
  const right = await mailedCode(next, since);
  await code.fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: t("profile:emailChange.confirm") }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(t("errors:300007"))).toHaveCount(1);
  await shootBothThemes(page, "change-email-code-en");
  await page.getByRole("link", { name: t("profile:emailChange.otherAddress") }).click();
  await expect(page.getByLabel(t("profile:emailChange.newEmail"))).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("en: the two steps are plain forms", async ({ page }) => {
    const t = strings("en");
    const next = uniqueEmail("nojs-new");
    await signedIn(page, { email: uniqueEmail("nojs-old") });
    await page.goto("/settings/email");
    const since = Date.now();
    await page.getByLabel(t("profile:emailChange.newEmail")).fill(next);
    await page.getByLabel(t("profile:emailChange.newEmail")).press("Enter");
    await page.getByLabel(t("auth:code")).fill(await mailedCode(next, since));
    await page.getByLabel(t("auth:code")).press("Enter");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("status").filter({ hasText: t("profile:emailChange.done") })).toBeVisible();
    await expect(page.getByText(next, { exact: true })).toBeVisible();
  });
});
