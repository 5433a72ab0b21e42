import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { violations } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { strings } from "./helpers.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";
import { signedIn } from "./accounts.ts";

/**
 * The citizen campaign from a person's first look at /campaign through an operator's decision:
 * the tasks done on /airdrop, the application form (its errors, the photo's preview), in review,
 * rejected with a reason, applied again, approved, and the share image the approved applicant
 * saves, copies the link of and shares (a PNG whose QR code is the invite link, the preview of
 * that link's page). In English, in Arabic at 360 px, without JavaScript, and under axe.
 *
 * The operator's commands open the database themselves, which the main e2e server's embedded
 * PGlite does not allow beside it: this file runs a server of its own on a scratch PostgreSQL
 * database (tests/e2e/own-server.ts), and the operator runs the real `api/src/cli/ops.ts` on it.
 */

// Beside the main run's ports, moved by E2E_PORT_OFFSET as they are.
const PORT = E2E.port + 30;
const API_PORT = E2E.apiPort + 45;
/** When the winners are announced (CAMPAIGN_ANNOUNCE_AT): the same day in every time zone the browser may have. */
const ANNOUNCE_AT = "2027-03-01T12:00:00Z";
const runId = randomBytes(3).toString("hex");
const photoDir = join("tests/.tmp", `campaign-photos-${runId}`);

let server: OwnServer;
let base = "";
let started = 0;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${PORT}`, permissions: ["clipboard-read", "clipboard-write"] });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  started = Date.now();
  mkdirSync(photoDir, { recursive: true });
  mkdirSync(E2E.shotsDir, { recursive: true });
  server = await startOwnServer({
    tag: "campaign",
    port: PORT,
    apiPort: API_PORT,
    testHooks: true,
    env: { CAMPAIGN_ANNOUNCE_AT: ANNOUNCE_AT },
  });
  base = server.baseUrl;
  console.log(`campaign: own server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(photoDir, { recursive: true, force: true });
  console.log(`campaign: whole spec ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server) console.log(`--- own server output ---\n${server.tail()}`);
});

// ---------------------------------------------------------------- helpers

let seq = 0;
const unique = (tag: string) => `${tag}-${runId}-${seq++}`;

/** A photo "from the phone": a JPEG made with sharp, written into tests/.tmp. */
async function photo(color: { r: number; g: number; b: number }): Promise<string> {
  const file = join(photoDir, `photo-${seq++}.jpg`);
  const face = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800"><circle cx="320" cy="330" r="170" fill="#f1c27d"/><rect x="120" y="540" width="400" height="260" rx="120" fill="#35507a"/></svg>`,
  );
  await sharp({ create: { width: 640, height: 800, channels: 3, background: color } })
    .composite([{ input: face }])
    .jpeg({ quality: 85 })
    .toFile(file);
  return file;
}

/** A second browser context on the own server whose page errors fail the test, like the fixture's. */
async function freshContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: base, ...options });
  const problems: string[] = [];
  context.on("page", (p) => {
    p.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    p.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  });
  return { context, page: await context.newPage(), problems };
}

/** Starts the free airdrop on /airdrop, where the task's "Go" link leads. */
async function startAirdrop(page: Page, lng: string): Promise<void> {
  const t = strings(lng);
  await expect(page).toHaveURL(/\/airdrop$/);
  const status = page.getByRole("region", { name: t("airdrop:status.heading"), exact: true });
  await status.getByRole("button", { name: t("airdrop:status.start") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("airdrop:toast.started", { power: "100" }) })).toBeVisible();
}

/**
 * Links an X handle in the campaign's own task list: first one that is not a handle, whose
 * refusal is said once, next to the field (announced, and no toast), then a good one. The
 * well-formed-handle adapter (no X_BEARER_TOKEN) accepts any well-formed handle.
 */
async function bindOnCampaign(page: Page, lng: string): Promise<void> {
  const t = strings(lng);
  await page.goto("/campaign");
  const row = taskRow(page, lng, "bind_social");
  const handleField = row.getByLabel(t("campaign:bind.label"));
  await handleField.fill("not a handle");
  await handleField.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: t("errors:210103") })).toBeVisible();
  await expect(page.getByText(t("errors:210103"))).toHaveCount(1);
  await expect(handleField).toHaveAttribute("aria-invalid", "true");
  await expect(handleField).toHaveAccessibleDescription(new RegExp(escape(t("errors:210103"))));
  await expect(handleField).toHaveValue("not a handle");
  const handle = `@e2e_${randomBytes(4).toString("hex")}`;
  await handleField.fill(handle);
  await row.getByRole("button", { name: t("campaign:bind.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.bound", { handle }) })).toBeVisible();
  await expect(taskRow(page, lng, "bind_social").getByText(t("campaign:tasks.done"), { exact: true })).toBeVisible();
  await expect(page.getByText(t("errors:210103"))).toHaveCount(0);
}

/** What the profile calls the signed-in user (their nickname, else their alias in this language). */
async function shownName(page: Page, lng: string): Promise<string> {
  await page.goto("/mine");
  const card = page.getByRole("region", { name: strings(lng)("profile:card"), exact: true });
  return (await card.locator("bdi").first().innerText()).trim();
}

/** Every link, button and field on the page is at least 44 px each way (the visually hidden skip link aside). */
async function tapTargetsFit(page: Page, state: string): Promise<void> {
  // Measured at rest: a toast sliding or scaling in is its final size only once its animation ends.
  const small = await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    return [...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary")]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1)
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.id).trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
  });
  expect(small, `tap targets under 44 px: ${state}`).toEqual([]);
}

/**
 * What approval brings, before anyone applies: the citizen's title and card, the configured
 * share of a friend's power, and the configured date of the winners' announcement.
 */
async function checkPromise(page: Page, lng: string, date: string): Promise<void> {
  const t = strings(lng);
  const promise = page.getByRole("region", { name: t("campaign:promise.title"), exact: true });
  await expect(promise.getByText(t("campaign:promise.citizen"), { exact: true })).toBeVisible();
  await expect(promise.getByText(t("campaign:promise.citizenBody"))).toBeVisible();
  await expect(promise.getByText(t("campaign:promise.team"), { exact: true })).toBeVisible();
  const percent = new Intl.NumberFormat(lng, { style: "percent" }).format(0.25);
  await expect(promise).toContainText(t("campaign:promise.teamBody", { percent: `\u2068${percent}\u2069` }));
  await expect(promise).toContainText(t("campaign:promise.winnersOn", { date: `\u2068${date}` }));
  await expect(promise.getByText(t("campaign:promise.winnersBody"))).toBeVisible();
  await expect(promise.getByRole("link", { name: t("campaign:announce.link") })).toHaveAttribute("href", "https://x.com/vv_official");
}

/** A submit with nothing filled in: no bubble of the browser's, our own words next to the contact field, once. */
async function submitEmpty(page: Page, lng: string): Promise<void> {
  const t = strings(lng);
  const form = page.getByRole("region", { name: t("campaign:form.title"), exact: true });
  const contactField = form.getByLabel(t("campaign:form.contact"));
  await form.getByRole("button", { name: t("campaign:form.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: t("errors:300116") })).toBeVisible();
  await expect(page.getByText(t("errors:300116"))).toHaveCount(1);
  await expect(contactField).toHaveAttribute("aria-invalid", "true");
  await expect(contactField).toHaveAccessibleDescription(new RegExp(escape(t("errors:300116"))));
  // The photo field is `required` only so that, without JavaScript, a line can say a file was taken
  // (input:valid); the form itself is never checked by the browser, so no bubble ever shows.
  expect(await contactField.evaluate((el: HTMLInputElement) => el.validationMessage), "the browser's own message").toBe("");
  expect(await contactField.evaluate((el: HTMLInputElement) => el.form!.noValidate), "the browser checks nothing").toBe(true);
}

function taskRow(page: Page, lng: string, task: string) {
  return page.getByRole("listitem").filter({ hasText: strings(lng)(`campaign:tasks.${task}`) });
}

/** The operator's listing, row by row (tab-separated: user id, display id, name, submitted, photo, contact). */
async function pending(): Promise<string[][]> {
  const out = await server.ops("applications");
  if (out.startsWith("no campaign application")) return [];
  const [header, ...rows] = out.split("\n");
  expect(header).toBe("user id\tdisplay id\tname\tsubmitted\tphoto\tcontact");
  return rows.map((r) => r.split("\t"));
}

/** The user id of the application in review with this contact, as the operator finds it. */
async function applicantWith(contact: string): Promise<string> {
  const row = (await pending()).find((r) => r[5] === contact);
  expect(row, `an application with contact ${contact} in the operator's listing`).toBeDefined();
  expect(row![4]).toMatch(/^\/media\/[A-Za-z0-9_-]+\.\w+$/);
  expect(Date.now() - Date.parse(row![3])).toBeLessThan(5 * 60_000);
  return row![0];
}

/** The page's width fits the phone: nothing scrolls sideways. */
async function noSidewaysScroll(page: Page, width = 360): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * The share image as a link preview bot or the save link fetches it: a 1200x630 PNG, not a
 * blank card, whose QR code reads as the invite link; a revalidation with its ETag is a 304.
 * Kept under tests/.tmp/screenshots to be looked at.
 */
async function checkShareImage(page: Page, path: string, link: string, name: string): Promise<void> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  const etag = res.headers()["etag"];
  expect(etag).toBeTruthy();
  expect(res.headers()["cache-control"]).toMatch(/public/);
  const png = await res.body();
  writeFileSync(join(E2E.shotsDir, `${name}.png`), png);
  const meta = await sharp(png).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width: 1200, height: 630 });
  const stats = await sharp(png).stats();
  expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), "not a blank card").toBeGreaterThan(20);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data).toBe(link);
  const again = await page.request.get(path, { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
}

/** The whole page in the light and the dark scheme, beside shot()'s. */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(E2E.shotsDir, `${name}-${scheme}.png`), animations: "disabled", fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** What the phone shows, under tests/.tmp/screenshots, with `what` scrolled into view when given. */
async function shot(page: Page, name: string, what?: ReturnType<Page["locator"]>): Promise<void> {
  if (what) await what.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: join(E2E.shotsDir, `${name}.png`), animations: "disabled" });
}

// ---------------------------------------------------------------- the tests

test("en: what approval brings, the tasks (the X handle linked in place), the form's errors and preview, in review, rejected, applied again, approved, and the share image; axe at each state, light and dark", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const t = strings("en");
  await signedIn(page, { email: `${unique("citizen")}@example.com`, baseUrl: server.baseUrl, apiUrl: server.apiUrl });

  // The invite code the user has from the start, as /recruit shows it.
  await page.goto("/recruit");
  const shown = (await page.locator(".invite-code").innerText()).trim();
  expect(shown).toMatch(/^INV-[A-Z0-9]{8}$/);
  const code = shown.slice("INV-".length);
  const link = `${base}/register?invite=${code}`;
  const imagePath = `/campaign/share/${code}.png`;

  // From /mine to the campaign: not applied, and applying is locked until the required tasks are done.
  const name = await shownName(page, "en");
  await page.getByRole("link", { name: t("profile:campaign") }).click();
  await expect(page).toHaveURL(/\/campaign$/);
  await expect(page.getByRole("heading", { level: 1, name: t("campaign:title") })).toBeVisible();
  const notApplied = page.getByRole("region", { name: t("campaign:not_applied.title"), exact: true });
  await expect(notApplied.getByText(t("campaign:state.not_applied"), { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: t("campaign:not_applied.apply") })).toHaveCount(0);
  await expect(notApplied.getByText(t("campaign:not_applied.locked"))).toBeVisible();
  const date = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date(ANNOUNCE_AT));
  await checkPromise(page, "en", date);
  await tapTargetsFit(page, "not applied");
  await expect(taskRow(page, "en", "start_airdrop")).toContainText(t("campaign:tasks.required"));
  await expect(taskRow(page, "en", "bind_social")).toContainText(t("campaign:tasks.required"));
  await expect(taskRow(page, "en", "invite_friends")).toContainText(t("campaign:tasks.optional"));
  await expect(taskRow(page, "en", "invite_friends").getByRole("link", { name: t("campaign:tasks.go") })).toHaveAttribute(
    "href",
    "/recruit",
  );
  // The form's own address opens no form while the required tasks are not done.
  await page.goto("/campaign?step=apply");
  await expect(page.getByRole("heading", { name: t("campaign:form.title") })).toHaveCount(0);

  await taskRow(page, "en", "start_airdrop")
    .getByRole("link", { name: t("campaign:tasks.go") })
    .click();
  await startAirdrop(page, "en");
  await bindOnCampaign(page, "en");
  await tapTargetsFit(page, "tasks done");

  await page.goto("/campaign");
  for (const task of ["start_airdrop", "bind_social"]) {
    await expect(taskRow(page, "en", task).getByText(t("campaign:tasks.done"), { exact: true })).toBeVisible();
    await expect(taskRow(page, "en", task).getByRole("link")).toHaveCount(0);
  }
  await expect(page.getByText(t("campaign:not_applied.locked"))).toHaveCount(0);
  await page.getByRole("link", { name: t("campaign:not_applied.apply") }).click();
  await expect(page).toHaveURL(/\/campaign\?step=apply$/);
  const form = page.getByRole("region", { name: t("campaign:form.title"), exact: true });
  await expect(form).toBeVisible();
  await meetsWcag(page, "form");

  await tapTargetsFit(page, "form");

  // Nothing filled: the server's refusal, in the page's language, is said once, next to the field.
  const contactField = form.getByLabel(t("campaign:form.contact"));
  const photoField = form.getByLabel(t("campaign:form.photo"));
  await submitEmpty(page, "en");
  await expect(contactField).toHaveAccessibleDescription(new RegExp(escape(t("campaign:form.contactHint"))));
  await expect(form.locator("#contact-error")).toHaveText(t("errors:300116"));
  expect(await violations(page), "form with an error").toEqual([]);

  // Contact given, no photo: now the photo field is the one in error, and the contact is kept.
  const firstContact = `first.${runId}@example.com`;
  await contactField.fill(firstContact);
  await form.getByRole("button", { name: t("campaign:form.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: t("errors:300117") })).toBeVisible();
  await expect(page.getByText(t("errors:300117"))).toHaveCount(1);
  await expect(photoField).toHaveAttribute("aria-invalid", "true");
  await expect(photoField).toHaveAccessibleDescription(new RegExp(escape(t("errors:300117"))));
  await expect(contactField).not.toHaveAttribute("aria-invalid", "true");
  await expect(contactField).toHaveValue(firstContact);

  // The photo chosen is previewed before anything is sent; Enter in the contact field sends it.
  await photoField.setInputFiles(await photo({ r: 200, g: 90, b: 60 }));
  const preview = form.getByRole("img", { name: t("campaign:form.preview") });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await contactField.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.submitted") })).toBeVisible();
  await expect(page).toHaveURL(/\/campaign$/);
  const inReview = page.getByRole("region", { name: t("campaign:in_review.title"), exact: true });
  await expect(inReview.getByText(t("campaign:state.in_review"), { exact: true })).toBeVisible();
  await expect(inReview.getByText(firstContact)).toBeVisible();
  await expect(inReview.getByText(t("campaign:submitted"))).toBeVisible();
  const sentPhoto = inReview.getByRole("img", { name: t("campaign:form.photo") });
  await sentPhoto.scrollIntoViewIfNeeded();
  await expect.poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: t("campaign:not_applied.apply") })).toHaveCount(0);
  const firstSrc = await sentPhoto.getAttribute("src");
  expect(firstSrc).toMatch(/^\/media\/[A-Za-z0-9_-]+\.webp$/);
  await page.reload();
  await expect(sentPhoto).toBeVisible();
  await tapTargetsFit(page, "in review");
  await shot(page, "campaign-in-review-en");
  expect(await violations(page), "in review").toEqual([]);

  // The operator rejects it with a reason: the applicant reads it and may apply again.
  const userId = await applicantWith(firstContact);
  expect(await server.ops("application-reject", userId, "unclear", "too", "dark")).toBe(
    `rejected the campaign application of user ${userId}`,
  );
  await page.reload();
  const rejected = page.getByRole("region", { name: t("campaign:rejected.title"), exact: true });
  await expect(rejected.getByText(t("campaign:state.rejected"), { exact: true })).toBeVisible();
  await expect(rejected.getByRole("note")).toHaveText(`${t("campaign:rejected.reason")} ${t("moderation:photo.unclear")}`);
  // Not approved (yet): the invite link's page has no preview picture.
  {
    const visitor = await freshContext(browser);
    await visitor.page.goto(`/register?invite=${code}`);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.page.locator('meta[property="og:image"]')).toHaveCount(0);
    expect((await visitor.page.request.get(imagePath)).status()).toBe(404);
    await visitor.context.close();
    expect(visitor.problems).toEqual([]);
  }
  await rejected.getByRole("link", { name: t("campaign:rejected.again") }).click();
  await expect(page).toHaveURL(/\/campaign\?step=apply$/);
  const secondContact = `Telegram @citizen_${runId}`;
  await form.getByLabel(t("campaign:form.contact")).fill(secondContact);
  await form.getByLabel(t("campaign:form.photo")).setInputFiles(await photo({ r: 60, g: 140, b: 210 }));
  await expect(preview).toBeVisible();
  await form.getByRole("button", { name: t("campaign:form.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.submitted") })).toBeVisible();
  await expect(inReview.getByText(secondContact)).toBeVisible();
  const sentSrc = await sentPhoto.getAttribute("src");
  expect(sentSrc).not.toBe(firstSrc);

  // Approved: the citizen card with the photo sent and the name, and the share image, saved, copied and shared.
  expect(await applicantWith(secondContact)).toBe(userId);
  expect(await server.ops("application-approve", userId)).toBe(`approved the campaign application of user ${userId}`);
  await page.reload();
  const approved = page.getByRole("region", { name: t("campaign:approved.title"), exact: true });
  await expect(approved.getByText(t("campaign:state.approved"), { exact: true })).toBeVisible();
  const card = approved.getByRole("group", { name: t("campaign:card.label") });
  const cardPhoto = card.getByRole("img", { name: t("campaign:form.photo") });
  await expect(cardPhoto).toHaveAttribute("src", sentSrc!);
  await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card.getByText(t("campaign:card.title"), { exact: true })).toBeVisible();
  await checkPromise(page, "en", date);
  await tapTargetsFit(page, "approved");
  const image = approved.getByRole("img", { name: t("campaign:approved.image") });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  const save = approved.getByRole("link", { name: t("campaign:approved.save") });
  await expect(save).toHaveAttribute("download", /\.png$/);
  await expect(save).toHaveAttribute("href", imagePath);
  await expect(approved.getByRole("button", { name: t("campaign:approved.share") })).toBeVisible();
  await expect(approved.getByLabel(t("campaign:approved.link"))).toHaveValue(link);
  await shot(page, "campaign-approved-en");
  await meetsWcag(page, "approved");
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "campaign-approved-en-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await approved.getByRole("button", { name: t("campaign:approved.copy") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("campaign:approved.copied") })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole("region", { name: t("campaign:tasks.title"), exact: true })).toHaveCount(0);

  await checkShareImage(page, imagePath, link, "campaign-share-image-en");

  // The shared link, opened by someone signed out: its page previews the share image.
  const visitor = await freshContext(browser);
  await visitor.page.goto(`/register?invite=${code}`);
  await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${base}${imagePath}`);
  await expect(visitor.page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(visitor.page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const crawled = await visitor.page.request.get(`${base}${imagePath}`);
  expect(crawled.status()).toBe(200);
  expect(crawled.headers()["content-type"]).toBe("image/png");
  await visitor.context.close();
  expect(visitor.problems).toEqual([]);
});

for (const lng of ["ar", "ta"] as const) {
  test(`${lng}: at 360 px (${lng === "ar" ? "right to left" : "long words"}), the texts in the language, applying and approval; light and dark`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = strings(lng);
    await signedIn(page, { email: `${unique(`citizen-${lng}`)}@example.com`, lng, baseUrl: server.baseUrl, apiUrl: server.apiUrl });
    const name = await shownName(page, lng);
    await page.goto("/campaign");
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByRole("heading", { level: 1, name: t("campaign:title") })).toBeVisible();
    await expect(page.getByText(t("campaign:lead"))).toBeVisible();
    const notApplied = page.getByRole("region", { name: t("campaign:not_applied.title"), exact: true });
    await expect(notApplied.getByText(t("campaign:state.not_applied"), { exact: true })).toBeVisible();
    await expect(notApplied.getByText(t("campaign:not_applied.locked"))).toBeVisible();
    await checkPromise(page, lng, new Intl.DateTimeFormat(lng, { dateStyle: "long", timeZone: "UTC" }).format(new Date(ANNOUNCE_AT)));
    await expect(page.getByRole("region", { name: t("campaign:tasks.title"), exact: true })).toBeVisible();
    await expect(taskRow(page, lng, "bind_social")).toContainText(t("campaign:tasks.required"));
    await noSidewaysScroll(page);
    await tapTargetsFit(page, "not applied");
    await shootBoth(page, `campaign-not-applied-${lng}`);

    await taskRow(page, lng, "start_airdrop")
      .getByRole("link", { name: t("campaign:tasks.go") })
      .click();
    await startAirdrop(page, lng);
    await bindOnCampaign(page, lng);
    await expect(taskRow(page, lng, "start_airdrop").getByText(t("campaign:tasks.done"), { exact: true })).toBeVisible();
    await page.getByRole("link", { name: t("campaign:not_applied.apply") }).click();
    const form = page.getByRole("region", { name: t("campaign:form.title"), exact: true });
    await expect(form.getByText(t("campaign:form.contactHint"))).toBeVisible();
    await submitEmpty(page, lng);
    await noSidewaysScroll(page);
    await shootBoth(page, `campaign-form-error-${lng}`);

    // Opened again, the form is clean. A contact that mixes scripts: the language's words and a Latin handle.
    await page.reload();
    await expect(form.getByText(t("errors:300116"))).toHaveCount(0);
    const contact = `${lng === "ar" ? "تيليجرام" : "டெலிகிராம்"} @citizen_${runId}`;
    await form.getByLabel(t("campaign:form.contact")).fill(contact);
    await form.getByLabel(t("campaign:form.photo")).setInputFiles(await photo({ r: 40, g: 150, b: 110 }));
    await expect(form.getByRole("img", { name: t("campaign:form.preview") })).toBeVisible();
    await noSidewaysScroll(page);
    await tapTargetsFit(page, "form");
    await form.getByRole("button", { name: t("campaign:form.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.submitted") })).toBeVisible();
    const inReview = page.getByRole("region", { name: t("campaign:in_review.title"), exact: true });
    await expect(inReview.getByText(t("campaign:state.in_review"), { exact: true })).toBeVisible();
    await expect(inReview.getByText(contact)).toBeVisible();
    const sentSrc = await inReview.getByRole("img", { name: t("campaign:form.photo") }).getAttribute("src");
    await noSidewaysScroll(page);
    await tapTargetsFit(page, "in review");
    await shootBoth(page, `campaign-in-review-${lng}`);

    const userId = await applicantWith(contact);
    await server.ops("application-approve", userId);
    await page.reload();
    const approved = page.getByRole("region", { name: t("campaign:approved.title"), exact: true });
    await expect(approved.getByText(t("campaign:approved.body"))).toBeVisible();
    const card = approved.getByRole("group", { name: t("campaign:card.label") });
    await expect(card.getByRole("img", { name: t("campaign:form.photo") })).toHaveAttribute("src", sentSrc!);
    await expect(card.getByText(name, { exact: true })).toBeVisible();
    const image = approved.getByRole("img", { name: t("campaign:approved.image") });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await expect(approved.getByRole("link", { name: t("campaign:approved.save") })).toBeVisible();
    await expect(approved.getByRole("button", { name: t("campaign:approved.copy") })).toBeVisible();
    await expect(approved.getByRole("button", { name: t("campaign:approved.share") })).toBeVisible();
    const link = await approved.getByLabel(t("campaign:approved.link")).inputValue();
    expect(link).toMatch(new RegExp(`^${escape(base)}/register\\?invite=[A-Z0-9]+$`));
    await noSidewaysScroll(page);
    await tapTargetsFit(page, "approved");
    await meetsWcag(page, "approved");
    await shootBoth(page, `campaign-approved-${lng}`);
    // The card is drawn in the language (right to left in Arabic); its QR code still reads as the link.
    await checkShareImage(page, `/campaign/share/${new URL(link).searchParams.get("invite")}.png`, link, `campaign-share-image-${lng}`);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tasks, the form's refusal and the application are plain form posts; the approved card is saved by its link", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = strings("en");
    await signedIn(page, { email: `${unique("citizen-nojs")}@example.com`, baseUrl: server.baseUrl, apiUrl: server.apiUrl });
    await page.goto("/campaign");
    await expect(page.getByText(t("campaign:not_applied.locked"))).toBeVisible();
    await taskRow(page, "en", "start_airdrop")
      .getByRole("link", { name: t("campaign:tasks.go") })
      .click();
    await startAirdrop(page, "en");
    // The handle is linked in place by a plain form post too, its refusal next to the field.
    await bindOnCampaign(page, "en");
    await page.getByRole("link", { name: t("campaign:not_applied.apply") }).click();
    const form = page.getByRole("region", { name: t("campaign:form.title"), exact: true });

    // Nothing filled: the page the server sends back says what is wrong, once, next to the field.
    await submitEmpty(page, "en");

    const contact = `nojs.${runId}@example.com`;
    await form.getByLabel(t("campaign:form.contact")).fill(contact);
    await form.getByLabel(t("campaign:form.photo")).setInputFiles(await photo({ r: 230, g: 200, b: 70 }));
    await form.getByRole("button", { name: t("campaign:form.submit") }).click();
    await expect(page).toHaveURL(/\/campaign$/);
    await expect(page.getByRole("status").filter({ hasText: t("campaign:toast.submitted") })).toBeVisible();
    const inReview = page.getByRole("region", { name: t("campaign:in_review.title"), exact: true });
    await expect(inReview.getByText(t("campaign:state.in_review"), { exact: true })).toBeVisible();
    await expect(inReview.getByText(contact)).toBeVisible();

    await server.ops("application-approve", await applicantWith(contact));
    await page.reload();
    const approved = page.getByRole("region", { name: t("campaign:approved.title"), exact: true });
    await expect
      .poll(() => approved.getByRole("img", { name: t("campaign:approved.image") }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1200);
    await expect(approved.getByRole("link", { name: t("campaign:approved.save") })).toHaveAttribute(
      "href",
      /^\/campaign\/share\/[A-Z0-9]+\.png$/,
    );
    await expect(approved.getByLabel(t("campaign:approved.link"))).toHaveValue(new RegExp(`^${escape(base)}/register\\?invite=[A-Z0-9]+$`));
    // Sharing and copying need JavaScript: without it those buttons are not offered at all.
    await expect(approved.getByRole("button")).toHaveCount(0);
  });
});

/** axe (WCAG 2 AA) finds nothing on the page as it stands, in the light and the dark scheme. */
async function meetsWcag(page: Page, state: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page), `${state}, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
