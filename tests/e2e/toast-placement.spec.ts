import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { E2E } from "./env.ts";
import { isolate } from "#app/utils/format.ts";
import { mailedCode, strings, uniqueEmail } from "./helpers.ts";

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The page's buttons and links in view that a toast at `place` hides, by their words. */
async function coveredBy(page: Page, place: Box): Promise<string[]> {
  const controls = page.getByRole("main").getByRole("button").or(page.getByRole("main").getByRole("link"));
  const covered: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box && box.y + box.height > 0 && box.y < 740 && overlap(place, box)) covered.push((await control.textContent())!.trim());
  }
  return covered;
}

/**
 * The toast on screen (a status or an alert with its close button, 44 px) covers no button and no
 * link of the page that is in view: the main action, and the control just used, stay in reach.
 * Only where the page has a control under both of a toast's places (the top, and the bottom above
 * the tabs) may it hide one, and then never `used`, the control in the place the user just pressed.
 */
async function expectToastClear(page: Page, lng: string, text: string, used?: Locator): Promise<void> {
  const close = page.getByRole("button", { name: strings(lng)("common:close") });
  const toast = page.getByRole("status").or(page.getByRole("alert")).filter({ has: close }).filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const own = (await toast.boundingBox())!;
  const closeBox = (await close.boundingBox())!;
  expect(Math.round(closeBox.width) >= 44 && Math.round(closeBox.height) >= 44, "close button 44 px").toBe(true);
  if (used) expect(overlap(own, (await used.boundingBox())!), `"${text}" covers the control just used`).toBe(false);
  const covered = await coveredBy(page, own);
  if (covered.length === 0) return;
  // The other place, measured by moving the toast there for a moment.
  const other = await toast.evaluate((el) => {
    el.classList.toggle("toast--low");
    const { x, y, width, height } = el.getBoundingClientRect();
    el.classList.toggle("toast--low");
    return { x, y, width, height };
  });
  expect(await coveredBy(page, other), `"${text}" covers ${covered.join(", ")}, though its other place is clear`).not.toEqual([]);
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, permissions: ["clipboard-read", "clipboard-write"] });
  return context.newPage();
}

/** Signs up by hand, so the "code sent" toast of /register is judged on the way. */
async function signUp(page: Page, lng: string): Promise<void> {
  const t = strings(lng);
  const email = uniqueEmail(`toast-${lng}`);
  await page.goto(`/register?ui_lang=${lng}`);
  const since = Date.now();
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toBeVisible();
  await expectToastClear(page, lng, t("auth:codeSent"));
  await page.getByLabel(t("auth:code")).fill(await mailedCode(email, since));
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page).toHaveURL(/\/airdrop$/);
  await expectToastClear(page, lng, t("auth:registered"));
}

for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: a toast never covers the page's buttons: sign-up, airdrop, exchange, recruit, and a button scrolled to the top`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = strings(lng);
    const page = await phone(browser);
    await signUp(page, lng);

    await page.getByRole("button", { name: t("airdrop:status.start") }).click();
    await expectToastClear(page, lng, t("airdrop:toast.started", { power: "100" }));

    await page.goto("/force");
    await page.getByRole("button", { name: t("tools:start.submit") }).click();
    await expect(page).toHaveURL(/\/swap\/\d+$/);
    await expectToastClear(page, lng, t("tools:toast.created"));
    await page.getByRole("button", { name: t("tools:exchange.copy") }).click();
    await expectToastClear(page, lng, t("tools:exchange.codeCopied"));

    await page.goto("/recruit");
    await page.getByRole("button", { name: t("team:recruit.copyCode") }).click();
    await expectToastClear(page, lng, t("team:recruit.codeCopied"));

    // Scrolled so that the handle's Bind button is at the very top, where a toast would sit: the
    // answer puts the task's Claim button in its place, and the toast goes elsewhere.
    await page.goto("/airdrop");
    const bind = page.getByRole("button", { name: t("airdrop:social.bind") });
    await bind.evaluate((el) => el.scrollIntoView({ block: "start" }));
    expect((await bind.boundingBox())!.y).toBeLessThan(40);
    const handle = `@vv_${Date.now().toString(36)}`;
    await page.getByLabel(t("airdrop:social.handleLabel")).fill(handle);
    await bind.click();
    const claim = page.getByRole("button", { name: t("airdrop:task.claim", { power: "20" }) });
    await expectToastClear(page, lng, t("airdrop:toast.bound", { handle }), claim);
    await page.context().close();
  });
}

test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  test("en: the toast of a claim covers none of the airdrop's buttons", async ({ browser, rounds }) => {
    const t = strings("en");
    const page = await phone(browser);
    await signedIn(page, { email: uniqueEmail("toast-claim"), started: true });
    // The round it waited for, then the round it minted in: one to claim.
    await rounds.close();
    await rounds.close();
    await page.reload();
    const claim = page.getByRole("button", { name: new RegExp(t("airdrop:status.claim", { amount: "\u0001" }).split("\u0001")[0]) });
    await claim.click();
    await expectToastClear(page, "en", t("airdrop:toast.claimed", { amount: "\u0001" }).split("\u0001")[0].trim());
    await page.context().close();
  });
});
