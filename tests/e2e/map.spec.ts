import type { Browser, Page } from "@playwright/test";
import { violations } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { screenshot, startAirdrop, strings, uniqueEmail } from "./helpers.ts";

// Each test keeps to a region of its own: they share one database and run side by side.
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
/** About 6 km from PARIS. */
const NEAR_PARIS = { latitude: 48.9, longitude: 2.4 };
/** About 100 km north of PARIS: outside the 50 km radius. */
const AMIENS_WAY = { latitude: 49.75, longitude: 2.35 };
const CAIRO = { latitude: 30.0444, longitude: 31.2357 };
const NEAR_CAIRO = { latitude: 30.08, longitude: 31.28 };
const NAIROBI = { latitude: -1.2921, longitude: 36.8219 };

type Place = { latitude: number; longitude: number };

/** A new user in a phone of their own at `place`, location allowed or not, named on the welcome card. */
async function personAt(browser: Browser, place: Place, name: string, opts: { lng?: string; allow?: boolean } = {}): Promise<Page> {
  const lng = opts.lng ?? "en";
  const t = strings(lng);
  const context = await browser.newContext({
    geolocation: place,
    permissions: opts.allow === false ? [] : ["geolocation"],
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await signedIn(page, { email: uniqueEmail(`map-${name.toLowerCase()}`), lng });
  await startAirdrop(page, lng);
  const welcome = page.getByRole("region", { name: t("profile:welcome.title") });
  await welcome.getByRole("textbox", { name: t("profile:nickname.label") }).fill(name);
  await welcome.getByRole("button", { name: t("common:save") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("profile:nickname.saved") })).toBeVisible();
  return page;
}

/** From the profile tab to the map, as a person would go. */
async function openMap(page: Page, lng = "en"): Promise<void> {
  const t = strings(lng);
  await page.getByRole("link", { name: t("common:tabs.profile") }).click();
  await page.getByRole("link", { name: t("profile:nearby") }).click();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByRole("heading", { level: 1, name: t("map:title") })).toBeVisible();
}

async function share(page: Page, lng = "en"): Promise<void> {
  const t = strings(lng);
  await expect(page.getByRole("heading", { name: t("map:intro.title") })).toBeVisible();
  await expect(page.getByText(t("map:intro.kept"))).toBeVisible();
  const tile = page.waitForRequest((req) => req.url().startsWith(`http://127.0.0.1:${E2E.tilePort}/tiles/`));
  await page.getByRole("button", { name: t("map:share.button") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("map:toast.shared") })).toBeVisible();
  await tile;
}

const nearbyList = (page: Page, lng = "en") => page.getByRole("region", { name: strings(lng)("map:nearby.title") });

test("two people near each other see each other on the map and in the list; one 100 km away sees neither", async ({ browser }) => {
  const t = strings("en");
  const stamp = String(Date.now()).slice(-5);
  const [ana, ben, cleo] = [`Ana${stamp}`, `Ben${stamp}`, `Cleo${stamp}`];
  const a = await personAt(browser, PARIS, ana);
  const b = await personAt(browser, NEAR_PARIS, ben);
  const c = await personAt(browser, AMIENS_WAY, cleo);
  for (const page of [a, b, c]) {
    await openMap(page);
    await share(page);
  }

  await b.reload();
  await expect(nearbyList(b).getByText(ana)).toBeVisible();
  await expect(nearbyList(b).getByText(cleo)).toHaveCount(0);
  await expect(nearbyList(b).getByText(ben)).toHaveCount(0);
  await a.reload();
  await expect(nearbyList(a).getByRole("listitem").filter({ hasText: ben })).toContainText(t("map:nearby.distance", { distance: "6" }));
  await expect(nearbyList(a).getByText(cleo)).toHaveCount(0);
  // On the map: Ben's marker, and the user's own point.
  const map = a.getByRole("region", { name: t("map:map.label") });
  await expect(map.getByRole("button", { name: ben })).toBeVisible();
  await expect(map.getByText("Test tiles")).toBeVisible();
  // The tiles drew (a page reached without a reload keeps its first page's CSP: it allows them).
  await expect(map.getByText(t("map:map.failed"))).toHaveCount(0);
  expect(await violations(a)).toEqual([]);
  await screenshot(a, "map-en");

  await c.reload();
  await expect(nearbyList(c).getByText(t("map:nearby.none", { radius: "50" }))).toBeVisible();

  // Ben stops sharing: he is gone from Ana's list, and his page asks again.
  await b.getByRole("button", { name: t("map:stop.button") }).click();
  await expect(b.getByRole("status").filter({ hasText: t("map:toast.stopped") })).toBeVisible();
  await expect(b.getByRole("button", { name: t("map:share.button") })).toBeVisible();
  await a.reload();
  await expect(nearbyList(a).getByText(t("map:nearby.none", { radius: "50" }))).toBeVisible();
  for (const page of [a, b, c]) await page.context().close();
});

test("refused location: the page says how to allow it and still explains the map; nothing is shared", async ({ browser }) => {
  const t = strings("en");
  const page = await personAt(browser, NAIROBI, `Dora${String(Date.now()).slice(-5)}`, { allow: false });
  await openMap(page);
  await page.getByRole("button", { name: t("map:share.button") }).click();
  // Said once, next to the button: the page's only alert, no toast repeating it.
  await expect(page.getByRole("alert")).toHaveText(t("map:share.denied"));
  await expect(page.getByRole("button", { name: t("map:share.button") })).toHaveAccessibleDescription(t("map:share.denied"));
  await expect(page.getByText(t("map:intro.shown"))).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: t("map:intro.title") })).toBeVisible();
  await page.context().close();
});

test("ar: the map page reads right to left, shares and lists in Arabic", async ({ browser }) => {
  const t = strings("ar");
  const stamp = String(Date.now()).slice(-5);
  const a = await personAt(browser, CAIRO, `Rami${stamp}`, { lng: "ar" });
  const b = await personAt(browser, NEAR_CAIRO, `Sara${stamp}`, { lng: "ar" });
  for (const page of [b, a]) {
    await openMap(page, "ar");
    await share(page, "ar");
  }
  await expect(a.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(nearbyList(a, "ar").getByText(`Sara${stamp}`)).toBeVisible();
  await expect(a.getByRole("region", { name: t("map:map.label") }).getByRole("button", { name: `Sara${stamp}` })).toBeVisible();
  await expect(a.getByText(t("map:map.failed"))).toHaveCount(0);
  const scrollWidth = await a.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await screenshot(a, "map-ar");
  for (const page of [a, b]) await page.context().close();
});

test("without JavaScript the page explains sharing and says the map needs it; signed out, /map asks to log in first", async ({
  browser,
}) => {
  const t = strings("en");
  const page = await personAt(browser, NAIROBI, `Eve${String(Date.now()).slice(-5)}`);
  const cookies = await page.context().cookies();
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await noJs.addCookies(cookies);
  const plain = await noJs.newPage();
  await plain.goto("/map");
  await expect(plain.getByRole("heading", { name: t("map:intro.title") })).toBeVisible();
  await expect(plain.getByText(t("map:intro.kept"))).toBeVisible();
  // Nothing that needs the phone's position is offered; the message is a <noscript> (which
  // Playwright's switch does not render, a browser without JavaScript does).
  await expect(plain.getByRole("button", { name: t("map:share.button") })).toHaveCount(0);
  const html = await (await plain.request.get("/map")).text();
  expect(html).toContain(`<noscript><p class="notice notice--warn">${t("map:noScript")}</p></noscript>`);
  const anonymous = await browser.newPage();
  await anonymous.goto("/map");
  await expect(anonymous).toHaveURL(/\/login\?redirectTo=%2Fmap$/);
  await Promise.all([page.context().close(), noJs.close(), anonymous.context().close()]);
});
