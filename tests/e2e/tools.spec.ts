import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { registerAs, screenshot, strings, uniqueEmail } from "./helpers.ts";

type T = ReturnType<typeof strings>;

/** A phone of its own for each user, signed up in `lng`. */
async function newUser(browser: Browser, tag: string, lng: string, javaScriptEnabled = true): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled })).newPage();
  await registerAs(page, uniqueEmail(tag), { lng });
  return page;
}

/** A translated sentence with one placeholder left open, as a pattern (the name is a nickname or a friendly name). */
function withAnyName(t: T, key: string, params: Record<string, string>): RegExp {
  const [before, after] = t(key, { ...params, name: "\u0000" }).split("\u0000");
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before)}.+${escape(after)}`);
}

const participants = (page: Page, t: T) =>
  page.getByRole("list", { name: new RegExp(t("tools:exchange.participants")) }).getByRole("listitem");

async function startExchange(page: Page, t: T, quota: number): Promise<string> {
  await page.goto("/force");
  await page
    .getByRole("group", { name: t("tools:start.quota") })
    .getByLabel(String(quota), { exact: true })
    .check();
  await page.getByRole("button", { name: t("tools:start.submit") }).click();
  await expect(page).toHaveURL(/\/swap\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: t("tools:toast.created") })).toBeVisible();
  return (await page.locator(".invite-code").textContent())!.trim();
}

async function joinWithLink(page: Page, t: T, code: string): Promise<void> {
  await page.goto(`/swap?code=${code}`);
  await expect(page.getByLabel(t("tools:join.code"))).toHaveValue(code);
  await page.getByRole("button", { name: t("tools:swap.submit") }).click();
  await expect(page).toHaveURL(/\/swap\/\d+$/);
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: three users complete a magic stone exchange and each sees what they gained`, async ({ browser }) => {
    test.setTimeout(90_000);
    const t = strings(lng);
    const [leader, second, third] = await Promise.all(["lead", "second", "third"].map((tag) => newUser(browser, `${tag}-${lng}`, lng)));
    const code = await startExchange(leader, t, 3);
    await expect(participants(leader, t)).toHaveCount(3);
    await expect(leader.getByText(t("tools:exchange.openSlot"))).toHaveCount(2);

    await joinWithLink(second, t, code);
    await expect(second.getByText(t("tools:exchange.waiting", { joined: "2", quota: "3" }))).toBeVisible();
    // The leader's page refreshes itself: the second participant appears without a reload.
    await expect(leader.getByText(t("tools:exchange.openSlot"))).toHaveCount(1, { timeout: 10_000 });
    await screenshot(leader, `exchange-waiting-${lng}`);

    await joinWithLink(third, t, code);
    await expect(third.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible();
    await expect(third.getByText(t("tools:exchange.completed"), { exact: true })).toBeVisible();
    await expect(leader.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible({ timeout: 10_000 });
    await expect(participants(leader, t)).toHaveCount(3);
    await screenshot(leader, `exchange-completed-${lng}`);

    await Promise.all([leader, second, third].map((p) => p.context().close()));
  });

  test(`${lng}: two users trade gift codes; the recipient joins the sender's team; a pair opens one box only`, async ({ browser }) => {
    const t = strings(lng);
    const sender = await newUser(browser, `giver-${lng}`, lng);
    const friend = await newUser(browser, `taker-${lng}`, lng);
    await sender.goto("/force");
    const codes = (await sender.locator(".gift-code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(2);
    await screenshot(sender, `gifts-${lng}`);

    await friend.goto("/force");
    await friend.getByLabel(t("tools:gifts.enter")).fill(codes[0]);
    await friend.getByRole("button", { name: t("tools:gifts.open") }).click();
    await expect(friend.getByRole("status").filter({ hasText: withAnyName(t, "tools:toast.giftJoined", { power: "10" }) })).toBeVisible();

    await friend.getByLabel(t("tools:gifts.enter")).fill(codes[1]);
    await friend.getByRole("button", { name: t("tools:gifts.open") }).click();
    await expect(friend.getByRole("alert")).toHaveText(new RegExp(t("errors:210008")));
    await expect(friend.getByLabel(t("tools:gifts.enter"))).toHaveAttribute("aria-invalid", "true");
    await expect(friend.getByLabel(t("tools:gifts.enter"))).toHaveValue(codes[1]);

    // The used box is gone from the sender's list, and the friend is on the sender's team.
    await sender.goto("/force");
    await expect(sender.locator(".gift-code")).toHaveText([codes[1]]);
    await sender.goto("/team");
    await expect(sender.getByRole("list", { name: t("team:level1") }).getByRole("listitem")).toHaveCount(1);
    await Promise.all([sender, friend].map((p) => p.context().close()));
  });
}

test.describe("without JavaScript", () => {
  test("join by typing a code, pick a stone, see the result; cancel behind a confirmation; gift code errors next to the field", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = strings("en");
    const leader = await newUser(browser, "nojs-lead", "en", false);
    const member = await newUser(browser, "nojs-member", "en", false);

    // An exchange cancelled by its leader through the confirmation sheet: the stone comes back.
    await startExchange(leader, t, 3);
    await leader.getByRole("link", { name: t("tools:exchange.cancel") }).click();
    await expect(leader.getByRole("alertdialog", { name: t("tools:confirm.cancel.title") })).toBeVisible();
    await leader
      .getByRole("alertdialog")
      .getByRole("button", { name: t("tools:confirm.cancel.yes") })
      .click();
    await expect(leader).toHaveURL(/\/force$/);
    await expect(leader.getByRole("status").filter({ hasText: t("tools:toast.cancelled") })).toBeVisible();

    const code = await startExchange(leader, t, 2);
    await member.goto("/force");
    await member.getByLabel(t("tools:join.code")).fill(code);
    await member.getByRole("button", { name: t("tools:join.submit") }).click();
    await expect(member).toHaveURL(new RegExp(`/swap\\?code=${code}$`));
    await member.getByRole("button", { name: t("tools:swap.submit") }).click();
    await expect(member.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible();

    await member.goto("/force");
    await member.getByRole("button", { name: t("tools:gifts.open") }).click();
    await expect(member.getByRole("alert")).toHaveText(new RegExp(t("errors:210104")));
    await expect(member.getByLabel(t("tools:gifts.enter"))).toHaveAccessibleDescription(new RegExp(t("errors:210104")));
    await member.getByLabel(t("tools:gifts.enter")).fill("NOPE2345");
    await member.getByRole("button", { name: t("tools:gifts.open") }).click();
    await expect(member.getByRole("alert")).toHaveText(new RegExp(t("errors:210009")));
    await Promise.all([leader, member].map((p) => p.context().close()));
  });
});
