import type { Page } from "@playwright/test";
import { LANGUAGE_CODES } from "#contract/languages.ts";
import { isolate } from "#app/utils/format.ts";
import { E2E } from "./env.ts";
import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { registerAs, strings, uniqueEmail } from "./helpers.ts";

const links = E2E.appLinks;
const INSTAGRAM =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 Instagram 298.0.0.31.110 Android (33/13; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 509113451)";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every visible link and button on the page that is smaller than a fingertip (44 px). */
async function smallTargets(page: Page): Promise<string[]> {
  const small: string[] = [];
  for (const target of await page.locator("a:visible, button:visible, summary:visible, input:visible").all()) {
    const box = await target.boundingBox();
    if (box && (box.height < 44 || box.width < 44)) small.push(`${await target.textContent()} ${box.width}x${box.height}`);
  }
  return small;
}

const top = async (page: Page, locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;

for (const lng of ["en", "ar"]) {
  const t = strings(lng);
  const dir = lng === "ar" ? "rtl" : "ltr";

  test.describe(`/download in ${lng}`, () => {
    test.describe("in an ordinary phone browser", () => {
      test.use({ userAgent: CHROME_ANDROID });

      test("the configured links as buttons, the version, no hint, no alert, no script, nothing sideways", async ({ page }) => {
        await page.goto(`/download?ui_lang=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("download:heading"));
        await expect(page.getByRole("heading", { level: 2 })).toHaveText([t("download:choose")]);
        await expect(page.getByRole("link", { name: t("download:apk") })).toHaveAttribute("href", links.APP_APK_URL);
        await expect(page.getByRole("link", { name: t("download:play") })).toHaveAttribute("href", links.APP_PLAY_URL);
        await expect(page.getByRole("link", { name: t("download:appStore") })).toHaveAttribute("href", links.APP_STORE_URL);
        await expect(page.getByText(t("download:version", { version: isolate(links.APP_VERSION) }))).toBeVisible();
        await expect(page.getByText(t("download:inApp.title"))).toHaveCount(0);
        await expect(page.getByLabel(t("download:inApp.linkLabel"))).toHaveCount(0);
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(page.locator("script")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        expect(await violations(page)).toEqual([]);
      });
    });

    test.describe("inside Instagram's browser", () => {
      test.use({ userAgent: INSTAGRAM });

      test("the open-in-your-browser hint with its steps and this page's link to copy, the buttons below it", async ({ page }) => {
        await page.goto(`/download?ui_lang=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        const hint = page.getByRole("region", { name: t("download:inApp.title") });
        await expect(hint).toBeVisible();
        await expect(hint.getByText(t("download:inApp.why", { app: isolate("Instagram") }))).toBeVisible();
        await expect(hint.getByRole("listitem")).toHaveText([
          t("download:inApp.step1"),
          t("download:inApp.step2"),
          t("download:inApp.step3"),
        ]);

        const field = page.getByLabel(t("download:inApp.linkLabel"));
        const url = `${E2E.baseUrl}/download?ui_lang=${lng}`;
        await expect(field).toHaveValue(url);
        await expect(field).not.toBeEditable();
        await expect(field).toHaveAccessibleDescription(t("download:inApp.linkHint"));
        // Selectable as it is, with no script: what a long press selects is the whole address.
        await field.selectText();
        expect(await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart!, el.selectionEnd!))).toBe(url);

        const apk = page.getByRole("link", { name: t("download:apk") });
        await expect(apk).toHaveAttribute("href", links.APP_APK_URL);
        expect(await top(page, apk)).toBeGreaterThan(await top(page, hint));
        await expect(page.getByRole("link", { name: t("download:play") })).toBeVisible();
        await expect(page.getByRole("link", { name: t("download:appStore") })).toBeVisible();
        await expect(page.locator("script")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        expect(await violations(page)).toEqual([]);
      });

      test("?failed=1 too: the alert first, then the hint", async ({ page }) => {
        await page.goto(`/download?failed=1&ui_lang=${lng}`);
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(t("download:failed"));
        expect(await top(page, alert)).toBeLessThan(await top(page, page.getByRole("region", { name: t("download:inApp.title") })));
        expect(await sideways(page)).toBe(0);
        expect(await violations(page)).toEqual([]);
      });
    });

    test("?failed=1: the download-failed alert near the top with a retry link to the APK, the other links still there", async ({
      page,
    }) => {
      await page.goto(`/download?failed=1&ui_lang=${lng}`);
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(t("download:failed"));
      await expect(alert.getByRole("link", { name: t("download:retry") })).toHaveAttribute("href", links.APP_APK_URL);
      expect(await top(page, alert)).toBeLessThan(await top(page, page.getByRole("heading", { name: t("download:choose") })));
      expect(await top(page, alert)).toBeLessThan(740 / 2);
      await expect(page.getByRole("link", { name: t("download:apk") })).toHaveAttribute("href", links.APP_APK_URL);
      await expect(page.getByRole("link", { name: t("download:play") })).toHaveAttribute("href", links.APP_PLAY_URL);
      await expect(page.getByRole("link", { name: t("download:appStore") })).toHaveAttribute("href", links.APP_STORE_URL);
      await expect(page.locator("script")).toHaveCount(0);
      expect(await sideways(page)).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
    });
  });
}

test("the language is chosen from the page's menu, without JavaScript, and the failed state stays", async ({ page }) => {
  const ar = strings("ar");
  await page.goto("/download?failed=1");
  await page.getByText(`${strings("en")("common:language")}: English`).click();
  await page.getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/download\?failed=1&ui_lang=ar$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar("download:heading"));
  await expect(page.getByRole("alert")).toContainText(ar("download:failed"));
});

test.describe("in every language", () => {
  test.use({ userAgent: INSTAGRAM });

  test("the fullest page (failed, in an app's browser) never scrolls sideways at 360 px", async ({ page }) => {
    test.setTimeout(120_000);
    const wide: string[] = [];
    for (const lng of LANGUAGE_CODES) {
      await page.goto(`/download?failed=1&ui_lang=${lng}`);
      if ((await sideways(page)) > 0) wide.push(lng);
    }
    expect(wide).toEqual([]);
  });
});

test("signed in, the page is the same", async ({ page }) => {
  const t = strings("en");
  await registerAs(page, uniqueEmail("download"));
  await page.goto("/download");
  await expect(page).toHaveURL(/\/download$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("download:heading"));
  await expect(page.getByRole("link", { name: t("download:apk") })).toHaveAttribute("href", links.APP_APK_URL);
  await expect(page.locator("script")).toHaveCount(0);
});
