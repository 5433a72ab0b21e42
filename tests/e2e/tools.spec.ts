import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { screenshot, strings, uniqueEmail } from "./helpers.ts";

type T = ReturnType<typeof strings>;

/** A phone of its own for each user, signed up in `lng`. */
async function newUser(browser: Browser, tag: string, lng: string, javaScriptEnabled = true): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled })).newPage();
  await signedIn(page, { email: uniqueEmail(tag), lng });
  return page;
}

/** A translated sentence with its name left open, as a pattern (whoever the person is called). */
function withAnyName(t: T, key: string, params: Record<string, string> = {}): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    t(key, { ...params, name: "\u0000" })
      .split("\u0000")
      .map(escape)
      .join(".+"),
  );
}

const codeField = (page: Page, t: T) => page.getByLabel(t("tools:code.label"), { exact: true });

const codeButton = (page: Page, t: T) => page.getByRole("region", { name: t("tools:code.title") }).getByRole("button");

/** Types a code into the Tools tab's one code field and presses its button, whatever it says by then. */
async function useCode(page: Page, t: T, code: string): Promise<void> {
  await page.goto("/force");
  await codeField(page, t).fill(code);
  await codeButton(page, t).click();
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

async function joinWithLink(page: Page, t: T, code: string, joined: number, quota: number): Promise<void> {
  await page.goto(`/swap?code=${code}`);
  // The code is looked up before the stone is asked for: whose exchange, and how full.
  await expect(page.getByText(withAnyName(t, "tools:code.exchange", { joined: String(joined), quota: String(quota) }))).toBeVisible();
  await page.getByRole("button", { name: t("tools:swap.submit") }).click();
  await expect(page).toHaveURL(/\/swap\/\d+$/);
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: three users complete a magic stone exchange and each sees what they gained`, async ({ browser }) => {
    test.setTimeout(90_000);
    const t = strings(lng);
    const [leader, second, third] = await Promise.all(["lead", "second", "third"].map((tag) => newUser(browser, `${tag}-${lng}`, lng)));
    const code = await startExchange(leader, t, 3);
    expect(code).toMatch(/^SWAP-[A-Z0-9]{8}$/);
    await expect(participants(leader, t)).toHaveCount(3);
    await expect(leader.getByText(t("tools:exchange.openSlot"))).toHaveCount(2);

    await joinWithLink(second, t, code, 1, 3);
    await expect(second.getByText(t("tools:exchange.waiting", { joined: "2", quota: "3" }))).toBeVisible();
    // The leader's page refreshes itself: the second participant appears without a reload.
    await expect(leader.getByText(t("tools:exchange.openSlot"))).toHaveCount(1, { timeout: 10_000 });
    await screenshot(leader, `exchange-waiting-${lng}`);

    await joinWithLink(third, t, code, 2, 3);
    await expect(third.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible();
    await expect(third.getByText(t("tools:exchange.completed"), { exact: true })).toBeVisible();
    await expect(leader.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible({ timeout: 10_000 });
    // The toast of the moment it completed took the place of "Exchange started" on the leader's phone.
    const completed = t("tools:toast.completed", { power: "\u0000" })
      .split("\u0000")[0]
      .replace(/[+\s]+$/, "");
    await expect(leader.getByRole("status").filter({ hasText: completed })).toBeVisible();
    await expect(leader.getByText(t("tools:toast.created"))).toHaveCount(0);
    await expect(participants(leader, t)).toHaveCount(3);
    await screenshot(leader, `exchange-completed-${lng}`);

    await Promise.all([leader, second, third].map((p) => p.context().close()));
  });

  test(`${lng}: a friend opens a gift code in the one code field: the box is revealed, the field empties, a pair opens one box only`, async ({
    browser,
  }) => {
    const t = strings(lng);
    const sender = await newUser(browser, `giver-${lng}`, lng);
    const friend = await newUser(browser, `taker-${lng}`, lng);
    await sender.goto("/force");
    const codes = (await sender.locator(".gift-code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^GIFT-[A-Z0-9]{8}$/);
    await screenshot(sender, `gifts-${lng}`);

    // Pasted bare and in small letters: recognised as it is pasted, before anything is sent.
    await friend.goto("/force");
    await codeField(friend, t).fill(codes[0].slice(5).toLowerCase());
    await expect(friend.getByText(withAnyName(t, "tools:code.gift", { power: "10" }))).toBeVisible();
    await friend.getByRole("button", { name: t("tools:code.openGift") }).click();
    const reveal = friend.getByRole("status").filter({ has: friend.getByRole("heading", { name: withAnyName(t, "tools:reveal.title") }) });
    await expect(reveal).toBeVisible();
    await expect(reveal.getByText(withAnyName(t, "tools:reveal.joined"))).toBeVisible();
    await expect(codeField(friend, t)).toHaveValue("");
    await screenshot(friend, `gift-reveal-${lng}`);
    await reveal.getByRole("button", { name: t("tools:reveal.done") }).click();
    await expect(reveal).toHaveCount(0);

    // The second code of the same sender: refused next to the field, once, and kept as typed.
    await codeField(friend, t).fill(codes[1]);
    await expect(codeField(friend, t)).toHaveAccessibleDescription(new RegExp(t("errors:210008")));
    await codeButton(friend, t).click();
    await expect(codeField(friend, t)).toHaveAttribute("aria-invalid", "true");
    await expect(codeField(friend, t)).toHaveAccessibleDescription(new RegExp(t("errors:210008")));
    await expect(friend.getByText(t("errors:210008"))).toHaveCount(1);
    await expect(codeField(friend, t)).toHaveValue(codes[1]);

    // The used box is gone from the sender's list, and the friend is on the sender's team.
    await sender.goto("/force");
    await expect(sender.locator(".gift-code")).toHaveText([codes[1]]);
    await sender.goto("/team");
    await expect(sender.getByRole("list", { name: t("team:level1") }).getByRole("listitem")).toHaveCount(1);
    await Promise.all([sender, friend].map((p) => p.context().close()));
  });

  test(`${lng}: a code says what it is before anything else: a wrong or gift code in an exchange link, an invite code in the field`, async ({
    browser,
  }) => {
    const t = strings(lng);
    const owner = await newUser(browser, `owner-${lng}`, lng);
    const other = await newUser(browser, `other-${lng}`, lng);
    await owner.goto("/force");
    const gift = (await owner.locator(".gift-code").first().textContent())!.trim();

    // A mistyped exchange link: refused at once next to the field, no stone asked for.
    await other.goto("/swap?code=WRONG234");
    await expect(other).toHaveURL(/\/force\?code=WRONG234/);
    await expect(codeField(other, t)).toHaveAccessibleDescription(new RegExp(t("errors:210120")));
    await expect(other.getByRole("group", { name: t("tools:swap.stone") })).toHaveCount(0);

    // A gift code in an exchange link: recognised as a gift, with the button that opens it.
    await other.goto(`/swap?code=${gift}`);
    await expect(other).toHaveURL(/\/force\?code=/);
    await expect(other.getByText(withAnyName(t, "tools:code.gift", { power: "10" }))).toBeVisible();
    await expect(other.getByRole("button", { name: t("tools:code.openGift") })).toBeVisible();
    await screenshot(other, `code-recognised-${lng}`);

    // One's own invite code is explained; someone else's is offered for binding while one can.
    const inviteText = (await owner.goto("/recruit"), await owner.locator(".invite-code").textContent())!.trim();
    expect(inviteText).toMatch(/^INV-[A-Z0-9]{8}$/);
    await useCode(owner, t, inviteText);
    await expect(owner.getByText(t("tools:code.ownInvite"))).toBeVisible();
    await other.goto("/force");
    await codeField(other, t).fill(inviteText);
    await expect(other.getByText(withAnyName(t, "tools:code.invite"))).toBeVisible();
    await other.getByRole("button", { name: withAnyName(t, "tools:code.bind") }).click();
    await expect(other).toHaveURL(/\/team$/);
    await expect(other.getByRole("status").filter({ hasText: withAnyName(t, "tools:toast.bound") })).toBeVisible();
    await owner.goto("/team");
    await expect(owner.getByRole("list", { name: t("team:level1") }).getByRole("listitem")).toHaveCount(1);
    await Promise.all([owner, other].map((p) => p.context().close()));
  });
}

test.describe("without JavaScript", () => {
  test("join by typing a code, pick a stone, see the result; cancel behind a confirmation; gift code errors next to the field, a gift revealed", async ({
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
    await useCode(member, t, code);
    await expect(member).toHaveURL(/\/swap\?code=SWAP-/);
    await member.getByRole("button", { name: t("tools:swap.submit") }).click();
    await expect(member.getByRole("heading", { name: t("tools:exchange.resultTitle") })).toBeVisible();

    await useCode(member, t, "");
    await expect(member.getByRole("alert")).toHaveText(new RegExp(t("errors:210119")));
    await expect(codeField(member, t)).toHaveAccessibleDescription(new RegExp(t("errors:210119")));
    await useCode(member, t, "GIFT-NOPE2345");
    await expect(member.getByRole("alert")).toHaveText(new RegExp(t("errors:210009")));
    await expect(codeField(member, t)).toHaveValue("GIFT-NOPE2345");

    // A gift opened without JavaScript is revealed too, from the page the post leads to.
    await leader.goto("/force");
    const gift = (await leader.locator(".gift-code").first().textContent())!.trim();
    await useCode(member, t, gift);
    await expect(member.getByRole("heading", { name: withAnyName(t, "tools:reveal.title") })).toBeVisible();
    await expect(codeField(member, t)).toHaveValue("");
    await Promise.all([leader, member].map((p) => p.context().close()));
  });
});
