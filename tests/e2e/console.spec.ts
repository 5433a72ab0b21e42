import { execFile } from "node:child_process";
import { promisify } from "node:util";
import sharp from "sharp";
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { withAuthenticator } from "./authenticator.ts";
import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { httpTransport, seedFarm } from "../setup/farm.ts";
import { mailedCode, mailMatching, screenshot, signedUpAs, strings, uniqueEmail } from "./helpers.ts";

/**
 * The operators' console (issue 31, decision 063) as an operator meets it: made with the CLI
 * beside the running service (its embedded database is the service's: the command goes through
 * the service's socket), enrolled with the mailed code and a passkey, then reviewing avatars
 * with the keyboard and with reasons the user reads in their own language; every act audited.
 */

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E.dataDir, PUBLIC_URL: E2E.baseUrl, OPERATOR: "e2e-root" },
    encoding: "utf8",
  });
  return stdout.trim();
}

/** A laptop with a platform authenticator that verifies its user, as Chromium's DevTools make one. */
async function laptop(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { cdp } = await withAuthenticator(page);
  return { context, page, cdp };
}

async function picture(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A new user who sends an avatar for review, in `lng`; answers their display id as the console names them. */
async function userWithAvatar(browser: Browser, lng: string, color: { r: number; g: number; b: number }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const t = strings(lng);
  await signedUpAs(page, uniqueEmail(`console-${lng}`), { lng });
  await page.goto("/settings");
  await page.getByLabel(t("common:picture.choose")).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await picture(color) });
  await page.getByRole("button", { name: t("profile:avatar.send") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("profile:avatar.sent") })).toBeVisible();
  const me = await page.request.get("/settings.data");
  expect(me.ok()).toBe(true);
  const displayId = /"display_id","(\d+)"/.exec(await me.text())?.[1] ?? /display_id\D+(\d{6,})/.exec(await me.text())![1];
  return { context, page, t, displayId };
}

/** An operator made with the CLI and enrolled in the browser: their laptop, on the console. */
async function enrolledOperator(browser: Browser) {
  const email = uniqueEmail("operator");
  const since = Date.now();
  expect(await ops("operator-add", email)).toMatch(/^mailed an enrolment code to /);
  const mail = await mailMatching(email, since, (m) => m.subject === "Your VV console enrolment code");
  const code = /console: ([A-Z0-9]{10})/.exec(mail.text)![1];
  const { context, page } = await laptop(browser);
  await page.goto("/console/enrol");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Enrolment code").fill(code);
  await page.getByRole("button", { name: "Make a passkey" }).click();
  await expect(page).toHaveURL(/\/console\/avatars$/);
  return { email, context, page };
}

test("an operator made with the CLI beside the running service enrols, reviews avatars with reasons the users read, and the audit log shows it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("operator");
  const since = Date.now();
  expect(await ops("operator-add", email)).toMatch(/^mailed an enrolment code to /);
  const mail = await mailMatching(email, since, (m) => m.subject === "Your VV console enrolment code");
  const code = /console: ([A-Z0-9]{10})/.exec(mail.text)![1];

  const accepted = await userWithAvatar(browser, "en", { r: 40, g: 160, b: 90 });
  const refused = await userWithAvatar(browser, "ar", { r: 200, g: 40, b: 40 });

  const { context, page } = await laptop(browser);
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/login$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await screenshot(page, "console-login");
  await page.getByRole("link", { name: "Enrol with your code" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Enrolment code").fill("WRONGCODE9");
  await page.getByRole("button", { name: "Make a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("enrolment code is wrong or has expired");
  await page.getByLabel("Enrolment code").fill(code);
  await page.getByRole("button", { name: "Make a passkey" }).click();
  await expect(page).toHaveURL(/\/console\/avatars$/);
  await expect(page.getByText(email)).toBeVisible();

  const acceptedItem = page.getByRole("article", { name: `Avatar of user ${accepted.displayId}` });
  const refusedItem = page.getByRole("article", { name: `Avatar of user ${refused.displayId}` });
  await expect(acceptedItem.getByRole("img", { name: `Avatar of user ${accepted.displayId}` })).toBeVisible();
  await expect.poll(() => acceptedItem.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, "console-avatars");

  // The keyboard: focus on the accepted picture, A approves it.
  await acceptedItem.focus();
  await page.keyboard.press("a");
  await expect(acceptedItem).toHaveCount(0);
  // R goes to the reason; a reason chosen and Enter in the note rejects.
  await refusedItem.focus();
  await page.keyboard.press("r");
  await expect(refusedItem.getByLabel("Reason to reject (the user reads it)")).toBeFocused();
  await refusedItem.getByLabel("Reason to reject (the user reads it)").selectOption("explicit");
  await refusedItem.getByLabel("Note for the audit log (optional)").fill("red square, test");
  await refusedItem.getByLabel("Note for the audit log (optional)").press("Enter");
  await expect(refusedItem).toHaveCount(0);

  // The users see the outcome, the refused one with the reason in Arabic.
  await accepted.page.goto("/settings");
  await expect(accepted.page.getByText(accepted.t("profile:avatar.inReview"), { exact: true })).toHaveCount(0);
  await refused.page.goto("/settings");
  await expect(refused.page.getByText(refused.t("moderation:avatar.explicit"))).toBeVisible();
  await screenshot(refused.page, "console-refused-avatar-ar");

  await page.getByRole("link", { name: "Audit log" }).click();
  const rows = page.getByRole("row");
  await expect(
    rows
      .filter({ hasText: "avatar.reject" })
      .filter({ hasText: `operator:${email}` })
      .first(),
  ).toContainText("red square, test");
  await expect(rows.filter({ hasText: "avatar.approve" }).filter({ hasText: `operator:${email}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: "operator.add" }).filter({ hasText: "e2e-root" }).first()).toBeVisible();
  await screenshot(page, "console-audit");

  // The statuses users may show, with the words they read: what the CLI's status-icons lists.
  await page.getByRole("link", { name: "Status icons" }).click();
  await expect(page.getByRole("row").filter({ hasText: "working" })).toContainText("Working");
  await expect(page.getByRole("button", { name: "Save the status" })).toBeVisible();

  // Signed out, the passkey signs the operator in again; no code needed.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/console\/avatars$/);

  // A user's session reaches no console page and no console act.
  await refused.page.goto("/console/avatars");
  await expect(refused.page).toHaveURL(/\/console\/login$/);
  const post = await refused.page.request.post("/console/avatars", {
    form: { intent: "approve", user_id: "1" },
    headers: { Origin: E2E.baseUrl },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe("/console/login");

  for (const c of [context, accepted.context, refused.context]) await c.close();
});

test("the console on a phone: nothing scrolls sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/console/enrol");
  await expect(page.getByRole("heading", { level: 1, name: "Enrol" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, "console-enrol-phone");
  await context.close();
});

test("a generated farm of 50 accounts is one cluster with its evidence; 50 ordinary accounts are in none; one act bans it, one undoes it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const seeded = await seedFarm(
    httpTransport(`http://127.0.0.1:${E2E.apiPort}`, (email) => mailedCode(email)),
    { farmSize: 50, ordinarySize: 50, perDevice: 3 },
  );
  const farmIds = seeded.farm.map((a) => a.id).sort((a, b) => a - b);
  const ordinaryIds = new Set(seeded.ordinary.map((a) => a.id));
  const { email, context, page } = await enrolledOperator(browser);

  await page.getByRole("link", { name: "Farm signals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Farm signals/ })).toBeVisible();
  await screenshot(page, "console-farms");
  // Every cluster listed, opened: the farm's is exactly its 50 accounts, and no ordinary account is in any.
  const links = await page.getByRole("link", { name: "Evidence and ban" }).evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  let farmCluster: string | undefined;
  for (const href of links) {
    await page.goto(href);
    const members = (await page.getByRole("heading", { name: "Members" }).locator("xpath=following-sibling::p[1]").textContent())!
      .split(", ")
      .map(Number);
    expect(
      members.filter((id) => ordinaryIds.has(id)),
      `ordinary accounts in ${href}`,
    ).toEqual([]);
    if (members.some((id) => farmIds.includes(id))) {
      expect(members.sort((a, b) => a - b)).toEqual(farmIds);
      farmCluster = href;
    }
  }
  expect(farmCluster, "the farm's cluster").toBeDefined();

  await page.goto(farmCluster!);
  await expect(page.getByRole("heading", { level: 1, name: "Cluster of 50 accounts" })).toBeVisible();
  for (const signal of [
    "Signed up or in from one device",
    "From one network (a /24 or /48), close in time",
    "A burst of sign-ups under one inviter",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: signal })).toBeVisible();
  }
  await screenshot(page, "console-farm-evidence");
  await page.getByLabel("Reason (the users read it)").selectOption("farm");
  await page.getByRole("button", { name: "Ban 50 accounts" }).click();
  await expect(page).toHaveURL(/\/console\/farm-bans$/);
  const ban = page.getByRole("article").filter({ hasText: "50 accounts, farm" }).first();
  await expect(ban).toContainText(`by operator:${email}`);
  const api = (token: string) =>
    fetch(`http://127.0.0.1:${E2E.apiPort}/v1/user/?os=web&vcode=1`, { headers: { authorization: `HIN ${token}` } }).then((r) => r.json());
  // The farm's sessions ended with the ban; an ordinary one goes on.
  expect((await api(seeded.farm[0].token)).code).not.toBe(0);
  expect((await api(seeded.ordinary[0].token)).code).toBe(0);

  await ban.getByRole("button", { name: /^Undo ban \d+$/ }).click();
  await expect(ban).toContainText(`Undone`);
  await page.getByRole("link", { name: "Audit log" }).click();
  const rows = page.getByRole("row").filter({ hasText: `operator:${email}` });
  await expect(rows.filter({ hasText: "cluster.ban" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "cluster.unban" })).toHaveCount(1);
  await context.close();
});
