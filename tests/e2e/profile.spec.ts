import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { mailedCode, screenshot, sendCodeRefused, startAirdrop, strings, uniqueEmail } from "./helpers.ts";

/** A small phone photo, with the camera's make and where it was taken. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#4a7" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();

const openSettings = async (page: Page, t: ReturnType<typeof strings>) => {
  await page.getByRole("link", { name: t("common:tabs.profile"), exact: true }).click();
  await page.getByRole("link", { name: t("profile:settings.open") }).click();
  await expect(page).toHaveURL(/\/settings$/);
};

for (const lng of ["en", "ar"]) {
  test(`${lng}: a new user names themself, then sets a status and an avatar; the profile shows them`, async ({ page }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`profile-${lng}`), lng });
    // Asked once, once the airdrop has started: the welcome card with the nickname field.
    await startAirdrop(page, lng);
    const welcome = page.getByRole("region", { name: t("profile:welcome.title") });
    await expect(welcome).toBeVisible();
    await welcome.getByRole("textbox", { name: t("profile:nickname.label") }).fill("admin");
    await welcome.getByRole("button", { name: t("common:save") }).click();
    await expect(page.getByRole("textbox", { name: t("profile:nickname.label") })).toHaveAccessibleDescription(
      new RegExp(t("errors:300108")),
    );
    // The refusal is shown on /settings, next to the field, with what was typed.
    await page.getByRole("textbox", { name: t("profile:nickname.label") }).fill("Aiko 星");
    await page
      .getByRole("region", { name: t("profile:nickname.title") })
      .getByRole("button", { name: t("common:save") })
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:nickname.saved") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: t("profile:settings.title") })).toBeVisible();

    await page
      .getByRole("group", { name: t("profile:status.title") })
      .getByLabel(t("profile:statuses.working"))
      .check();
    await expect(page.getByRole("status").filter({ hasText: t("profile:status.saved") })).toBeVisible();

    await page.getByLabel(t("common:picture.choose")).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
    await expect(page.getByText(t("profile:avatar.previewHint"))).toBeVisible();
    await page.getByRole("button", { name: t("profile:avatar.send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:avatar.sent") })).toBeVisible();
    await expect(page.getByText(t("profile:avatar.inReview"), { exact: true })).toBeVisible();
    const src = await page.locator(".avatar-edit img").getAttribute("src");
    expect(src).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.webp$/);
    const media = await page.request.get(src!);
    expect(media.headers()["content-type"]).toBe("image/webp");
    expect(media.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await media.body()).includes(Buffer.from("PhoneCo"))).toBe(false);
    await screenshot(page, `settings-${lng}`);

    await page.getByRole("link", { name: t("common:tabs.profile"), exact: true }).click();
    await expect(page.getByText("Aiko 星")).toBeVisible();
    await expect(page.getByRole("img", { name: t("profile:statuses.working") })).toBeVisible();
    await screenshot(page, `mine-profile-${lng}`);
    // Asked once: the welcome card does not come back.
    await page.goto("/airdrop");
    await expect(page.getByRole("region", { name: t("profile:welcome.title") })).toHaveCount(0);
  });
}

test("switching the language to Urdu re-renders at once, right to left, and stays with the account", async ({ page, browser }) => {
  const t = strings("en");
  const email = uniqueEmail("urdu");
  await signedIn(page, { email });
  await openSettings(page, t);
  await page.getByLabel(t("common:language")).selectOption("ur");
  const ur = strings("ur");
  await expect(page.getByRole("heading", { level: 1, name: ur("profile:settings.title") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");

  // Another phone: after logging in, the account's language is used.
  const other = await (await browser.newContext()).newPage();
  await other.goto("/login");
  const since = Date.now();
  await other.getByLabel(t("auth:email")).fill(email);
  await other.getByRole("button", { name: t("auth:sendCode") }).click();
  await other.getByLabel(t("auth:code")).fill(await mailedCode(email, since));
  await other.getByRole("button", { name: t("auth:logIn"), exact: true }).click();
  await expect(other.locator("html")).toHaveAttribute("dir", "rtl");
  await other.context().close();
});

test("logging out from settings asks first; deleting the account needs DELETE typed exactly, and frees the e-mail", async ({ page }) => {
  const t = strings("en");
  const email = uniqueEmail("leaving");
  await signedIn(page, { email });
  await openSettings(page, t);
  await page.getByRole("link", { name: t("profile:logout") }).click();
  await expect(page.getByRole("alertdialog", { name: t("profile:logoutConfirmTitle") })).toBeVisible();
  await page.getByRole("link", { name: t("common:cancel") }).click();

  await page.getByRole("link", { name: t("profile:delete.open") }).click();
  const sheet = page.getByRole("alertdialog", { name: t("profile:delete.title") });
  await sheet.getByLabel(t("profile:delete.label", { word: "DELETE" })).fill("delete");
  await sheet.getByRole("button", { name: t("profile:delete.submit") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300110")));
  await expect(sheet.getByLabel(t("profile:delete.label", { word: "DELETE" }))).toHaveAccessibleDescription(new RegExp(t("errors:300110")));
  await sheet.getByLabel(t("profile:delete.label", { word: "DELETE" })).fill("DELETE");
  await sheet.getByRole("button", { name: t("profile:delete.submit") }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("status").filter({ hasText: t("profile:delete.done") })).toBeVisible();
  await screenshot(page, "deleted-en");
  // The e-mail is gone from the account: logging in with it finds nobody.
  await page.goto("/login");
  await sendCodeRefused(page, email, 300012);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the avatar uploads as a plain multipart form; the nickname saves; a wrong file is refused by the field", async ({ page }) => {
    const t = strings("en");
    await signedIn(page, { email: uniqueEmail("nojs-profile") });
    await page.goto("/settings");
    await page
      .getByLabel(t("common:picture.choose"))
      .setInputFiles({ name: "page.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>not a picture") });
    await page.getByRole("button", { name: t("profile:avatar.send") }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300112")));
    await expect(page.getByLabel(t("common:picture.choose"))).toHaveAccessibleDescription(new RegExp(t("errors:300112")));
    await page.getByLabel(t("common:picture.choose")).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
    await page.getByRole("button", { name: t("profile:avatar.send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:avatar.sent") })).toBeVisible();
    await expect(page.getByText(t("profile:avatar.inReview"), { exact: true })).toBeVisible();
    await page.getByRole("textbox", { name: t("profile:nickname.label") }).fill("Ravi");
    await page
      .getByRole("button", { name: t("common:save") })
      .first()
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:nickname.saved") })).toBeVisible();
    await expect(page.getByRole("textbox", { name: t("profile:nickname.label") })).toHaveValue("Ravi");
  });
});
