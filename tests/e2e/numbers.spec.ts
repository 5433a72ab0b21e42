import type { Page } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

/**
 * Every percentage in the page's main region as it is drawn: the x of its sign, its first digit
 * and its percent sign, read from the glyphs' boxes (the number may span several text nodes).
 * Whatever the page's direction, a number reads left to right: "+15%" is never drawn "%15+" or "15+%".
 */
function drawnPercents(page: Page) {
  return page.locator("main").evaluate((main) => {
    const PERCENT = /([+\-−]?)[\u200e\u2068\u2069]*(\d[\d.,]*)[\u200e\u2068\u2069]*[%٪]/g;
    const holders = [...main.querySelectorAll<HTMLElement>("*")].filter(
      (el) =>
        el.checkVisibility() &&
        /\d[\u200e\u2068\u2069]*[%٪]/.test(el.textContent ?? "") &&
        ![...el.children].some((child) => /\d[\u200e\u2068\u2069]*[%٪]/.test(child.textContent ?? "")),
    );
    const found: { text: string; sign: number | null; digit: number; percent: number }[] = [];
    for (const holder of holders) {
      const chars: { node: Text; index: number }[] = [];
      const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.data.length; index++) chars.push({ node, index });
      }
      const xOf = (at: number) => {
        const range = document.createRange();
        range.setStart(chars[at].node, chars[at].index);
        range.setEnd(chars[at].node, chars[at].index + 1);
        return range.getBoundingClientRect().x;
      };
      const text = holder.textContent ?? "";
      for (const m of text.matchAll(PERCENT)) {
        const start = m.index;
        const digit = start + m[0].indexOf(m[2]);
        found.push({ text: m[0], sign: m[1] ? xOf(start) : null, digit: xOf(digit), percent: xOf(start + m[0].length - 1) });
      }
    }
    return found;
  });
}

async function expectPercentsReadLeftToRight(page: Page, atLeast: number) {
  // A page the router has just reached may not have drawn its figures yet: wait for them.
  await expect.poll(async () => (await drawnPercents(page)).length, { message: "percentages on the page" }).toBeGreaterThanOrEqual(atLeast);
  const percents = await drawnPercents(page);
  for (const p of percents) {
    expect(p.digit, `${p.text}: the % after the number`).toBeLessThan(p.percent);
    if (p.sign !== null) expect(p.sign, `${p.text}: the sign before the number`).toBeLessThan(p.digit);
  }
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: a stone's bonus and the team's shares are drawn as the locale writes a percentage, sign first`, async ({ page }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`percent-${lng}`), lng });
    await page.goto("/force");
    await expectPercentsReadLeftToRight(page, 1);
    await page.goto("/recruit");
    await expectPercentsReadLeftToRight(page, 2);
    // An exchange's bonus together ("+5%"), where a sign used to be isolated apart from its percent sign.
    await page.goto("/force");
    await page.getByRole("button", { name: t("tools:start.submit") }).click();
    await expect(page).toHaveURL(/\/swap\/\d+$/);
    await expectPercentsReadLeftToRight(page, 2);
    await page.getByText(t("tools:exchange.bonusSum", { bonus: "\u0001" }).split("\u0001")[0]).scrollIntoViewIfNeeded();
    await shootBothThemes(page, `numbers-exchange-${lng}`);
  });
}

for (const lng of ["en", "ja"]) {
  test(`${lng}: the wallet is the exact balance, its BTC explained; a wait reads as the language writes hours and minutes`, async ({
    page,
  }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`numbers-${lng}`), lng });
    await page.goto("/mine");
    const wallet = page.getByRole("region", { name: t("common:balance.exact") });
    await expect(wallet.getByRole("definition")).toHaveText(["0.00000000", "0.00000000"]);
    await expect(wallet).toContainText(t("common:balance.btcHint"));
    await wallet.scrollIntoViewIfNeeded();
    await shootBothThemes(page, `numbers-wallet-${lng}`);

    // The next stone comes a day after the first ones: the wait is written as the browser's own
    // Intl.DurationFormat writes a day, in the page's language (units never glued to a number: "23 時間52 分").
    await page.goto("/force");
    const day = await page.evaluate((locale) => {
      const { DurationFormat } = Intl as unknown as { DurationFormat: new (l: string, o: object) => { format(d: object): string } };
      return new DurationFormat(locale, { style: "long" }).format({ days: 1 });
    }, lng);
    await expect(page.getByText(t("tools:stones.next", { wait: day }))).toBeVisible();
  });
}
