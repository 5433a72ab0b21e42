import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { isolate } from "#app/utils/format.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

const en = strings("en");
// A translation key that reached the page instead of its text ("common:error.title").
const RAW_KEY = /\w+:\w+\.\w+|\b(common|errors):/;

const tabsOf = (page: Page, t: ReturnType<typeof strings>) => page.getByRole("navigation", { name: t("common:tabs.label") });

/** The error in the page's place, with the tabs still around it and no key left untranslated. */
async function expectErrorInLayout(page: Page, t: ReturnType<typeof strings>, title: string, body: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText(title);
  await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(main.getByText(body)).toBeVisible();
  await expect(main.getByRole("link", { name: t("common:error.retry") })).toBeVisible();
  const tabs = tabsOf(page, t);
  await expect(tabs).toBeVisible();
  for (const tab of ["airdrop", "team", "tools", "profile"])
    await expect(tabs.getByRole("link", { name: t(`common:tabs.${tab}`) })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
}

/**
 * A web server of the spec's own in front of the suite's API, through a switch: the API answers,
 * or is down (a gateway's bare 503 in its place, as when the API process has stopped).
 */
test.describe("the API down: the error sits inside the tab layout", () => {
  test.describe.configure({ mode: "serial" });

  const PORT = E2E.port + 8;
  const base = `http://localhost:${PORT}`;
  const dataDir = join(E2E.dir, "layout-errors");
  let apiDown = false;
  let web: ChildProcess | undefined;
  const gateway = createServer((req, res) => {
    if (apiDown) return void res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
    const upstream = forward(
      { host: "127.0.0.1", port: E2E.apiPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });

  test.use({ baseURL: base, expectedConsole: [/status of 503/] });

  test.beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const upstream = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    web = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        PUBLIC_URL: base,
        UPSTREAM_URL: upstream,
        SESSION_SECRET: E2E.sessionSecret,
        DATA_DIR: dataDir,
        RATE_WEB_PER_IP_PER_MINUTE: "1000000",
        RATE_WEB_POSTS_PER_IP_PER_MINUTE: "1000000",
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
      detached: true,
    });
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (web?.pid) process.kill(-web.pid, "SIGTERM");
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test.afterEach(() => {
    apiDown = false;
  });

  /** A new account's /team once the API is down: the server's 503, with the error in the layout. */
  async function teamWithApiDown(page: Page, tag: string): Promise<void> {
    await signedIn(page, { email: uniqueEmail(tag), apiUrl: `http://127.0.0.1:${E2E.apiPort}` });
    apiDown = true;
    expect((await page.goto("/team"))?.status()).toBe(503);
    await expectErrorInLayout(page, en, en("common:error.serverTitle"), en("common:error.serverBody"));
  }

  /** The API is back: the error's retry link loads the page whose heading is `title`. */
  async function retryOnceBack(page: Page, title: string): Promise<void> {
    apiDown = false;
    await page
      .getByRole("main")
      .getByRole("link", { name: en("common:error.retry") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }

  test("with JavaScript: the 503 page keeps the tabs, a tab works while the API is down, and retry loads the page once it is back", async ({
    page,
  }) => {
    await teamWithApiDown(page, "api-down");
    await expect(page.getByRole("main").getByText(en("common:error.code", { code: isolate("200007") }))).toBeVisible();
    await expect(tabsOf(page, en).getByRole("link", { name: en("common:tabs.team") })).toHaveAttribute("aria-current", "page");
    await shootBothThemes(page, "layout-error-server-en");

    // A tab tapped while the API is still down: the next page's data fails the same way, in the layout.
    await tabsOf(page, en)
      .getByRole("link", { name: en("common:tabs.airdrop") })
      .click();
    await expect(page).toHaveURL(/\/airdrop$/);
    await expect(tabsOf(page, en).getByRole("link", { name: en("common:tabs.airdrop") })).toHaveAttribute("aria-current", "page");
    await expectErrorInLayout(page, en, en("common:error.serverTitle"), en("common:error.serverBody"));

    await retryOnceBack(page, en("airdrop:title"));
    await tabsOf(page, en)
      .getByRole("link", { name: en("common:tabs.team") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: en("team:title") })).toBeVisible();
  });

  test("Arabic and Tamil: the server error in the reader's language and direction, light and dark", async ({ page }) => {
    await signedIn(page, { email: uniqueEmail("api-down-lng"), apiUrl: `http://127.0.0.1:${E2E.apiPort}` });
    apiDown = true;
    for (const lng of ["ar", "ta"]) {
      const t = strings(lng);
      await page.goto(`/team?ui_lang=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
      await expectErrorInLayout(page, t, t("common:error.serverTitle"), t("common:error.serverBody"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await shootBothThemes(page, `layout-error-server-${lng}`);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server-rendered 503 page has the error inside the layout, and its links are plain links", async ({ page }) => {
      await teamWithApiDown(page, "api-down-nojs");
      await expect(page.getByRole("main").getByRole("link", { name: en("common:error.retry") })).toHaveAttribute("href", "/team");

      await tabsOf(page, en)
        .getByRole("link", { name: en("common:tabs.tools") })
        .click();
      await expect(page).toHaveURL(/\/force$/);
      await expectErrorInLayout(page, en, en("common:error.serverTitle"), en("common:error.serverBody"));

      await retryOnceBack(page, en("tools:title"));
    });
  });
});

/**
 * The service worker has installed: going offline before would fail its script's fetch (a
 * console error of its own), which a page reached by a quick sign-up can still be at.
 */
async function workerInstalled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test.describe("offline: a tab tapped without a connection", () => {
  // Offline, the browser reports each request it could not send, and Remix the links it could not look up.
  test.use({ expectedConsole: [/ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/] });

  for (const lng of ["en", "ar", "ta"]) {
    test(`${lng}: the offline error in the reader's words inside the layout, and the page once back online`, async ({ page, context }) => {
      const t = strings(lng);
      await signedIn(page, { email: uniqueEmail(`offline-${lng}`), lng });
      // The Team page's code is in the browser already (it was opened once), as after any earlier visit:
      // only its data is missing when the connection goes.
      await page.goto("/team");
      await tabsOf(page, t)
        .getByRole("link", { name: t("common:tabs.airdrop") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: t("airdrop:title") })).toBeVisible();

      await workerInstalled(page);
      await workerInstalled(page);
      await context.setOffline(true);
      await tabsOf(page, t)
        .getByRole("link", { name: t("common:tabs.team") })
        .click();
      await expect(page).toHaveURL(/\/team$/);
      await expectErrorInLayout(page, t, t("common:error.offlineTitle"), t("common:error.offlineBody"));
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");
      await shootBothThemes(page, `layout-error-offline-${lng}`);

      // A retry while still offline fails again, in the same place and words.
      await page
        .getByRole("main")
        .getByRole("link", { name: t("common:error.retry") })
        .click();
      await expectErrorInLayout(page, t, t("common:error.offlineTitle"), t("common:error.offlineBody"));

      await context.setOffline(false);
      await page
        .getByRole("main")
        .getByRole("link", { name: t("common:error.retry") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: t("team:title") })).toBeVisible();
      await expect(page.getByText(t("team:empty.level1"))).toBeVisible();
      expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
    });
  }

  test("a page outside the layout: the root's error in the reader's words and direction, with a way back", async ({ page, context }) => {
    const ar = strings("ar");
    await page.goto("/register?ui_lang=ar");
    await page.getByRole("link", { name: ar("auth:register.switchLink") }).click();
    await expect(page.getByRole("heading", { level: 1, name: ar("auth:login.heading") })).toBeVisible();

    await workerInstalled(page);
    await context.setOffline(true);
    await page.getByRole("link", { name: ar("auth:login.switchLink") }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toContainText(ar("common:error.offlineTitle"));
    await expect(main.getByText(ar("common:error.offlineBody"))).toBeVisible();
    await expect(main.getByRole("link", { name: ar("common:error.home") })).toHaveAttribute("href", "/airdrop");
    await expect(page.getByRole("navigation", { name: ar("common:tabs.label") })).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle(`${ar("common:error.offlineTitle")} · VV`);
    expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
    await shootBothThemes(page, "root-error-offline-ar");

    await context.setOffline(false);
    await main.getByRole("link", { name: ar("common:error.retry") }).click();
    await expect(page.getByRole("heading", { level: 1, name: ar("auth:register.heading") })).toBeVisible();
  });

  test("the same page with other parameters: only the page's data fails, and the layout shows it", async ({ page, context }) => {
    await signedIn(page, { email: uniqueEmail("offline-level") });
    await page.goto("/team");
    await workerInstalled(page);
    await context.setOffline(true);
    await page.getByRole("link", { name: en("team:level2") }).click();
    await expect(page).toHaveURL(/level=2/);
    await expectErrorInLayout(page, en, en("common:error.offlineTitle"), en("common:error.offlineBody"));
    await context.setOffline(false);
    await page
      .getByRole("main")
      .getByRole("link", { name: en("common:error.retry") })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: en("team:title") })).toBeVisible();
  });
});
