import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { shootBothThemes } from "./axe.ts";
import { strings, uniqueEmail } from "./helpers.ts";

/** Waits until nothing on the page moves (the gift box's reveal), so what is judged is what stays. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

// The code card, the join step and the gift box's reveal, as the eye and axe see them: light and
// dark, left to right, right to left, and a language of long words.
for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: the code card recognising a gift, an exchange's join step and a gift box's reveal, in both themes`, async ({ browser }) => {
    test.setTimeout(90_000);
    const t = strings(lng);
    const phone = () => browser.newContext({ viewport: { width: 360, height: 740 } }).then((c) => c.newPage());
    const [owner, friend] = await Promise.all([phone(), phone()]);
    await signedIn(owner, { email: uniqueEmail(`shots-owner-${lng}`), lng });
    await signedIn(friend, { email: uniqueEmail(`shots-friend-${lng}`), lng });

    await owner.goto("/force");
    const gift = (await owner.locator(".gift-code").first().textContent())!.trim();
    await owner.getByRole("button", { name: t("tools:start.submit") }).click();
    await expect(owner).toHaveURL(/\/swap\/\d+$/);
    const exchange = (await owner.locator(".invite-code").textContent())!.trim();
    await shootBothThemes(owner, `tools-exchange-forming-${lng}`);

    await friend.goto(`/force?gift=${gift}`);
    await expect(friend.getByRole("button", { name: t("tools:code.openGift") })).toBeVisible();
    await friend.locator("#code").scrollIntoViewIfNeeded();
    await shootBothThemes(friend, `tools-code-gift-${lng}`);

    await friend.goto(`/swap?code=${exchange}`);
    await expect(friend.getByRole("button", { name: t("tools:swap.submit") })).toBeVisible();
    await shootBothThemes(friend, `tools-swap-${lng}`);

    await friend.goto("/force?code=NOPE2345");
    await friend.locator("#code").scrollIntoViewIfNeeded();
    await shootBothThemes(friend, `tools-code-refused-${lng}`);

    await friend.goto(`/force?gift=${gift}`);
    await friend.getByRole("button", { name: t("tools:code.openGift") }).click();
    await expect(friend.getByRole("button", { name: t("tools:reveal.done") })).toBeVisible();
    await settled(friend);
    await shootBothThemes(friend, `tools-gift-reveal-${lng}`);
    await Promise.all([owner, friend].map((p) => p.context().close()));
  });
}
