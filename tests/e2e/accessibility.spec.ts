import { violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

for (const lng of ["en", "ar"]) {
  test(`${lng}: public pages meet WCAG 2 AA`, async ({ page }) => {
    for (const path of ["/login", "/register", "/privacy", "/terms", "/download"]) {
      await page.goto(`${path}?ui_lang=${lng}`);
      expect(await violations(page), path).toEqual([]);
    }
  });

  test(`${lng}: signed-in pages meet WCAG 2 AA`, async ({ page }) => {
    await signedIn(page, { email: uniqueEmail(`a11y-${lng}`), lng });
    for (const path of [
      "/airdrop",
      "/team",
      "/recruit",
      "/force",
      "/swap?code=AB12CD34",
      "/mine",
      "/mine?confirm=logout",
      "/settings",
      "/settings?confirm=delete",
      "/campaign",
      "/map",
    ]) {
      await page.goto(path);
      // The welcome toast (a status with its close button: a page's own status lines stay) fades
      // away; check the page as it then stands.
      await page
        .getByRole("status")
        .filter({ has: page.getByRole("button", { name: strings(lng)("common:close") }) })
        .waitFor({ state: "detached" })
        .catch(() => undefined);
      expect(await violations(page), path).toEqual([]);
    }
  });
}
