import type { Locator } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

const LANGUAGES = ["ar", "bn-BD", "en", "hi", "id", "ja", "ko", "ms", "pt-BR", "ta", "te", "tr", "ur", "vi", "zh-CN", "zh-TW"];
const SHOWN = ["en", "pt-BR", "ta", "ar"];

/**
 * What is wrong with the picker's choices as drawn, each named by its label: a word drawn on more
 * than one line ("Sleepin/g"), a label under 44 px high, one reaching past the page's 360 px.
 * Measured in one pass in the page: one round trip per language, not a few per choice.
 */
function problems(group: Locator): Promise<string[]> {
  return group.evaluate((fieldset) => {
    const found: string[] = [];
    for (const input of Array.from(fieldset.querySelectorAll<HTMLInputElement>("input[type=radio]"))) {
      const label = input.labels![0];
      const name = label.textContent!.trim();
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!;
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length !== 1) found.push(`"${name}": "${word[0]}" broken across lines`);
        }
      }
      const box = label.getBoundingClientRect();
      if (box.height < 44) found.push(`"${name}": ${box.height} px high`);
      if (box.x + box.width > 360) found.push(`"${name}": reaches ${box.x + box.width} px`);
    }
    return found;
  });
}

test("the status picker never breaks a word across lines, in any language, and stays a radio group", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, { email: uniqueEmail("picker") });
  for (const lng of LANGUAGES) {
    const t = strings(lng);
    await page.goto(`/settings?ui_lang=${lng}`);
    const group = page.getByRole("group", { name: t("profile:status.title"), exact: true });
    await expect(group.getByRole("radio").first()).toBeVisible();
    expect(await problems(group), lng).toEqual([]);
    if (SHOWN.includes(lng)) {
      await group.evaluate((fieldset) => fieldset.closest("section")!.scrollIntoView({ block: "start" }));
      await shootBothThemes(page, `settings-status-${lng}`);
    }
  }

  // Still one radio group: the arrow keys move the choice, and the choice is saved.
  const t = strings("en");
  await page.goto("/settings?ui_lang=en");
  // Once the page's script runs, a choice applies as it is made (its Save is only for a page without it).
  await expect(page.getByRole("button", { name: t("profile:status.save") })).toHaveCount(0);
  const group = page.getByRole("group", { name: t("profile:status.title") });
  await group.getByRole("radio", { name: t("profile:status.none") }).focus();
  await page.keyboard.press("ArrowDown");
  const first = group.getByRole("radio").nth(1);
  await expect(first).toBeChecked();
  await expect(first).toBeFocused();
  await group.getByRole("radio", { name: t("profile:statuses.sleeping") }).check();
  await expect(page.getByRole("status").filter({ hasText: t("profile:status.saved") })).toBeVisible();
  await expect(group.getByRole("radio", { name: t("profile:statuses.sleeping") })).toBeChecked();
});
