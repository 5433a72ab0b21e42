import { execFile } from "node:child_process";
import { promisify } from "node:util";
import sharp from "sharp";
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { mailMatching, screenshot, signedUpAs, strings, uniqueEmail } from "./helpers.ts";

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
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
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
