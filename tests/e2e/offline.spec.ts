import type { Page } from "@playwright/test";
import { APP_KEY_HEADER } from "#contract/wire.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { logout, strings, uniqueEmail } from "./helpers.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

/**
 * The service worker (decision 042): it controls the pages, keeps only the build's assets and the
 * anonymous offline page, answers a page that cannot load with that page and the last figures,
 * forgets them at logout, and stays out of the native apps. Then "Install the app".
 */

type T = ReturnType<typeof strings>;

/** Once the worker is installed and controls the page (it claims open pages when it activates). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every URL in every cache, without the origin. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    }
    return all;
  });
}

/**
 * The network goes away once the page has settled: a route-discovery request still in flight
 * would otherwise fail and log, as it would on a phone, but that is not what these tests check.
 */
async function goOffline(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.context().setOffline(true);
}

/** The airdrop page has written its figures for the offline page. */
async function figuresSaved(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await caches.match("/__figures", { cacheName: "vv-figures" })) !== undefined);
}

/** The balance the airdrop page last wrote for the offline page, once it has written one. */
async function savedBalance(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await (await caches.match("/__figures", { cacheName: "vv-figures" }))?.json())?.vv);
}

function offlinePage(page: Page, t: T) {
  return page.getByRole("heading", { level: 1, name: t("common:error.offlineTitle") });
}

test("the worker controls the pages and keeps no signed-in page and no page data", async ({ page }) => {
  await signedIn(page, { email: uniqueEmail("sw-caches") });
  await controlled(page);
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  // Pages under the worker's control: a reload, and tabs whose data comes as `.data`.
  const en = strings("en");
  await page.reload();
  await page.getByRole("link", { name: en("common:tabs.team") }).click();
  await expect(page.getByRole("heading", { level: 1, name: en("team:title") })).toBeVisible();
  await page.getByRole("link", { name: en("common:tabs.profile") }).click();
  await expect(page.getByRole("heading", { level: 1, name: en("profile:title") })).toBeVisible();
  await figuresSaved(page);

  const caches = await cachedUrls(page);
  const urls = Object.values(caches).flat();
  expect(urls.filter((u) => u.includes(".data"))).toEqual([]);
  const allowed = /^\/(assets\/|offline\?lang=en$|__figures$|__sw\/language$|offline\.js$|favicon\.ico$|icon\.svg$|manifest\.webmanifest)/;
  expect(urls.filter((u) => !allowed.test(u))).toEqual([]);
  expect(urls).toContain("/offline?lang=en");
  expect(urls.some((u) => /^\/assets\/.+\.css$/.test(u))).toBe(true);
  expect(urls.some((u) => /^\/assets\/entry\.client-.+\.js$/.test(u))).toBe(true);
});

for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: offline, a reload shows the offline page with the last figures, in the reader's language`, async ({ page, context }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`sw-offline-${lng}`), lng });
    await page
      .getByRole("region", { name: t("airdrop:status.heading") })
      .getByRole("button", { name: t("airdrop:status.start") })
      .click();
    await expect(page.getByRole("region", { name: t("airdrop:power.heading"), exact: true })).toContainText("100");
    const balance = (await page.locator(".hero__amount bdi").innerText()).trim();
    await controlled(page);
    // A page the worker saw, so it knows the reader's language.
    await page.reload();
    await figuresSaved(page);
    await page.waitForFunction(async (lng) => (await caches.match(`/offline?lang=${lng}`)) !== undefined, lng);

    await goOffline(page);
    await page.reload();
    await expect(offlinePage(page, t)).toBeVisible();
    await expect(page).toHaveURL(/\/airdrop$/);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
    const figures = page.getByRole("region", { name: t("offline:lastKnown") });
    await expect(figures).toBeVisible();
    await expect(figures.getByText(t("common:balance.vv"))).toBeVisible();
    await expect(figures.locator("[data-figure=vv]")).toHaveText(balance);
    await expect(figures.locator("[data-figure=power]")).toHaveText("100");
    await expect(figures.getByText(t("offline:roundEnd"))).toBeVisible();
    await expect(figures.locator("time")).not.toBeEmpty();
    const asOf = t("offline:asOf", { time: "" }).trim();
    await expect(figures.getByText(asOf)).toBeVisible();
    await expect(page.getByText(t("offline:nothingSaved"))).toBeHidden();
    const retry = page.getByRole("link", { name: t("common:error.retry") });
    await expect(retry).toHaveAttribute("href", `${E2E.baseUrl}/airdrop`);
    await shootBothThemes(page, `offline-page-${lng}`);

    await context.setOffline(false);
    await retry.click();
    await expect(page.getByRole("heading", { level: 1, name: t("airdrop:title") })).toBeVisible();
  });
}

test("logout forgets the last figures: the offline page then has none to show", async ({ page }) => {
  const en = strings("en");
  await signedIn(page, { email: uniqueEmail("sw-logout") });
  await controlled(page);
  await page.reload();
  await figuresSaved(page);
  await logout(page);
  await expect.poll(() => page.evaluate(() => caches.has("vv-figures"))).toBe(false);

  await goOffline(page);
  await page.goto("/airdrop");
  await expect(offlinePage(page, en)).toBeVisible();
  await expect(page.getByText(en("offline:nothingSaved"))).toBeVisible();
  await expect(page.getByRole("region", { name: en("offline:lastKnown") })).toBeHidden();
  await expect(page.getByText(en("common:balance.vv"))).toBeHidden();
  await shootBothThemes(page, "offline-page-nothing-en");
});

test("another account signing in never sees the last one's figures", async ({ page }) => {
  await signedIn(page, { email: uniqueEmail("sw-switch-a") });
  await controlled(page);
  await page.reload();
  await figuresSaved(page);
  // The session ends without the logout button (it expired): the next sign-in still clears them.
  await page.context().clearCookies();
  await page.goto("/register");
  const deleted = page.waitForFunction(async () => !(await caches.has("vv-figures")));
  await page.getByLabel(strings("en")("auth:email")).fill(uniqueEmail("sw-switch-b"));
  await page.getByRole("button", { name: strings("en")("auth:sendCode") }).click();
  await deleted;
});

test("inside the native app no service worker is registered", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as Record<string, unknown>).VVAndroid = { postMessage: () => undefined };
    // Every call to register a worker, counted: none may come.
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
      (window as unknown as { registers: number }).registers = ((window as unknown as { registers?: number }).registers ?? 0) + 1;
      return register(...args);
    };
  });
  await page.setExtraHTTPHeaders({ [APP_KEY_HEADER]: E2E.nativeAppKey });
  await page.goto("/login");
  await page.waitForLoadState("load");
  // Registration waits for the phone to be idle after load: an idle callback asked for now runs after the page's.
  await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => setTimeout(done, 0))));
  expect(await page.evaluate(() => (window as unknown as { registers?: number }).registers ?? 0)).toBe(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

test.describe("Install the app", () => {
  test("where the browser offers it, the button opens the browser's own dialog", async ({ page }) => {
    const en = strings("en");
    await signedIn(page, { email: uniqueEmail("sw-install") });
    await page.getByRole("link", { name: en("common:tabs.profile") }).click();
    await expect(page.getByRole("heading", { level: 1, name: en("profile:title") })).toBeVisible();
    const install = page.getByRole("button", { name: en("profile:install.button") });
    await expect(install).toHaveCount(0);

    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true }) as Event & { prompt(): Promise<void> };
      offer.prompt = async () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      };
      window.dispatchEvent(offer);
    });
    await expect(page.getByRole("heading", { level: 2, name: en("profile:install.title") })).toBeVisible();
    await expect(install).toBeVisible();
    const box = (await install.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await install.scrollIntoViewIfNeeded();
    await shootBothThemes(page, "install-button-en");
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // One offer, one dialog: the button goes until the browser offers again.
    await expect(install).toHaveCount(0);
  });

  test("opened from the home screen already, nothing is offered", async ({ page }) => {
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => (query.includes("standalone") ? ({ matches: true } as MediaQueryList) : real(query));
    });
    const en = strings("en");
    await signedIn(page, { email: uniqueEmail("sw-standalone") });
    await page.getByRole("link", { name: en("common:tabs.profile") }).click();
    await expect(page.getByRole("heading", { level: 1, name: en("profile:title") })).toBeVisible();
    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt") as Event & { prompt(): Promise<void> };
      offer.prompt = async () => undefined;
      window.dispatchEvent(offer);
    });
    await expect(page.getByRole("button", { name: en("profile:install.button") })).toHaveCount(0);
  });

  test.describe("on an iPhone", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    });
    for (const lng of ["en", "ar", "ta"]) {
      test(`${lng}: the steps through the Share menu, in a sheet`, async ({ page }) => {
        const t = strings(lng);
        await signedIn(page, { email: uniqueEmail(`sw-ios-${lng}`), lng });
        await page.getByRole("link", { name: t("common:tabs.profile") }).click();
        await expect(page.getByRole("heading", { level: 1, name: t("profile:title") })).toBeVisible();
        await page.getByRole("link", { name: t("profile:install.button") }).click();
        const sheet = page.getByRole("dialog", { name: t("profile:install.iosTitle") });
        await expect(sheet).toBeVisible();
        await expect(page).toHaveURL(/\/mine\?install=ios$/);
        for (const step of ["iosShare", "iosAdd", "iosConfirm"]) await expect(sheet.getByText(t(`profile:install.${step}`))).toBeVisible();
        await shootBothThemes(page, `install-ios-${lng}`);
        await sheet.getByRole("link", { name: t("common:close") }).click();
        await expect(sheet).toHaveCount(0);
        await expect(page).toHaveURL(/\/mine$/);
      });
    }
  });
});

/**
 * The server's process really ends (not the browser's connection): a server of this spec's own,
 * stopped in the middle of the test. Its rounds are short, so the balance kept is a claimed one.
 * The tab is a first visit: the worker was registered by the page it loaded, never loaded a page
 * of this tab itself, and still serves the next one once it has claimed the tab.
 */
test.describe("the server stops", () => {
  const port = E2E.port + 9;
  let server: OwnServer;
  test.use({
    baseURL: `http://localhost:${port}`,
    // The page's own requests between the stop and the reload find no server.
    expectedConsole: [/ERR_CONNECTION_REFUSED/],
  });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer({
      tag: "offline",
      port,
      apiPort: E2E.apiPort + 9,
      testHooks: true,
      env: { ROUND_SECONDS: "3", SCHEDULER_TICK_MS: "500" },
    });
  });
  test.afterAll(async () => server?.stop());
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && server) console.log(`--- own server output ---\n${server.tail()}`);
  });

  test("ar, first visit: after a claim the worker takes the tab, and with the server gone the offline page shows the last balance as of its time", async ({
    page,
  }) => {
    const t = strings("ar");
    await signedIn(page, { email: uniqueEmail("sw-stopped"), lng: "ar", baseUrl: server.baseUrl, apiUrl: server.apiUrl });
    const firstDocument = await page.evaluate(() => performance.timeOrigin);
    const status = page.getByRole("region", { name: t("airdrop:status.heading") });
    await status.getByRole("button", { name: t("airdrop:status.start") }).click();
    const claim = status.getByRole("button", { name: t("airdrop:status.claim", { amount: "1.00" }) });
    await expect(claim).toBeVisible({ timeout: 20_000 });
    await claim.click();
    // One round, or two when the next one closed before the tap landed (a claim takes all that is owed).
    await expect(page.locator(".balances")).toContainText(/[12]\.00000000/);
    const balance = (await page.locator(".hero__amount bdi").innerText()).trim();
    await controlled(page);
    // Still the document the tab first loaded, before any worker: nothing was reloaded for the worker's sake.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(firstDocument);
    await expect.poll(() => savedBalance(page)).toBe(balance);
    // The worker learnt the reader's language from the page, not from a page it loaded.
    await page.waitForFunction(async () => (await (await caches.match("/__sw/language", { cacheName: "vv-state" }))?.text()) === "ar");
    await page.waitForFunction(async () => (await caches.match("/offline?lang=ar")) !== undefined);

    await server.stop();
    await page.reload();
    await expect(offlinePage(page, t)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const figures = page.getByRole("region", { name: t("offline:lastKnown") });
    await expect(figures.locator("[data-figure=vv]")).toHaveText(balance);
    await expect(figures.locator("[data-figure=power]")).toHaveText("100");
    await expect(figures.getByText(t("offline:asOf", { time: "" }).trim())).toBeVisible();

    // Any page the tab goes to answers the same, with a retry of that page.
    await page.goto("/team");
    await expect(offlinePage(page, t)).toBeVisible();
    await expect(figures.locator("[data-figure=vv]")).toHaveText(balance);
    await expect(page.getByRole("link", { name: t("common:error.retry") })).toHaveAttribute("href", `${server.baseUrl}/team`);
  });
});
