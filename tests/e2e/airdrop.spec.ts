import type { Page } from "@playwright/test";
import { expect, test, type Rounds } from "./fixtures.ts";
import { APP_KEY_HEADER } from "#contract/wire.ts";
import { E2E } from "./env.ts";
import { signedIn } from "./accounts.ts";
import { screenshot, strings, uniqueEmail } from "./helpers.ts";

/**
 * The next round, as the page sees it: the clocked server closes the round in progress (the
 * `rounds` fixture), and the page's own clock reaches the countdown's zero (the round's length
 * and the first reload after it), so the page reloads its data by itself.
 */
async function nextRound(page: Page, rounds: Rounds): Promise<void> {
  await rounds.close();
  await page.clock.fastForward(E2E.clocked.roundSeconds * 1000);
  await page.clock.fastForward(2000);
}

/** A state's sentence, whatever clock time fills its {{time}}: "ends at 14:00" or "ends at 14:00 UTC". */
function sentence(t: ReturnType<typeof strings>, key: string, params: Record<string, string> = {}): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    t(key, { ...params, time: "\u0001" })
      .split("\u0001")
      .map(escape)
      .join(".+?"),
  );
}

// On the clocked server: each round closes when the test says so (decision 069).
test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  for (const lng of ["en", "ar"]) {
    test(`${lng}: each state of the airdrop has one chip, one sentence with the time it changes, and one action`, async ({
      page,
      rounds,
    }) => {
      const t = strings(lng);
      const status = () => page.getByRole("region", { name: t("airdrop:status.heading") });
      const badge = (state: string) => status().getByText(t(`airdrop:state.${state}`), { exact: true });
      const chips = () => status().locator(".chip");
      const ring = () => status().getByRole("timer");
      const claimButton = () =>
        status().getByRole("button", { name: new RegExp(t("airdrop:status.claim", { amount: "\u0001" }).split("\u0001")[0]) });
      const nickname = page.getByRole("region", { name: strings(lng)("profile:welcome.title") });

      // First visit: starting is the one thing to do, on the first screen; no round counts down.
      await page.clock.install();
      await signedIn(page, { email: uniqueEmail(`air-${lng}`), lng });
      await expect(badge("not_open")).toBeVisible();
      await expect(status()).toContainText(t("airdrop:status.notOpen"));
      await expect(ring()).toHaveCount(0);
      await expect(nickname).toHaveCount(0);
      const start = status().getByRole("button", { name: t("airdrop:status.start") });
      const box = (await start.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      await screenshot(page, `airdrop-not-open-${lng}`);

      await start.click();
      await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();
      await expect(badge("wait")).toBeVisible();
      await expect(status()).toContainText(sentence(t, "airdrop:status.waitLine"));
      await expect(status().getByRole("timer", { name: t("airdrop:status.startsLabel") })).toBeVisible();
      await expect(claimButton()).toHaveCount(0);
      // Now that it runs, the nickname is asked, below the airdrop.
      await expect(nickname).toBeVisible();
      await expect(page.getByRole("region", { name: t("airdrop:power.heading"), exact: true })).toContainText("100");
      await screenshot(page, `airdrop-wait-${lng}`);

      // The countdown reaches zero and the page revalidates by itself: first in a round, then VV to claim.
      await nextRound(page, rounds);
      await expect(badge("minting")).toBeVisible();
      await expect(status()).toContainText(sentence(t, "airdrop:status.mintingLine", { amount: "1.00" }));
      await expect(status().getByRole("timer", { name: t("airdrop:status.countdownLabel") })).toBeVisible();
      await screenshot(page, `airdrop-minting-${lng}`);
      await nextRound(page, rounds);
      await expect(badge("claimable")).toBeVisible();
      await expect(status()).toContainText(sentence(t, "airdrop:status.claimableLine"));
      const claimOne = status().getByRole("button", { name: t("airdrop:status.claim", { amount: "1.00" }) });
      await expect(page.getByRole("region", { name: t("airdrop:rounds.heading") })).toContainText("1.00\u00a0VV");
      await claimOne.click();
      await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.claimed", { amount: "1.00" }) })).toBeVisible();
      await expect(badge("minting")).toBeVisible();
      await expect(claimButton()).toHaveCount(0);
      // The wallet's summary and its exact balances both name the VV balance.
      await expect(page.getByText(t("common:balance.vv")).first()).toBeVisible();
      await expect(page.locator(".balances")).toContainText("1.00000000");
      await screenshot(page, `airdrop-claimed-${lng}`);

      // Rounds left unclaimed up to the threshold (3): one round ahead it says when it pauses, and
      // promises nothing for a round that will pay nothing.
      for (const state of ["claimable", "claimable"]) {
        await nextRound(page, rounds);
        await expect(badge(state)).toBeVisible();
      }
      await nextRound(page, rounds);
      await expect(badge("pausing")).toBeVisible();
      await expect(status()).toContainText(sentence(t, "airdrop:status.pausingLine"));
      await expect(status()).not.toContainText(t("airdrop:status.mintingLine", { time: "\u0001" }).split("\u0001")[0]);
      await expect(chips()).toHaveCount(1);
      await screenshot(page, `airdrop-pausing-${lng}`);
      await nextRound(page, rounds);
      await expect(badge("suspend")).toBeVisible();
      await expect(status()).toContainText(t("airdrop:status.suspended", { rounds: "3" }));
      await expect(ring()).toHaveCount(0);
      await screenshot(page, `airdrop-paused-${lng}`);
      await status()
        .getByRole("button", { name: t("airdrop:status.claim", { amount: "3.00" }) })
        .click();
      await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.claimedResumed", { amount: "3.00" }) })).toBeVisible();
      await expect(badge("wait")).toBeVisible();
      await expect(page.locator(".balances")).toContainText("4.00000000");
      await nextRound(page, rounds);
      await expect(badge("minting")).toBeVisible();
    });
  }
});

async function task(page: Page, lng: string, type: number) {
  const t = strings(lng);
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: t(`airdrop:task.t${type}.title`, { friends: "3" }) }) });
}

test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  test("the follow task: bind the handle, follow, wait the configured minutes, claim the power", async ({ page, rounds }) => {
    const t = strings("en");
    await page.clock.install();
    await signedIn(page, { email: uniqueEmail("follow") });
    const bind = await task(page, "en", 1);
    await bind.getByLabel(t("airdrop:social.handleLabel")).fill("not a handle");
    await bind.getByRole("button", { name: t("airdrop:social.bind") }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:210103")));
    await expect(bind.getByLabel(t("airdrop:social.handleLabel"))).toHaveValue("not a handle");

    const handle = `@vv_${Date.now().toString(36)}`;
    await bind.getByLabel(t("airdrop:social.handleLabel")).fill(handle);
    await bind.getByRole("button", { name: t("airdrop:social.bind") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.bound", { handle }) })).toBeVisible();
    // The post answered in place: the page stays where the user was, down at the tasks.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await (await task(page, "en", 1)).getByRole("button", { name: t("airdrop:task.claim", { power: "20" }) }).click();
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.bonus", { power: "20" }) })).toBeVisible();

    const follow = await task(page, "en", 2);
    await expect(follow.getByRole("link", { name: t("airdrop:social.open", { handle: "@vv_official" }) })).toHaveAttribute(
      "href",
      "https://x.com/vv_official",
    );
    await follow.getByRole("button", { name: t("airdrop:social.followed") }).click();
    // The wait comes from the server's FOLLOW_WAIT_SECONDS, in whole minutes in the reader's language.
    const wait = new Intl.NumberFormat("en", { style: "unit", unit: "minute", unitDisplay: "long" }).format(
      Math.ceil(E2E.followWaitSeconds / 60),
    );
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.followed", { wait }) })).toBeVisible();
    await expect((await task(page, "en", 2)).getByRole("timer")).toBeVisible();
    await (await task(page, "en", 2)).scrollIntoViewIfNeeded();
    await screenshot(page, "airdrop-follow-wait-en");
    // The wait passes on the server (its clock moves on an hour with the round) and on the phone,
    // whose countdown reaches zero and reloads the page's data.
    const claim = (await task(page, "en", 2)).getByRole("button", { name: t("airdrop:task.claim", { power: "50" }) });
    await expect(claim).toHaveCount(0);
    await nextRound(page, rounds);
    await expect(claim).toBeVisible();
    await claim.click();
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.bonus", { power: "50" }) })).toBeVisible();
    await expect(page.getByRole("region", { name: t("airdrop:power.heading"), exact: true })).toContainText("70");
  });
});

test("inside the up-to-date native app the upgrade reward pops up once; a browser naming the app in the URL gets nothing", async ({
  page,
}) => {
  const t = strings("en");
  await signedIn(page, { email: uniqueEmail("upgrade") });
  await page.goto("/airdrop?os=android&vcode=25");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The app's webview sends its key header with the page load (docs/decisions/019).
  await page.setExtraHTTPHeaders({ [APP_KEY_HEADER]: E2E.nativeAppKey });
  await page.goto("/airdrop?os=android&vcode=25");
  const sheet = page.getByRole("dialog", { name: t("airdrop:upgrade.title") });
  await expect(sheet).toBeVisible();
  await screenshot(page, "airdrop-upgrade-en");
  await sheet.getByRole("button", { name: t("airdrop:upgrade.claim", { power: "50" }) }).click();
  await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.bonus", { power: "50" }) })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, baseURL: E2E.clocked.baseUrl });
  test("the start and claim buttons are plain form posts", async ({ page, rounds }) => {
    const t = strings("en");
    await signedIn(page, { email: uniqueEmail("air-nojs") });
    await page.getByRole("button", { name: t("airdrop:status.start") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();
    // The round it waited for, then the round it minted in: one to claim.
    await rounds.close();
    await rounds.close();
    const claim = page.getByRole("button", { name: t("airdrop:status.claim", { amount: "1.00" }) });
    await page.reload();
    await claim.click();
    await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.claimed", { amount: "1.00" }) })).toBeVisible();
  });
});
