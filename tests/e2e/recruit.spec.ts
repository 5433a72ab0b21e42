import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { isolate, percentText } from "#app/utils/format.ts";
import { aliasText, displayIdOn, screenshot, strings, uniqueEmail } from "./helpers.ts";

for (const lng of ["en", "ar"]) {
  test(`${lng}: /recruit shows the invite code, link, a QR code and what inviting pays; a friend registers through the link`, async ({
    page,
    browser,
  }) => {
    const t = strings(lng);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedIn(page, { email: uniqueEmail(`recruit-${lng}`), lng });
    await page.getByRole("link", { name: t("common:tabs.team") }).click();
    await page.getByRole("link", { name: t("team:inviteFriends") }).click();
    await expect(page).toHaveURL(/\/recruit$/);
    await expect(page.getByRole("heading", { level: 1, name: t("team:recruit.title") })).toBeVisible();
    await expect(page.getByRole("img", { name: t("team:recruit.qrLabel") })).toBeVisible();
    await expect(page.getByText(t("team:recruit.howLevel1", { percent: percentText(lng, 25) }))).toBeVisible();
    await expect(page.getByText(t("team:recruit.howInvite", { power: "100", friends: "3" }))).toBeVisible();
    const link = (await page.locator("dd.break").textContent())!.trim();
    expect(link).toMatch(/\/register\?invite=[A-Z0-9]{8}$/);
    await page.getByRole("button", { name: t("team:recruit.copyLink") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("team:recruit.linkCopied") })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, `recruit-${lng}`);

    // The friend opens the link on their own phone (in English): the code is filled in.
    const friend = await browser.newPage();
    await friend.goto(link);
    await expect(friend.getByLabel(strings("en")("auth:invite"))).toHaveValue(link.slice(-8));
    // ... and says who invited them: no nickname yet, so their friendly name, in the friend's language.
    const inviter = aliasText("en", await displayIdOn(page));
    await expect(friend.getByText(strings("en")("auth:invitedBy", { name: isolate(inviter.name) }))).toBeVisible();
    await friend.close();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("/recruit shows the code, the link and the QR code; share falls back to the QR code", async ({ page }) => {
    const t = strings("en");
    await signedIn(page, { email: uniqueEmail("recruit-nojs") });
    await page.goto("/recruit");
    await expect(page.getByRole("img", { name: t("team:recruit.qrLabel") })).toBeVisible();
    await expect(page.getByRole("button", { name: t("team:recruit.copyLink") })).toHaveCount(0);
    await expect(page.getByRole("link", { name: t("team:recruit.share") })).toHaveAttribute("href", "#invite-qr");
  });
});
