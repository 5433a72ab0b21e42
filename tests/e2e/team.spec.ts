import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { percentText } from "#app/utils/format.ts";
import { mailMatching, screenshot, strings, uniqueEmail } from "./helpers.ts";

/** A phone of its own for each account. */
async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
}

/** The invite code the Team tab shows its user. */
async function inviteCodeOn(page: Page): Promise<string> {
  await page.goto("/team");
  return (await page.locator("dd.mono").textContent())!.trim();
}

const members = (page: Page, t: ReturnType<typeof strings>, level: 1 | 2) =>
  page.getByRole("list", { name: t(`team:level${level}`) }).getByRole("listitem");

for (const lng of ["en", "ar"]) {
  test(`${lng}: inviter, a level-1 friend who joined through the invite link and a level-2 friend see each other on the right tabs`, async ({
    page,
    browser,
  }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`boss-${lng}`), lng });
    await page.goto("/team");
    await expect(page.getByText(t("team:empty.level1"))).toBeVisible();
    await screenshot(page, `team-empty-${lng}`);

    const friend = await phone(browser);
    await signedIn(friend, { email: uniqueEmail(`l1-${lng}`), lng, invite: await inviteCodeOn(page) });
    await friend.getByRole("button", { name: t("airdrop:status.start") }).click();
    await expect(friend.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();

    const friendOfFriend = await phone(browser);
    await signedIn(friendOfFriend, { email: uniqueEmail(`l2-${lng}`), lng, invite: await inviteCodeOn(friend) });

    // The inviter: the friend on level 1 (started, so waiting or already in progress), their friend on level 2.
    await page.goto("/team");
    const tabs = page.getByRole("navigation", { name: t("team:levels") });
    await expect(tabs.getByRole("link", { name: t("team:level1") })).toHaveAttribute("aria-current", "page");
    await expect(members(page, t, 1)).toHaveCount(1);
    await expect(members(page, t, 1)).toContainText(new RegExp(`${t("team:status.wait")}|${t("team:status.minting")}`));
    await expect(members(page, t, 1)).toContainText("100");
    await expect(page.getByRole("heading", { name: t("team:remind.title") })).toBeVisible();
    await screenshot(page, `team-full-${lng}`);
    await tabs.getByRole("link", { name: t("team:level2") }).click();
    await expect(page).toHaveURL(/level=2/);
    await expect(members(page, t, 2)).toHaveCount(1);
    await expect(members(page, t, 2)).toContainText(t("team:status.not_open"));
    await screenshot(page, `team-level2-${lng}`);

    // Nobody is paused yet: the button cannot be tapped, and says why.
    const remind = page.getByRole("button", { name: t("team:remind.send") });
    await expect(remind).toBeDisabled();
    await expect(remind).toHaveAccessibleDescription(t("team:remind.nobody"));

    // The level-1 friend has the level-2 friend on their level 1, and an empty level 2.
    await friend.goto("/team");
    await expect(members(friend, t, 1)).toHaveCount(1);
    await expect(members(friend, t, 1)).toContainText(t("team:status.not_open"));
    await friend
      .getByRole("navigation", { name: t("team:levels") })
      .getByRole("link", { name: t("team:level2") })
      .click();
    await expect(friend.getByText(t("team:empty.level2"))).toBeVisible();

    // The newest has no team: the page explains what inviting pays and leads to /recruit.
    await friendOfFriend.goto("/team");
    await expect(
      friendOfFriend.getByText(t("team:empty.pays", { level1: percentText(lng, 25), level2: percentText(lng, 5) })),
    ).toBeVisible();
    await friendOfFriend
      .getByRole("main")
      .getByRole("link", { name: t("team:inviteFriends") })
      .first()
      .click();
    await expect(friendOfFriend).toHaveURL(/\/recruit$/);
    await Promise.all([friend.context().close(), friendOfFriend.context().close()]);
  });
}

const remindCard = (page: Page, t: ReturnType<typeof strings>) => page.getByRole("region", { name: t("team:remind.title") });

/** The remind button while it waits, whatever the wait says. */
function waitingButton(t: ReturnType<typeof strings>): RegExp {
  const [before, after] = t("team:remind.nextIn", { wait: "\u0000" })
    .split("\u0000")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${before}.+${after}$`);
}

for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: a friend who registered but never started is nudged; the e-mail invites them to start, in their language`, async ({
    page,
    browser,
  }) => {
    const t = strings(lng);
    const ta = strings("ta");
    await signedIn(page, { email: uniqueEmail(`nudger-${lng}`), lng });
    const friend = await phone(browser);
    const friendEmail = uniqueEmail(`newcomer-${lng}`);
    await signedIn(friend, { email: friendEmail, lng: "ta", invite: await inviteCodeOn(page) });
    await friend.context().close();

    await page.goto("/team");
    await expect(members(page, t, 1)).toContainText(t("team:status.not_open"));
    await expect(page.getByRole("heading", { name: t("team:remind.title") })).toBeVisible();
    await expect(page.getByText(t("team:remind.notStarted", { count: 1 }))).toBeVisible();
    await remindCard(page, t).evaluate((card) => card.scrollIntoView({ block: "center" }));
    await shootBothThemes(page, `team-nudge-${lng}`);
    const since = Date.now();
    await page.getByRole("button", { name: t("team:remind.send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("team:remind.sent", { count: 1 }) })).toBeVisible();
    await expect(page.getByRole("button", { name: waitingButton(t) })).toBeDisabled();

    const mail = await mailMatching(friendEmail, since, (m) => m.text.includes(ta("mail:nudge.action")));
    expect(mail.text).toContain(`${E2E.baseUrl}/airdrop`);
  });
}

// On the clocked server: the friend's rounds pass when the test says so (decision 069).
test.describe("on the clocked server", () => {
  test.use({ baseURL: E2E.clocked.baseUrl });

  test("a paused friend is reminded by e-mail in their own language, with one who never started; the next reminder waits 4 hours", async ({
    page,
    browser,
    rounds,
  }) => {
    const t = strings("en");
    await signedIn(page, { email: uniqueEmail("reminder-boss") });
    const code = await inviteCodeOn(page);
    const friend = await phone(browser);
    const friendEmail = uniqueEmail("paused-friend");
    await signedIn(friend, { email: friendEmail, lng: "ar", invite: code, started: true, goto: false });
    // The round it waited for, three left unclaimed (the threshold), and the one that pauses it.
    for (let i = 0; i < 5; i++) await rounds.close();
    await friend.goto("/airdrop");
    await expect(friend.getByText(strings("ar")("airdrop:state.suspend"), { exact: true })).toBeVisible();
    await friend.context().close();
    const newcomer = await phone(browser);
    await signedIn(newcomer, { email: uniqueEmail("newcomer"), invite: code });
    await newcomer.context().close();

    await page.goto("/team");
    await expect(members(page, t, 1).filter({ hasText: t("team:status.suspend") })).toHaveCount(1);
    await expect(remindCard(page, t).getByText(t("team:remind.paused", { count: 1 }))).toBeVisible();
    await expect(remindCard(page, t).getByText(t("team:remind.notStarted", { count: 1 }))).toBeVisible();
    await remindCard(page, t).evaluate((card) => card.scrollIntoView({ block: "center" }));
    await screenshot(page, "team-remind-both-en");
    const since = Date.now();
    await page.getByRole("button", { name: t("team:remind.send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("team:remind.sent", { count: 2 }) })).toBeVisible();
    // The wait is on the button itself, which cannot be tapped until then; the line above counts what is left.
    await expect(page.getByRole("button", { name: t("team:remind.nextIn", { wait: "4 hours" }) })).toBeDisabled();
    await expect(page.getByText(t("team:remind.leftToday", { left: 1, perDay: 2 }))).toBeVisible();
    await screenshot(page, "team-reminded-en");

    const ar = strings("ar");
    const mail = await mailMatching(friendEmail, since, (m) => m.subject === ar("mail:remind.subject"));
    expect(mail.text).toContain(`${E2E.clocked.baseUrl}/airdrop`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the level links, the member rows and the remind action work as plain links and forms", async ({ page, browser }) => {
    const t = strings("en");
    await signedIn(page, { email: uniqueEmail("nojs-boss") });
    const code = await inviteCodeOn(page);
    const friend = await phone(browser);
    await signedIn(friend, { email: uniqueEmail("nojs-friend"), invite: code });
    await friend.context().close();

    await page.goto("/team");
    await expect(members(page, t, 1)).toHaveCount(1);
    await expect(members(page, t, 1)).toContainText(t("team:status.not_open"));
    await page.getByRole("link", { name: t("team:level2") }).click();
    await expect(page).toHaveURL(/\/team\?level=2#members$/);
    await expect(page.getByText(t("team:empty.level2"))).toBeVisible();
    // The friend never started: the reminder nudges them, and the answer page shows the wait.
    await page.getByRole("button", { name: t("team:remind.send") }).click();
    await expect(page.getByRole("button", { name: t("team:remind.nextIn", { wait: "4 hours" }) })).toBeDisabled();
  });
});
