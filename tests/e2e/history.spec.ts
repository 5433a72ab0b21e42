import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

type T = ReturnType<typeof strings>;

/** A translated sentence with some of its values left open, as a pattern. */
function sentence(t: T, key: string, params: Record<string, string>, open: string[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const marked = Object.fromEntries(open.map((name) => [name, "\u0001"]));
  return new RegExp(
    t(key, { ...params, ...marked })
      .split("\u0001")
      .map(escape)
      .join(".+?"),
  );
}

const history = (page: Page, t: T) => page.getByRole("region", { name: t("ledger:title") });

// On the clocked server: the round the test needs closes when it says so (decision 069).
test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  for (const lng of ["en", "ar"]) {
    test(`${lng}: /mine explains every change: the start, then a round with its own and team power and rate; a filter by kind; the history downloads as CSV`, async ({
      page,
      rounds,
    }) => {
      const t = strings(lng);
      await page.setViewportSize({ width: 360, height: 740 });
      await signedIn(page, { email: uniqueEmail(`history-${lng}`), lng, started: true, goto: false });

      await page.goto("/mine");
      const start = history(page, t)
        .getByRole("listitem")
        .filter({ hasText: t("ledger:line.start") });
      await expect(start).toContainText(sentence(t, "ledger:asset.power", {}, ["amount"]));
      await expect(start).toContainText("+100");

      // The first round the user is in closes: its line says how it was paid.
      const round = history(page, t)
        .getByRole("listitem")
        .filter({ hasText: sentence(t, "ledger:line.round", { own: "100", team: "0", rate: "0.01", amount: "1.00" }, ["round"]) });
      // The round it waited for, then the round it minted in.
      await rounds.close();
      await rounds.close();
      await page.reload();
      await expect(round).toHaveCount(1);
      await expect(round).toContainText(t("ledger:version", { version: "1" }));

      // Only rounds: the start line goes; the page says which kind it shows, without JavaScript needed.
      await history(page, t)
        .getByLabel(t("ledger:filter.label"))
        .selectOption({ label: t("ledger:filter.kinds.round") });
      await history(page, t)
        .getByRole("button", { name: t("ledger:filter.submit") })
        .click();
      await expect(page).toHaveURL(/[?&]kind=round/);
      await expect(start).toHaveCount(0);
      await expect(round).toHaveCount(1);

      await page.goto("/settings");
      const data = page.getByRole("region", { name: t("ledger:data.title") });
      const downloading = page.waitForEvent("download");
      await data.getByRole("link", { name: t("ledger:data.formats.ledger_csv") }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^vv-\d+-\d{4}-\d{2}-\d{2}-history\.csv$/);
      const csv = await readFile((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFFid,time_utc,kind,asset,amount,rule_version,")).toBe(true);
      expect(csv).toMatch(/\r\n\d+,\d{4}-\d{2}-\d{2}T[\d:.]+Z,start,power,100,1,/);
      expect(csv).toMatch(/\r\n\d+,[^,]+,round,unclaimed,1\.00000000,1,\d+,100,0,0,0\.01000000,/);
      await expect(data).toBeVisible();
    });
  }
});

test("the history and the data card, in English, Arabic and Tamil, light and dark, under axe", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signedIn(page, { email: uniqueEmail("history-shots"), started: true, goto: false });
  for (const lng of ["en", "ar", "ta"]) {
    await page.goto(`/mine?ui_lang=${lng}#history`);
    await history(page, strings(lng)).scrollIntoViewIfNeeded();
    await shootBothThemes(page, `history-${lng}`);
    await page.goto(`/settings?ui_lang=${lng}#data`);
    await page.getByRole("region", { name: strings(lng)("ledger:data.title") }).scrollIntoViewIfNeeded();
    await shootBothThemes(page, `data-card-${lng}`);
  }
});
