import { LANGUAGE_CODES } from "#contract/languages.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { uniqueEmail } from "./helpers.ts";

const PUBLIC_PAGES = ["/login", "/register", "/privacy", "/terms"];
const SIGNED_IN_PAGES = [
  "/airdrop",
  "/team",
  "/recruit",
  "/force",
  "/swap?code=AB12CD34",
  "/mine",
  "/settings",
  "/settings?confirm=delete",
  "/campaign",
  "/map",
];

/** How far the page reaches past the viewport's width, in CSS pixels (0 when it fits). */
async function overflow(page: import("@playwright/test").Page, path: string): Promise<number> {
  await page.goto(path);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// A phone of 360 px: no page may scroll sideways, in any language (Tamil and Telugu have the
// longest words, Arabic and Urdu run right to left). Three tests, so the two workers share them.
test("no public page scrolls sideways at 360 px in any of the 16 languages", async ({ page }) => {
  const wide: string[] = [];
  for (const lng of LANGUAGE_CODES) {
    for (const path of PUBLIC_PAGES) {
      if ((await overflow(page, `${path}?ui_lang=${lng}`)) > 0) wide.push(`${lng} ${path}`);
    }
  }
  expect(wide).toEqual([]);
});

const HALF = Math.ceil(LANGUAGE_CODES.length / 2);
for (const languages of [LANGUAGE_CODES.slice(0, HALF), LANGUAGE_CODES.slice(HALF)]) {
  test(`no signed-in page scrolls sideways at 360 px in ${languages.join(", ")}`, async ({ page }) => {
    test.setTimeout(120_000);
    const wide: string[] = [];
    await signedIn(page, { email: uniqueEmail("layout") });
    for (const lng of languages) {
      for (const path of SIGNED_IN_PAGES) {
        if ((await overflow(page, `${path}?ui_lang=${lng}`)) > 0) wide.push(`${lng} ${path}`);
      }
    }
    expect(wide).toEqual([]);
  });
}
