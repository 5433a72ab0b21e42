import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { mailMatching, requestAndEnterCode, strings, uniqueEmail } from "./helpers.ts";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

// The fixture's page is the phone that looks at the list; the first sign-in is on another phone.
test.use({ userAgent: IPHONE_SAFARI });

/** Signs the account in on the fixture's page, in its language, and lands on /airdrop. */
async function signInHere(page: Page, email: string, lng: string): Promise<void> {
  await page.goto(`/login?ui_lang=${lng}`);
  await requestAndEnterCode(page, email, lng);
  await page.getByRole("button", { name: strings(lng)("auth:logIn"), exact: true }).click();
  await expect(page).toHaveURL(/\/airdrop$/);
}

for (const lng of ["en", "ar", "ta"]) {
  test(`one device signs another out from Your devices (${lng})`, async ({ page, browser }) => {
    const t = strings(lng);
    const email = uniqueEmail(`sessions-${lng}`);
    const first = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 360, height: 740 }, userAgent: ANDROID_CHROME });
    const firstPage = await first.newPage();
    await signedIn(firstPage, { email, lng });

    await signInHere(page, email, lng);

    await page.goto("/settings");
    await page.getByRole("link", { name: t("profile:sessions.title") }).click();
    await expect(page).toHaveURL(/\/settings\/sessions$/);
    const list = page.getByRole("list", { name: t("profile:sessions.heading") });
    const mine = list.getByRole("listitem").filter({ hasText: t("profile:sessions.current") });
    await expect(mine.getByRole("heading", { name: "iOS Safari" })).toBeVisible();
    await expect(mine.getByRole("button")).toHaveCount(0);
    await expect(list.getByRole("heading", { name: "Android Chrome" })).toBeVisible();
    await shootBothThemes(page, `sessions-${lng}`);

    await page.getByRole("button", { name: t("profile:sessions.endOne", { device: "Android Chrome" }) }).click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:sessions.ended") })).toBeVisible();
    await expect(list.getByRole("heading", { name: "Android Chrome" })).toHaveCount(0);
    await expect(page.getByText(t("profile:sessions.none"))).toBeVisible();

    // The other phone is signed out: its next page asks it to sign in.
    await firstPage.goto("/settings");
    await expect(firstPage).toHaveURL(/\/login/);
    await first.close();
  });
}

test("the new-device e-mail's link asks first, then signs that device out", async ({ page, browser }) => {
  const t = strings("en");
  const email = uniqueEmail("sessions-link");
  const home = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 360, height: 740 } });
  const homePage = await home.newPage();
  await signedIn(homePage, { email });
  const since = Date.now();
  await signInHere(page, email, "en");

  const mail = await mailMatching(email, since, (m) => m.text.includes("/sessions/end?"));
  expect(mail.subject).toBe("New sign-in on iOS Safari. Not you?");
  const link = new URL(/https?:\/\/\S+\/sessions\/end\?\S+/.exec(mail.text)![0]);
  await homePage.goto(link.pathname + link.search);
  await expect(homePage.getByRole("heading", { name: t("profile:sessionEnd.title") })).toBeVisible();
  // Opening the link changed nothing.
  await page.reload();
  await expect(page).toHaveURL(/\/airdrop$/);

  await homePage.getByRole("button", { name: t("profile:sessionEnd.confirm") }).click();
  await expect(homePage.getByRole("status")).toHaveText(t("profile:sessionEnd.done"));
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  // The device the link was opened on stays signed in.
  await homePage.goto("/settings/sessions");
  await expect(homePage.getByText(t("profile:sessions.none"))).toBeVisible();
  await home.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Sign out everywhere else works as a plain form, its buttons 44 px tall", async ({ page, browser }) => {
    const t = strings("en");
    const email = uniqueEmail("sessions-nojs");
    const other = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 360, height: 740 }, userAgent: ANDROID_CHROME });
    const otherPage = await other.newPage();
    await signedIn(otherPage, { email });
    await signInHere(page, email, "en");

    await page.goto("/settings/sessions");
    for (const button of await page.getByRole("button").all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole("button", { name: t("profile:sessions.endOthers") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:sessions.endedOthers") })).toBeVisible();
    await expect(page.getByText(t("profile:sessions.none"))).toBeVisible();
    await otherPage.goto("/settings");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });
});
