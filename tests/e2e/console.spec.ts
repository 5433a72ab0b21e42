import { execFile } from "node:child_process";
import { userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { ErrorCode } from "#contract/errors.ts";
import { withAuthenticator } from "./authenticator.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { E2E } from "./env.ts";
import { httpTransport, seedFarm } from "../setup/farm.ts";
import { mailedCode, mailMatching, screenshot, strings, uniqueEmail } from "./helpers.ts";

/**
 * The operators' console (issue 31, decision 063) as an operator meets it: made with the CLI
 * beside the running service (its embedded database is the service's: the command goes through
 * the service's socket), enrolled with the mailed code and a passkey, then reviewing avatars
 * with the keyboard and with reasons the user reads in their own language; every act audited.
 */

async function ops(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E.dataDir, PUBLIC_URL: E2E.baseUrl },
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
  await signedIn(page, { email: uniqueEmail(`console-${lng}`), lng });
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
  await expect(
    rows
      .filter({ hasText: "operator.add" })
      .filter({ hasText: `cli:${userInfo().username}` })
      .first(),
  ).toBeVisible();
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

/**
 * A new user who applies to the campaign in `lng` (the two required tasks, then the form with a
 * photo): answers their page, strings and display id as the console names them.
 */
async function applicant(browser: Browser, lng: string, color: { r: number; g: number; b: number }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const t = strings(lng);
  await signedIn(page, { email: uniqueEmail(`console-photo-${lng}`), lng });
  await page
    .getByRole("region", { name: t("airdrop:status.heading"), exact: true })
    .getByRole("button", { name: t("airdrop:status.start") })
    .click();
  await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();
  await page.goto("/campaign");
  const handle = `@e2e_${Date.now().toString(36)}${lng.replace("-", "")}`;
  await page.getByLabel(t("campaign:bind.label")).fill(handle);
  await page.getByRole("button", { name: t("campaign:bind.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.bound", { handle }) })).toBeVisible();
  await page.getByRole("link", { name: t("campaign:not_applied.apply") }).click();
  const contact = `${lng}.${Date.now()}@example.com`;
  await page.getByLabel(t("campaign:form.contact")).fill(contact);
  await page.getByLabel(t("campaign:form.photo")).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await picture(color) });
  await page.getByRole("button", { name: t("campaign:form.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.submitted") })).toBeVisible();
  const me = await (await page.request.get("/settings.data")).text();
  const displayId = /"display_id","(\d+)"/.exec(me)?.[1] ?? /display_id\D+(\d{6,})/.exec(me)![1];
  return { context, page, t, displayId, contact };
}

test("campaign photos: an operator approves one and rejects one with a reason the applicant reads in Arabic; the audit log shows both", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const approved = await applicant(browser, "en", { r: 60, g: 120, b: 200 });
  const rejected = await applicant(browser, "ar", { r: 30, g: 30, b: 30 });
  const { email, context, page } = await enrolledOperator(browser);

  await page.getByRole("link", { name: /^Campaign photos/ }).click();
  const approvedItem = page.getByRole("article", { name: `Campaign photo of user ${approved.displayId}` });
  const rejectedItem = page.getByRole("article", { name: `Campaign photo of user ${rejected.displayId}` });
  await expect(approvedItem.getByText(approved.contact)).toBeVisible();
  await expect.poll(() => approvedItem.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, "console-photos");
  await approvedItem.getByRole("button", { name: "Approve" }).click();
  await expect(approvedItem).toHaveCount(0);
  await rejectedItem.getByLabel("Reason to reject (the user reads it)").selectOption("not_campaign");
  await rejectedItem.getByLabel("Note for the audit log (optional)").fill("a landscape, no one in it");
  await rejectedItem.getByRole("button", { name: "Reject" }).click();
  await expect(rejectedItem).toHaveCount(0);

  await approved.page.goto("/campaign");
  await expect(approved.page.getByText(approved.t("campaign:state.approved"), { exact: true })).toBeVisible();
  await rejected.page.goto("/campaign");
  const refusal = rejected.page.getByRole("region", { name: rejected.t("campaign:rejected.title"), exact: true });
  await expect(refusal.getByRole("note")).toHaveText(
    `${rejected.t("campaign:rejected.reason")} ${rejected.t("moderation:photo.not_campaign")}`,
  );
  await screenshot(rejected.page, "console-refused-photo-ar");

  await page.getByRole("link", { name: "Audit log" }).click();
  const rows = page.getByRole("row").filter({ hasText: `operator:${email}` });
  await expect(rows.filter({ hasText: "campaign.approve" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "campaign.reject" })).toContainText("a landscape, no one in it");
  await Promise.all([context.close(), approved.context.close(), rejected.context.close()]);
});

test("the console on a phone: nothing scrolls sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/console/enrol");
  await expect(page.getByRole("heading", { level: 1, name: "Enrol" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, "console-enrol-phone");
  await context.close();

  // An operator's own passkeys and the audit log, on a phone, light and dark.
  const operator = await enrolledOperator(browser);
  await operator.page.setViewportSize({ width: 360, height: 740 });
  await operator.page.goto("/console/passkeys");
  // The one passkey enrolment made, marked as this session's, with its own revoke button.
  await expect(operator.page.getByRole("heading", { level: 2, name: /^Passkey \d+ \(this session\)$/ })).toBeVisible();
  await expect(operator.page.getByRole("button", { name: /^Revoke passkey \d+$/ })).toHaveCount(1);
  for (const [path, heading] of [
    ["/console/passkeys", "Your passkeys"],
    ["/console/audit", "Audit log"],
  ]) {
    await operator.page.goto(path);
    await expect(operator.page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await operator.page.emulateMedia({ colorScheme });
      expect(await operator.page.evaluate(() => document.documentElement.scrollWidth), `${path} in ${colorScheme}`).toBeLessThanOrEqual(
        360,
      );
      await screenshot(operator.page, `console${path.slice("/console".length).replace("/", "-")}-phone-${colorScheme}`);
    }
  }
  await operator.context.close();
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

/** The API as a phone's app calls it, from the address given (forwarded: the e2e API trusts loopback). */
const phoneApi = httpTransport(`http://127.0.0.1:${E2E.apiPort}`, (email) => mailedCode(email));

interface ApiUser {
  email: string;
  id: number;
  displayId: string;
  inviteCode: string;
  did: string;
  ip: string;
  token: string;
}

/**
 * A user who signed up from their phone through the API (invited, when `invite` is given) and
 * started the airdrop, a line in their ledger: their token is what is refused once they are banned.
 */
async function userByApi(email: string, ip: string, invite?: string): Promise<ApiUser> {
  const did = (await phoneApi.call({ method: "GET", path: "/v1/user/did/", ip })).data.did as string;
  const since = Date.now();
  const sent = await phoneApi.call({ method: "POST", path: "/v1/user/vcode/send/", body: { email, purpose: "register" }, did, ip });
  expect(sent.code, `code for ${email}`).toBe(0);
  const body = { email, code: await mailedCode(email, since), ...(invite ? { invite_code: invite } : {}) };
  const registered = await phoneApi.call({ method: "POST", path: "/v1/user/register/", body, did, ip });
  expect(registered.code, `register ${email}`).toBe(0);
  const token = registered.data.token as string;
  expect((await phoneApi.call({ method: "POST", path: "/v1/mint/start/", did, token, ip })).code).toBe(0);
  const me = await phoneApi.call({ method: "GET", path: "/v1/user/", did, token, ip });
  return {
    email,
    did,
    ip,
    token,
    id: registered.data.user.id,
    displayId: registered.data.user.display_id,
    inviteCode: me.data.invite_code,
  };
}

/** The banned user's old token: refused as banned, with the pass their appeal needs. */
async function appealPass(user: ApiUser): Promise<string> {
  const answer = await phoneApi.call({ method: "GET", path: "/v1/user/", did: user.did, token: user.token, ip: user.ip });
  expect(answer.code, "the banned account's old token").toBe(ErrorCode.accountBanned);
  return answer.data.appeal_pass as string;
}

async function sendAppeal(user: ApiUser, text: string): Promise<string> {
  const pass = await appealPass(user);
  const sent = await phoneApi.call({ method: "POST", path: "/v1/appeal/", body: { pass, text }, ip: user.ip });
  expect(sent.code, "appeal sent").toBe(0);
  return pass;
}

/** The console's people search, from the nav: the matching person's link opens their page. */
async function openPerson(page: Page, term: string, user: ApiUser) {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "People" }).click();
  await page.getByLabel("E-mail, display id, invite code or device id").fill(term);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `${user.displayId} ${user.email}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${user.displayId} ${user.email}` })).toBeVisible();
}

const APPEAL = "I am one person with one phone.\nI never ran a script: please look again.";

test("an operator finds a person by e-mail, sees their device and sign-in, bans them with a reason; their appeal is lifted and they are active again", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const t = strings("en");
  const user = await userByApi(uniqueEmail("banned"), "192.0.2.41");
  const { email, context, page } = await enrolledOperator(browser);
  const problems = browserErrors(page);

  // Searching: nothing yet, then nobody, then the user by their e-mail.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "People" }).click();
  await expect(page.getByText("Search by a whole e-mail address or its start")).toBeVisible();
  await page.getByLabel("E-mail, display id, invite code or device id").fill("nobody-at-all-here");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Nobody matches “nobody-at-all-here”.")).toBeVisible();
  await openPerson(page, user.email, user);

  // The person: the phone they signed up on and that sign-up, the airdrop's start in the ledger.
  const devices = page.getByRole("region", { name: /^Devices/ });
  await expect(devices.getByRole("article", { name: user.did })).toContainText("Registered hereYes");
  const signUp = page
    .getByRole("region", { name: /^Sign-ins/ })
    .getByRole("row")
    .filter({ hasText: user.did });
  await expect(signUp).toContainText("Sign-up");
  await expect(page.getByRole("region", { name: "Ledger" }).getByRole("row").filter({ hasText: "start" })).toContainText("power");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  // A device of its own: banned with a reason for the audit log, and let in again.
  const device = devices.getByRole("article", { name: user.did });
  await device.getByLabel("Reason (for the audit log)").selectOption("fraud");
  await device.getByLabel("Note, for the audit log only (optional)").fill("e2e: the device alone");
  await device.getByRole("button", { name: "Ban this device" }).click();
  await expect(device).toContainText(/BannedSince \d{4}-/);
  await device.getByRole("button", { name: "Unban this device" }).click();
  await expect(device).toContainText("BannedNo");

  // The ban: the reasons are the words the user reads; the note is the audit log's.
  const ban = page.getByRole("form", { name: "Ban the account" });
  const reason = ban.getByLabel("Reason (the user reads it)");
  await reason.selectOption("bot");
  await expect(reason.locator("option:checked")).toHaveText(t("moderation:ban.bot"));
  await ban.getByLabel("Note, for the audit log only (optional)").fill("e2e: signs in every 8 s to the second");
  await ban.getByRole("button", { name: "Ban this account" }).click();
  await expect(page).toHaveURL(new RegExp(`/console/people/${user.id}$`));
  await expect(page.getByText(/^Banned since \d{4}-\d\d-\d\d \d\d:\d\d UTC/)).toBeVisible();
  await expect(page.getByText(`Reason: ${t("moderation:ban.bot")}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unban" })).toBeVisible();

  await page.getByRole("link", { name: "Audit log" }).click();
  const act = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: `user:${user.id}`, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: "user.ban", exact: true }) });
  await expect(act).toContainText(`operator:${email}`);
  await expect(act).toContainText('"reason":"bot"');
  await expect(act).toContainText('"note":"e2e: signs in every 8 s to the second"');
  const deviceActs = page.getByRole("row").filter({ has: page.getByRole("cell", { name: `device:${user.did}`, exact: true }) });
  await expect(deviceActs.filter({ hasText: "device.ban" })).toContainText('"reason":"fraud"');
  await expect(deviceActs.filter({ hasText: "device.unban" })).toContainText(`operator:${email}`);

  // Their old login is refused as banned; the pass that answer carries sends an appeal.
  const pass = await sendAppeal(user, APPEAL);
  await page.goto("/console/people");
  await page.getByRole("link", { name: /^Appeals \(\d+\)$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Appeals \(\d+\)$/ })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: user.email });
  await expect(card.getByRole("link", { name: user.displayId })).toHaveAttribute("href", `/console/people/${user.id}`);
  await expect(card).toContainText(t("moderation:ban.bot"));
  // The user's words as they wrote them, line break and all, as text.
  expect(await card.locator("blockquote").evaluate((quote) => (quote as HTMLElement).innerText)).toBe(APPEAL);
  await card.getByRole("button", { name: "Lift the ban" }).click();
  await expect(page.getByRole("status")).toHaveText("Ban lifted: the owner is told by e-mail and can sign in again.");
  await expect(card).toHaveCount(0);

  await openPerson(page, user.displayId, user);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ban this account" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Appeals/ })).toContainText(`by operator:${email}`);
  const standing = await phoneApi.call({ method: "POST", path: "/v1/appeal/standing/", body: { pass }, ip: user.ip });
  expect(standing.data).toMatchObject({ banned: false, appeal: { status: "lifted" } });

  expect(problems, "browser errors").toEqual([]);

  // Nobody behind an unknown id: a page that says so, not a fault.
  const unknown = await page.goto("/console/people/987654321");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No such person" })).toBeVisible();
  await context.close();
});

/** The three pages in both widths and both colour schemes, for a person to look at (tests/.tmp/screenshots). */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(E2E.shotsDir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 360, height: 740 });
}

/** The browser errors of a page opened outside the test's own context (which the fixture watches). */
function browserErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => e.name !== "AbortError" && problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("people, a person and the appeals on a phone: nothing scrolls sideways; Enter in an appeal's note upholds the ban", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const inviter = await userByApi(uniqueEmail("inviter"), "192.0.2.56");
  const user = await userByApi(uniqueEmail("a-rather-long-mailbox-name-that-must-wrap-on-a-phone"), "192.0.2.57", inviter.inviteCode);
  const member = await userByApi(uniqueEmail("member"), "192.0.2.58", user.inviteCode);
  // A second phone: a second device and sign-in on the page.
  const phone = (await phoneApi.call({ method: "GET", path: "/v1/user/did/", ip: "198.51.100.23" })).data.did as string;
  const since = Date.now();
  await phoneApi.call({
    method: "POST",
    path: "/v1/user/vcode/send/",
    body: { email: user.email, purpose: "login" },
    did: phone,
    ip: "198.51.100.23",
  });
  const code = await mailedCode(user.email, since);
  const login = await phoneApi.call({
    method: "POST",
    path: "/v1/user/login/",
    body: { email: user.email, code },
    did: phone,
    ip: "198.51.100.23",
  });
  expect(login.code, "signed in on a second phone").toBe(0);

  const { context, page } = await enrolledOperator(browser);
  const problems = browserErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "People" }).click();
  await page.getByLabel("E-mail, display id, invite code or device id").fill(user.email.slice(0, 30));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: `${user.displayId} ${user.email}` })).toBeVisible();
  await noSidewaysScroll(page);
  await shoot(page, "console-people");

  await page.getByRole("link", { name: `${user.displayId} ${user.email}` }).click();
  await expect(page.getByRole("region", { name: "Devices (2)" })).toBeVisible();
  const team = page.getByRole("region", { name: "Team" });
  await expect(team.getByRole("link", { name: inviter.displayId })).toHaveAttribute("href", `/console/people/${inviter.id}`);
  await expect(team.getByRole("link", { name: member.displayId })).toHaveAttribute("href", `/console/people/${member.id}`);
  await page.getByLabel("Reason (the user reads it)").selectOption("multiple_accounts");
  await page.getByRole("button", { name: "Ban this account" }).click();
  await expect(page.getByRole("button", { name: "Unban" })).toBeVisible();
  // Unbroken words (a pasted link, a long id) wrap too.
  await sendAppeal(user, `Please look again.\n\nMy other phone: ${"x".repeat(120)}\nThank you.`);
  await page.reload();
  await expect(page.getByRole("region", { name: "Appeals (1)" })).toContainText("Waiting for a decision");
  await noSidewaysScroll(page);
  await shoot(page, "console-person");

  await page.getByRole("link", { name: /^Appeals \(\d+\)$/ }).click();
  const card = page.getByRole("article").filter({ hasText: user.email });
  await expect(card).toContainText("Thank you.");
  await noSidewaysScroll(page);
  await shoot(page, "console-appeals");

  // Enter in the note submits with the first button, Uphold: no ban is lifted by accident.
  await card.getByLabel("Note, for the audit log only (optional)").fill("two accounts on one phone");
  await card.getByLabel("Note, for the audit log only (optional)").press("Enter");
  await expect(page.getByRole("status")).toHaveText("Ban upheld: the owner is told by e-mail.");
  await expect(card).toHaveCount(0);
  await page.goto(`/console/people/${user.id}`);
  await expect(page.getByText(/^Banned since /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Appeals (1)" })).toContainText("Ban upheld");
  expect(problems, "browser errors").toEqual([]);
  await context.close();
});
