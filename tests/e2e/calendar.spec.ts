import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { screenshot, strings, uniqueEmail } from "./helpers.ts";

test("after starting, /airdrop offers the round's end as a calendar file to download", async ({ page }) => {
  const t = strings("en");
  const status = page.getByRole("region", { name: t("airdrop:status.heading") });
  const link = status.getByRole("link", { name: t("airdrop:calendar.addLabel") });

  await signedIn(page, { email: uniqueEmail("calendar") });
  await expect(status.getByRole("button", { name: t("airdrop:status.start") })).toBeVisible();
  await expect(link).toHaveCount(0);
  // The file's address opened before starting: back on the page, told why.
  await page.goto("/airdrop/round.ics");
  await expect(page).toHaveURL(/\/airdrop$/);
  await expect(page.getByRole("status").filter({ hasText: t("airdrop:calendar.noRound") })).toBeVisible();

  await status.getByRole("button", { name: t("airdrop:status.start") }).click();
  await expect(link).toBeVisible();
  await expect(link).toHaveText(t("airdrop:calendar.add"));
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vv-round-\d+\.ics$/);
  const ics = await readFile((await download.path())!, "utf8");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(ics).toContain("\r\nSUMMARY;LANGUAGE=en:VV: round ");
  // The page is still there, signed in: the file did not replace it.
  await expect(link).toBeVisible();

  // Looked at in a left-to-right, a right-to-left and a long-word language, light and dark.
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const lng of ["en", "ar", "ta"]) {
      await page.goto(`/airdrop?ui_lang=${lng}`);
      const named = page.getByRole("link", { name: strings(lng)("airdrop:calendar.addLabel") });
      await expect(named).toBeVisible();
      // Centred, so the bottom tabs do not cover it in the picture.
      await named.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await screenshot(page, `calendar-airdrop-${lng}-${scheme}`);
    }
  }
});
