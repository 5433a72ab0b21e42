import { expect, test } from "./fixtures.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { registerAs, requestAndEnterCode, strings, uniqueEmail } from "./helpers.ts";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

// The fixture's page is the phone that looks at the list; the first sign-in is on another phone.
test.use({ userAgent: IPHONE_SAFARI });

for (const lng of ["en", "ar", "ta"]) {
  test(`one device signs another out from Your devices (${lng})`, async ({ page, browser }) => {
    const t = strings(lng);
    const email = uniqueEmail(`sessions-${lng}`);
    const first = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 360, height: 740 }, userAgent: ANDROID_CHROME });
    const firstPage = await first.newPage();
    await registerAs(firstPage, email, { lng });

    await page.goto(`/login?ui_lang=${lng}`);
    await requestAndEnterCode(page, email, lng);
    await page.getByRole("button", { name: t("auth:logIn") }).click();
    await expect(page).toHaveURL(/\/airdrop$/);

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
