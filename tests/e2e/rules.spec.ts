import type { Page } from "@playwright/test";
import { isolate } from "#app/utils/format.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { strings } from "./helpers.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

// A server of the spec's own (on PostgreSQL), so the operator command can schedule a version while it runs.
const PORT = E2E.port + 12;
let server: OwnServer;
let next: Date;

const HOUR = 3_600_000;
const EPOCH = Date.parse("2026-01-01T00:00:00Z");

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Default rules (8-hour rounds from the default epoch, 24 hours' notice); the scheduler re-reads the versions every half second.
  server = await startOwnServer({ tag: "rules", port: PORT, apiPort: E2E.apiPort + 12, env: { SCHEDULER_TICK_MS: "500" } });
  // The first 8-hour boundary a day and an hour from now.
  next = new Date(EPOCH + Math.ceil((Date.now() + 25 * HOUR - EPOCH) / (8 * HOUR)) * 8 * HOUR);
  const at = next.toISOString().replace(".000Z", "Z");
  const out = await server.ops("schedule-rules", "--at", at, "--set", "ROUND_SECONDS=21600", "--set", "VV_PER_POWER_PER_ROUND=0.02");
  expect(out).toBe(`scheduled rule version 2 from ${at}: ROUND_SECONDS 28800 -> 21600, VV_PER_POWER_PER_ROUND 0.01 -> 0.02`);
  // The running server reads the versions again at its next scheduler tick.
  await expect.poll(async () => (await (await fetch(`http://127.0.0.1:${E2E.apiPort + 12}/v1/rules/`)).json()).data.next?.version).toBe(2);
});
test.afterAll(async () => server?.stop());

/** A time as the page writes it: in the reader's time zone, or in UTC saying so. */
function when(lng: string, at: Date, zone?: string): string {
  const text = new Intl.DateTimeFormat(lng, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone ?? "UTC",
  }).format(at);
  return isolate(zone ? text : `${text} UTC`);
}

const unit = (lng: string, n: number, name: string) =>
  isolate(new Intl.NumberFormat(lng, { style: "unit", unit: name, unitDisplay: "long" }).format(n));
const vv = (lng: string, amount: string) =>
  isolate(`${new Intl.NumberFormat(lng, { maximumFractionDigits: 8 }).format(amount as never)}\u00a0VV`);

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const [lng, zone] of [
  ["en", undefined],
  ["ar", "Asia/Riyadh"],
] as const) {
  test(`/rules in ${lng}${zone ? `, read in ${zone}` : ", time zone unknown"}: the version in force, the scheduled next with its start and changes, the history; no script`, async ({
    page,
    context,
  }) => {
    const t = strings(lng);
    if (zone) await context.addCookies([{ name: "vv_tz", value: encodeURIComponent(zone), url: server.baseUrl }]);
    await page.goto(`/rules?ui_lang=${lng}`);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("rules:heading"));
    await expect(page).toHaveTitle(t("rules:meta.title"));

    const coming = page.getByRole("region", { name: t("rules:next.title", { version: isolate("2"), time: when(lng, next, zone) }) });
    await expect(coming).toBeVisible();
    await expect(coming.getByRole("term")).toHaveText([t("rules:label.roundSeconds"), t("rules:label.vvPerPower")]);
    await expect(coming.getByRole("definition")).toHaveText([
      t("rules:next.change", { from: unit(lng, 8, "hour"), to: unit(lng, 6, "hour") }),
      t("rules:next.change", { from: vv(lng, "0.01"), to: vv(lng, "0.02") }),
    ]);

    const inForce = page.getByRole("region", { name: t("rules:inForce.title", { version: isolate("1") }) });
    await expect(inForce.getByText(t("rules:inForce.since", { time: when(lng, new Date(EPOCH), zone) }))).toBeVisible();
    const rounds = inForce.getByRole("region", { name: t("rules:section.rounds") });
    await expect(rounds.getByRole("listitem")).toHaveText([
      t("rules:rule.roundLength", { duration: unit(lng, 8, "hour") }),
      t("rules:rule.vvPerPower", { amount: vv(lng, "0.01") }),
      t("rules:rule.pause", { count: 3, rounds: isolate(new Intl.NumberFormat(lng).format(3)) }),
    ]);
    for (const section of ["power", "team", "stones", "gifts"]) {
      await expect(inForce.getByRole("region", { name: t(`rules:section.${section}`) })).toBeVisible();
    }

    const history = page.getByRole("region", { name: t("rules:history.heading") });
    await expect(history.getByRole("listitem")).toHaveText([
      t("rules:history.item", { version: isolate("1"), time: when(lng, new Date(EPOCH), zone) }) + t("rules:history.first"),
    ]);
    await expect(page.getByRole("link", { name: t("rules:privacy") })).toHaveAttribute("href", "/privacy");
    await expect(page.locator("script")).toHaveCount(0);
    expect(await sideways(page)).toBe(0);
  });
}

test("/privacy links to /rules", async ({ page }) => {
  const t = strings("en");
  await page.goto("/privacy?ui_lang=en");
  await page.getByRole("link", { name: t("legal:rules") }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("rules:heading"));
});

for (const lng of ["en", "ar", "ta"]) {
  test(`screenshots of /rules in ${lng}, light and dark, under axe`, async ({ page }) => {
    await page.goto(`/rules?ui_lang=${lng}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shootBothThemes(page, `page-rules-${lng}`);
    // The whole page too, for the eye: the band and the next version fill the first screen.
    await page.screenshot({ path: `${E2E.shotsDir}/page-rules-${lng}-full.png`, fullPage: true });
  });
}
