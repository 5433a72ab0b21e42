import type { Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { signedIn } from "../e2e/accounts.ts";
import { E2E } from "../e2e/env.ts";
import { uniqueEmail } from "../e2e/helpers.ts";

/**
 * The page as it stands in light, then in dark: one load for both, the scheme switched in place
 * (the page follows prefers-color-scheme live); transitions are finished, not caught halfway.
 */
async function bothSchemes(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${E2E.shotsDir}/${name}-${scheme}.png`, animations: "disabled" });
  }
}

// Every signed-in page and the login page in a left-to-right, a right-to-left, a long-word
// and a CJK language, light and dark, into tests/.tmp/screenshots to be looked at: `npm run
// screenshots`, not part of `npm test`. It asserts nothing a test of its own does not: no page
// scrolls sideways at 360 px in any language (tests/e2e/layout.spec.ts), and the pages meet
// WCAG 2 AA (tests/e2e/accessibility.spec.ts, and shootBothThemes in dark as well in the specs).
test("screenshots: en, ar, ta, ja, light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  const languages = ["en", "ar", "ta", "ja"];
  for (const lng of languages) {
    await page.goto(`/login?ui_lang=${lng}`);
    await bothSchemes(page, `look-login-${lng}`);
  }
  await signedIn(page, { email: uniqueEmail("looks") });
  for (const lng of languages) {
    for (const path of ["/airdrop", "/team", "/recruit", "/force", "/swap", "/mine", "/settings"]) {
      await page.goto(`${path}?ui_lang=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await bothSchemes(page, `look-${path.slice(1)}-${lng}`);
    }
  }
});
