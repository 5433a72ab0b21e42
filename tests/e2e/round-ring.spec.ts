import type { Locator } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { startAirdrop, strings, uniqueEmail } from "./helpers.ts";

/**
 * Whether the page draws an element mirrored left to right: the product of the signs of the
 * determinants of its own and its ancestors' computed transforms is negative.
 */
function drawnMirrored(element: Locator): Promise<boolean> {
  return element.evaluate((start) => {
    let sign = 1;
    for (let el: Element | null = start; el; el = el.parentElement) {
      const transform = getComputedStyle(el).transform;
      if (transform === "none") continue;
      const m = new DOMMatrixReadOnly(transform);
      sign *= Math.sign(m.a * m.d - m.b * m.c);
    }
    return sign < 0;
  });
}

for (const [lng, rtl] of [
  ["en", false],
  ["ar", true],
] as const) {
  test(`${lng}: the round's ring fills ${rtl ? "counter-clockwise" : "clockwise"}, its time reads as it is`, async ({ page }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`ring-${lng}`), lng });
    await startAirdrop(page, lng);
    const status = page.getByRole("region", { name: t("airdrop:status.heading") });
    // Rounds are short here: the ring counts down to the round's start or, already, to its end.
    const time = status.getByRole("timer");
    await expect(time).toBeVisible();
    // The drawing is decorative (hidden from assistive technology): it is the ring around the timer.
    const ring = time.locator("xpath=ancestor::*[*[local-name() = 'svg']][1]/*[local-name() = 'svg']");
    expect(await drawnMirrored(ring)).toBe(rtl);
    expect(await drawnMirrored(time)).toBe(false);
    await time.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await shootBothThemes(page, `airdrop-ring-${lng}`);
  });
}
