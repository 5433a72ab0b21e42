import type { Browser, Page } from "@playwright/test";
import { isolate } from "#app/utils/format.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { aliasText, displayIdOn, strings, uniqueEmail } from "./helpers.ts";

/** A phone of its own for each account. */
async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: people without a nickname are called by their friendly name: the greeting, the invite page, the team list, the profile`, async ({
    page,
    browser,
  }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`alias-${lng}`), lng });
    const ownId = await displayIdOn(page);
    const own = aliasText(lng, ownId);

    // The profile: the friendly name, why it is there, and the display id on its own line.
    await expect(page.getByText(own.name, { exact: true })).toBeVisible();
    await expect(page.getByText(t("profile:aliasHint"))).toBeVisible();
    await expect(page.getByText(`ID ${ownId}`)).toBeVisible();

    // The airdrop greets them by it, never by their display id.
    await page.goto("/airdrop");
    await expect(page.getByText(t("airdrop:greeting", { name: isolate(own.name) }))).toBeVisible();
    await expect(page.getByRole("main").getByText(ownId)).toHaveCount(0);

    // A friend who opens the invite link is told who invited them, by that name.
    await page.goto("/team");
    const code = (await page.locator("dd.mono").textContent())!.trim();
    const friend = await phone(browser);
    await friend.goto(`/register?ui_lang=${lng}&invite=${code}`);
    await expect(friend.getByText(t("auth:invitedBy", { name: isolate(own.name) }))).toBeVisible();
    await expect(friend.getByText(/\*{4}/)).toHaveCount(0);
    await signedIn(friend, { email: uniqueEmail(`alias-friend-${lng}`), lng, invite: code });
    const friendAlias = aliasText(lng, await displayIdOn(friend));
    await friend.context().close();

    // The team list names the friend by their friendly name, their animal as the avatar.
    await page.goto("/team");
    const member = page.getByRole("list", { name: t("team:level1") }).getByRole("listitem");
    await expect(member).toHaveCount(1);
    await expect(member).toContainText(friendAlias.name);
    await expect(member).toContainText(friendAlias.emoji);
    await expect(member).not.toContainText("****");
  });
}
