import { LANGUAGE_CODES } from "#contract/languages.ts";
import { isolate } from "#app/utils/format.ts";
import { E2E } from "./env.ts";
import { shootBothThemes, violations } from "./axe.ts";
import { AGENTS, sideways, smallTargets, top } from "./download-page.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

// The main server of the run has every link configured; download-states.spec.ts has servers with fewer.
const links = E2E.appLinks;

for (const lng of ["en", "ar", "ta"]) {
  const t = strings(lng);
  const dir = lng === "ar" ? "rtl" : "ltr";

  test.describe(`/download in ${lng}`, () => {
    test.describe("in an ordinary Android browser", () => {
      test.use({ userAgent: AGENTS.chromeAndroid });

      test("the APK, then Google Play, the version, no App Store, no hint, no alert, no script, nothing sideways", async ({ page }) => {
        await page.goto(`/download?ui_lang=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("dir", dir);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("download:heading"));
        await expect(page.getByRole("heading", { level: 2 })).toHaveText([t("download:forAndroid")]);
        const apk = page.getByRole("link", { name: t("download:apk") });
        const play = page.getByRole("link", { name: t("download:play") });
        await expect(apk).toHaveAttribute("href", links.APP_APK_URL);
        await expect(play).toHaveAttribute("href", links.APP_PLAY_URL);
        expect(await top(apk)).toBeLessThan(await top(play));
        await expect(page.getByRole("link", { name: t("download:appStore") })).toHaveCount(0);
        await expect(page.getByText(t("download:version", { version: isolate(links.APP_VERSION) }))).toBeVisible();
        await expect(page.getByText(t("download:inApp.title"))).toHaveCount(0);
        await expect(page.getByLabel(t("download:inApp.linkLabel"))).toHaveCount(0);
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(page.locator("script")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-android-${lng}`);
      });

      test("?failed=1: the alert at the top with the retry and Google Play as the way around it, nothing repeated below", async ({
        page,
      }) => {
        await page.goto(`/download?failed=1&ui_lang=${lng}`);
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(t("download:failed"));
        await expect(alert.getByRole("link", { name: t("download:retry") })).toHaveAttribute("href", links.APP_APK_URL);
        await expect(alert).toContainText(t("download:failedOr"));
        await expect(alert.getByRole("link", { name: t("download:play") })).toHaveAttribute("href", links.APP_PLAY_URL);
        expect(await top(alert)).toBeLessThan(740 / 2);
        await expect(page.getByRole("link", { name: t("download:appStore") })).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("download:apk") })).toHaveCount(0);
        await expect(page.getByRole("heading", { level: 2 })).toHaveCount(0);
        await expect(page.locator("script")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-android-failed-${lng}`);
      });
    });

    test.describe("in Safari on an iPhone", () => {
      test.use({ userAgent: AGENTS.safariIphone });

      test("the App Store as the one main action: no APK an iPhone cannot open, and no failed alert for one", async ({ page }) => {
        await page.goto(`/download?failed=1&ui_lang=${lng}`);
        await expect(page.getByRole("heading", { level: 2 })).toHaveText([t("download:forIphone")]);
        const store = page.getByRole("link", { name: t("download:appStore") });
        await expect(store).toHaveAttribute("href", links.APP_STORE_URL);
        await expect(store).toHaveClass("button button--block");
        await expect(page.getByRole("link", { name: t("download:apk") })).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("download:play") })).toHaveCount(0);
        await expect(page.getByText(t("download:apkHint"))).toHaveCount(0);
        await expect(page.getByRole("alert")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-iphone-${lng}`);
      });
    });

    test.describe("inside Instagram's browser", () => {
      test.use({ userAgent: AGENTS.instagramAndroid });

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
        expect(await top(apk)).toBeGreaterThan(await top(hint));
        await expect(page.getByRole("link", { name: t("download:play") })).toBeVisible();
        await expect(page.locator("script")).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        expect(await violations(page)).toEqual([]);
      });

      test("?failed=1 too: the alert says why it failed here and offers no retry that would fail again, then the way out", async ({
        page,
      }) => {
        await page.goto(`/download?failed=1&ui_lang=${lng}`);
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(t("download:failed"));
        await expect(alert).toContainText(t("download:failedInApp", { app: isolate("Instagram") }));
        await expect(alert.getByRole("link")).toHaveCount(0);
        const hint = page.getByRole("region", { name: t("download:inApp.title") });
        expect(await top(alert)).toBeLessThan(await top(hint));
        await expect(hint).toContainText(t("download:inApp.why", { app: isolate("Instagram") }));
        expect(await sideways(page)).toBe(0);
        await shootBothThemes(page, `download-instagram-failed-${lng}`);
      });
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

test.describe("on a computer", () => {
  test("every link, the APK first; ?failed=1 puts the retry and both stores in the alert", async ({ page }) => {
    const t = strings("en");
    await page.goto("/download");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([t("download:choose")]);
    await expect(page.getByRole("region", { name: t("download:choose") }).getByRole("link")).toHaveText([
      t("download:apk"),
      t("download:play"),
      t("download:appStore"),
    ]);
    await page.goto("/download?failed=1");
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("link")).toHaveText([t("download:retry"), t("download:play"), t("download:appStore")]);
  });
});

test.describe("in every language", () => {
  test.use({ userAgent: AGENTS.instagramAndroid });

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
  await signedIn(page, { email: uniqueEmail("download") });
  await page.goto("/download");
  await expect(page).toHaveURL(/\/download$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("download:heading"));
  await expect(page.getByRole("link", { name: t("download:apk") })).toHaveAttribute("href", links.APP_APK_URL);
  await expect(page.locator("script")).toHaveCount(0);
});
