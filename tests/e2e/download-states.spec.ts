import type { Page } from "@playwright/test";
import { isolate } from "#app/utils/format.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { AGENTS, sideways, smallTargets } from "./download-page.ts";
import { expect, test } from "./fixtures.ts";
import { strings } from "./helpers.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

// Servers of the spec's own, with fewer download links than the main one: none at all, and the APK alone.
let none: OwnServer | undefined;
let apkOnly: OwnServer | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [noLinks, apk] = await Promise.allSettled([
    startOwnServer({ tag: "download_none", port: E2E.port + 14, apiPort: E2E.apiPort + 14 }),
    startOwnServer({
      tag: "download_apk",
      port: E2E.port + 15,
      apiPort: E2E.apiPort + 15,
      env: { APP_APK_URL: E2E.appLinks.APP_APK_URL, APP_VERSION: E2E.appLinks.APP_VERSION },
    }),
  ]);
  if (noLinks.status === "fulfilled") none = noLinks.value;
  if (apk.status === "fulfilled") apkOnly = apk.value;
  for (const start of [noLinks, apk]) if (start.status === "rejected") throw start.reason;
});
test.afterAll(async () => {
  await Promise.all([none?.stop(), apkOnly?.stop()]);
});

/** A browser's offer to install, as Chromium makes one; the page's answer to it is counted in `prompted`. */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed"): Promise<void> {
  await page.evaluate((outcome) => {
    const offer = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<object>;
    };
    const state = window as unknown as { prompted?: number };
    offer.prompt = async () => void (state.prompted = (state.prompted ?? 0) + 1);
    offer.userChoice = new Promise((resolve) => setTimeout(() => resolve({ outcome }), 300));
    window.dispatchEvent(offer);
  }, outcome);
}

for (const lng of ["en", "ar", "ta"]) {
  const t = strings(lng);

  test.describe(`${lng}: with no app configured`, () => {
    test.describe("inside Facebook's browser on an iPhone", () => {
      test.use({ userAgent: AGENTS.facebookIphone });

      test("out of it to add VV to the home screen, not to download; no failed alert, no “coming soon”", async ({ page }) => {
        await page.goto(`${none!.baseUrl}/download?failed=1&ui_lang=${lng}`);
        const hint = page.getByRole("region", { name: t("download:inApp.title") });
        await expect(hint).toContainText(t("download:inApp.whyHomeScreen", { app: isolate("Facebook") }));
        await expect(hint).not.toContainText(t("download:inApp.why", { app: isolate("Facebook") }));
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(page.getByText(t("download:failed"))).toHaveCount(0);

        const home = page.getByRole("region", { name: t("download:home.title") });
        await expect(home).toContainText(t("download:home.notYet"));
        await expect(home.getByRole("heading", { level: 3 })).toHaveText([t("download:home.iosTitle")]);
        await expect(home.getByRole("listitem")).toHaveText([t("download:home.ios1"), t("download:home.ios2"), t("download:home.ios3")]);
        // A social app's browser never offers to install: no button, and nothing to run.
        await expect(page.getByRole("button", { name: t("download:home.button") })).toHaveCount(0);
        await expect(page.locator("script")).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("download:apk") })).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-none-facebook-${lng}`);
      });
    });

    test.describe("in Chrome on Android", () => {
      test.use({ userAgent: AGENTS.chromeAndroid });

      test("no failed alert; the steps, and the browser's own install button in their place when it offers one", async ({ page }) => {
        await page.goto(`${none!.baseUrl}/download?failed=1&ui_lang=${lng}`);
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(page.getByRole("region", { name: t("download:inApp.title") })).toHaveCount(0);
        const home = page.getByRole("region", { name: t("download:home.title") });
        await expect(home.getByRole("heading", { level: 3 })).toHaveText([t("download:home.androidTitle")]);
        const steps = home.getByRole("listitem");
        await expect(steps).toHaveText([t("download:home.android1"), t("download:home.android2"), t("download:home.android3")]);
        const install = page.getByRole("button", { name: t("download:home.button") });
        await expect(install).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        await shootBothThemes(page, `download-none-android-${lng}`);

        await offerInstall(page, "dismissed");
        await expect(install).toBeVisible();
        await expect(steps).toHaveCount(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-none-android-offered-${lng}`);
        await install.click();
        expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
        await expect(install).toHaveCount(0);
        // Dismissed: the steps are the way left.
        await expect(steps).toHaveCount(3);
      });

      test("accepted, the button goes and the steps stay away", async ({ page }) => {
        await page.goto(`${none!.baseUrl}/download?ui_lang=${lng}`);
        await offerInstall(page, "accepted");
        const install = page.getByRole("button", { name: t("download:home.button") });
        await install.click();
        await expect(install).toHaveCount(0);
        await page.waitForTimeout(600);
        await expect(page.getByRole("region", { name: t("download:home.title") }).getByRole("listitem")).toHaveCount(0);
      });
    });

    test("on a computer, both phones' steps", async ({ page }) => {
      await page.goto(`${none!.baseUrl}/download?ui_lang=${lng}`);
      const home = page.getByRole("region", { name: t("download:home.title") });
      await expect(home.getByRole("heading", { level: 3 })).toHaveText([t("download:home.androidTitle"), t("download:home.iosTitle")]);
      expect(await sideways(page)).toBe(0);
    });
  });

  test.describe(`${lng}: with the APK alone`, () => {
    test.describe("in Safari on an iPhone", () => {
      test.use({ userAgent: AGENTS.safariIphone });

      test("no APK and no failed alert for one; VV on the home screen instead, as there is no iPhone app yet", async ({ page }) => {
        await page.goto(`${apkOnly!.baseUrl}/download?failed=1&ui_lang=${lng}`);
        await expect(page.getByRole("alert")).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("download:apk") })).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("download:retry") })).toHaveCount(0);
        const home = page.getByRole("region", { name: t("download:home.title") });
        await expect(home).toContainText(t("download:home.notOnIphone"));
        await expect(home.getByRole("listitem")).toHaveText([t("download:home.ios1"), t("download:home.ios2"), t("download:home.ios3")]);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-apk-iphone-${lng}`);
      });
    });

    test.describe("inside Telegram's browser on Android", () => {
      test.use({ userAgent: AGENTS.telegramAndroid });

      test("?failed=1: why it failed here, the way out to download it, then the APK, and no word of stores", async ({ page }) => {
        await page.goto(`${apkOnly!.baseUrl}/download?failed=1&ui_lang=${lng}`);
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(t("download:failedInApp", { app: isolate("Telegram") }));
        await expect(alert.getByRole("link")).toHaveCount(0);
        await expect(page.getByRole("region", { name: t("download:inApp.title") })).toContainText(
          t("download:inApp.why", { app: isolate("Telegram") }),
        );
        await expect(page.getByRole("region", { name: t("download:forAndroid") }).getByRole("link")).toHaveText([t("download:apk")]);
        await expect(page.getByText(t("download:failedOr"))).toHaveCount(0);
        await expect(page.getByRole("region", { name: t("download:home.title") })).toHaveCount(0);
        expect(await sideways(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await shootBothThemes(page, `download-apk-telegram-failed-${lng}`);
      });
    });

    test.describe("in Chrome on Android", () => {
      test.use({ userAgent: AGENTS.chromeAndroid });

      test("?failed=1: the retry, and no word of stores that are not there", async ({ page }) => {
        await page.goto(`${apkOnly!.baseUrl}/download?failed=1&ui_lang=${lng}`);
        const alert = page.getByRole("alert");
        await expect(alert.getByRole("link")).toHaveText([t("download:retry")]);
        await expect(alert.getByRole("link")).toHaveAttribute("href", E2E.appLinks.APP_APK_URL);
        await expect(page.getByText(t("download:failedOr"))).toHaveCount(0);
        await shootBothThemes(page, `download-apk-android-failed-${lng}`);
      });
    });
  });
}
