import { expect, test } from "./fixtures.ts";
import { registerAs, screenshot, uniqueEmail } from "./helpers.ts";

// Every signed-in page and the login page in a left-to-right, a right-to-left, a long-word
// and a CJK language, light and dark, into tests/.tmp/screenshots to be looked at.
test("screenshots: en, ar, ta, ja, light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  const languages = ["en", "ar", "ta", "ja"];
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const lng of languages) {
      await page.goto(`/login?ui_lang=${lng}`);
      await screenshot(page, `look-login-${lng}-${scheme}`);
    }
  }
  await registerAs(page, uniqueEmail("looks"));
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const lng of languages) {
      for (const path of ["/airdrop", "/team", "/recruit", "/force", "/swap", "/mine", "/settings"]) {
        await page.goto(`${path}?ui_lang=${lng}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await screenshot(page, `look-${path.slice(1)}-${lng}-${scheme}`);
      }
    }
  }
});
