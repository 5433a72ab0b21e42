import type { Page } from "@playwright/test";
import { shootBothThemes } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

/** The limits line under the picture field, as the server words it in `lng` (the suite's default of 5 MiB). */
function limitsText(lng: string): string {
  const types = new Intl.ListFormat(lng, { type: "disjunction" }).format(["JPEG", "PNG", "WebP"]);
  return strings(lng)("common:picture.limits", { types, size: sizeText(lng) });
}

function sizeText(lng: string): string {
  return new Intl.NumberFormat(lng, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(5).replace(/ /g, "\u00a0");
}

/** Once the page's script runs, status and language apply on change and their Save buttons go. */
async function hydrated(page: Page, t: ReturnType<typeof strings>): Promise<void> {
  await expect(page.getByRole("button", { name: t("profile:status.save") })).toHaveCount(0);
}

/** Pictures on the page the browser could not draw (a broken preview). */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src));
}

/** Every control a finger can reach that is smaller than 44 x 44 px: an input's target is its label when that is larger. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")) {
      if (el.closest("[aria-hidden=true]") || el.tabIndex < 0 || (el as HTMLInputElement).type === "hidden") continue;
      // WCAG's one exception: a link inside a sentence.
      if (el.tagName === "A" && el.parentElement?.tagName === "P" && el.parentElement.textContent!.trim() !== el.textContent!.trim())
        continue;
      const boxes = [el, ...((el as HTMLInputElement).labels ?? [])].map((node) => node.getBoundingClientRect());
      const box = boxes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      if (box.width === 0 && box.height === 0 && !(el as HTMLInputElement).labels?.length) continue;
      if (box.height < 44 || box.width < 44)
        small.push(
          `${el.tagName} "${(el.textContent || el.getAttribute("name") || "").trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
    }
    return small;
  });
}

test("ar: the picture picker is a button in Arabic that states the types and the limit; a file that is no picture is refused once, next to it, with no broken preview", async ({
  page,
}) => {
  const t = strings("ar");
  await signedIn(page, { email: uniqueEmail("picker-ar"), lng: "ar" });
  await page.goto("/settings?ui_lang=ar");
  await hydrated(page, t);
  const field = page.getByLabel(t("common:picture.choose"));
  // The browser's own "Choose File / No file chosen" is out of sight; the label in the page's language is the button.
  expect((await field.boundingBox())!.width).toBeLessThanOrEqual(1);
  const button = page.getByText(t("common:picture.choose"), { exact: true });
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(page.getByText(limitsText("ar"), { exact: true })).toBeVisible();
  await expect(field).toHaveAccessibleDescription(limitsText("ar"));

  await field.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>not a picture") });
  const error = t("errors:300112");
  await expect(page.getByRole("alert")).toHaveText(error);
  await expect(field).toHaveAccessibleDescription(new RegExp(error));
  await expect(page.getByText(error)).toHaveCount(1);
  expect(await brokenImages(page)).toEqual([]);
  await expect(page.getByText(t("profile:avatar.previewHint"))).toHaveCount(0);
});

test("en: a photo over the limit is refused in the browser, saying the limit, before it is sent", async ({ page }) => {
  const t = strings("en");
  await signedIn(page, { email: uniqueEmail("picker-big") });
  await page.goto("/settings");
  await hydrated(page, t);
  await page
    .getByLabel(t("common:picture.choose"))
    .setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByRole("alert")).toHaveText(t("errors:pictureTooLarge", { size: sizeText("en") }));
  await expect(page.getByLabel(t("common:picture.choose"))).toHaveAccessibleDescription(new RegExp(sizeText("en")));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsole: [/status of 413/] });
  test("the server refuses a photo over the limit next to the field, saying the limit, and status still saves with its button", async ({
    page,
  }) => {
    const t = strings("ta");
    await signedIn(page, { email: uniqueEmail("nojs-big"), lng: "ta" });
    await page.goto("/settings");
    await page
      .getByLabel(t("common:picture.choose"))
      .setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024) });
    await expect(page.getByText(t("common:picture.chosen"))).toBeVisible();
    await page.getByRole("button", { name: t("profile:avatar.send") }).click();
    const error = t("errors:pictureTooLarge", { size: sizeText("ta") });
    await expect(page.getByRole("alert")).toHaveText(error);
    await expect(page.getByText(error)).toHaveCount(1);

    await page
      .getByRole("group", { name: t("profile:status.title") })
      .getByLabel(t("profile:statuses.gaming"))
      .check();
    await page.getByRole("button", { name: t("profile:status.save") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("profile:status.saved") })).toBeVisible();
    await expect(page.getByLabel(t("profile:statuses.gaming"))).toBeChecked();
  });
});

test("status applies when chosen and survives a reload; the language applies when chosen", async ({ page }) => {
  const t = strings("en");
  await signedIn(page, { email: uniqueEmail("apply") });
  await page.goto("/settings");
  await hydrated(page, t);
  const working = page.getByRole("group", { name: t("profile:status.title") }).getByRole("radio", { name: t("profile:statuses.working") });
  await working.check();
  await expect(page.getByRole("status").filter({ hasText: t("profile:status.saved") })).toBeVisible();
  await expect(working).toBeFocused();
  await page.reload();
  await expect(page.getByRole("radio", { name: t("profile:statuses.working") })).toBeChecked();

  const account = page.getByRole("region", { name: t("profile:settings.account") });
  await expect(account.getByRole("button", { name: t("common:save") })).toHaveCount(0);
  await account.getByLabel(t("common:language")).selectOption("ta");
  const ta = strings("ta");
  await expect(page.locator("html")).toHaveAttribute("lang", "ta");
  await expect(page.getByRole("heading", { level: 1, name: ta("profile:settings.title") })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: ta("common:saved") })).toBeVisible();
});

test("ar: the danger zone is a card of its own, apart from log out, saying what is lost; the sheet's wrong word shows once, next to its field", async ({
  page,
}) => {
  const t = strings("ar");
  await signedIn(page, { email: uniqueEmail("danger-ar"), lng: "ar" });
  await page.goto("/settings?ui_lang=ar");
  const account = page.getByRole("region", { name: t("profile:settings.account") });
  await expect(account.getByRole("link", { name: t("profile:logout") })).toBeVisible();
  await expect(account.getByRole("link", { name: t("profile:delete.open") })).toHaveCount(0);
  const zone = page.getByRole("region", { name: t("profile:delete.zoneTitle") });
  for (const loss of ["vv", "power", "team", "exchanges", "gifts", "history"]) {
    await expect(zone.getByText(t(`profile:delete.lost.${loss}`), { exact: true })).toBeVisible();
  }
  await expect(zone.getByRole("link", { name: t("profile:logout") })).toHaveCount(0);

  await zone.getByRole("link", { name: t("profile:delete.open") }).click();
  const sheet = page.getByRole("alertdialog", { name: t("profile:delete.title") });
  await expect(sheet.getByText(t("profile:delete.lost.power"), { exact: true })).toBeVisible();
  const word = sheet.getByLabel(t("profile:delete.label", { word: "DELETE" }));
  await word.fill("delete");
  await word.press("Enter");
  const error = t("errors:300110");
  await expect(word).toHaveAccessibleDescription(error);
  await expect(page.getByRole("alert")).toHaveText(error);
  await expect(page.getByText(error)).toHaveCount(1);
});

test("every tap target on /settings is at least 44 x 44 px, in English and Arabic; screenshots in en, ar and ta", async ({ page }) => {
  await signedIn(page, { email: uniqueEmail("targets") });
  for (const lng of ["en", "ar", "ta"]) {
    await page.goto(`/settings?ui_lang=${lng}`);
    expect(await smallTargets(page), lng).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lng}: no sideways scroll`).toBeLessThanOrEqual(360);
    await shootBothThemes(page, `settings-page-${lng}`);
  }
});
