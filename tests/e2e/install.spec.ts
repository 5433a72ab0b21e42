import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/**
 * The manifest the page links, fetched as a browser fetches one: without the page's cookies.
 * It is the same for everyone who reads the page's language, so it sets no cookie and may be kept.
 */
async function linkedManifest(page: Page, request: APIRequestContext): Promise<Manifest> {
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toMatch(/^\/manifest\.webmanifest\?lang=/);
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/manifest+json");
  expect(res.headers()["cache-control"]).toBe("public, max-age=3600");
  expect(res.headers()["set-cookie"]).toBeUndefined();
  return JSON.parse(await res.text()) as Manifest;
}

async function expectManifest(page: Page, request: APIRequestContext, lng: string): Promise<void> {
  const manifest = await linkedManifest(page, request);
  expect(manifest).toMatchObject({
    id: "/airdrop",
    name: "VV",
    short_name: "VV",
    description: strings(lng)("common:install.description"),
    lang: lng,
    dir: lng === "ar" ? "rtl" : "ltr",
    start_url: "/airdrop",
    scope: "/",
    display: "standalone",
    theme_color: "#241c5c",
    background_color: "#f3f1fb",
  });
  const pngs = manifest.icons.filter((i) => i.type === "image/png");
  expect(pngs.map((i) => `${i.purpose} ${i.sizes}`).sort()).toEqual(["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]);
  expect(manifest.icons).toContainEqual(expect.objectContaining({ src: "/icon.svg", type: "image/svg+xml" }));
  for (const icon of pngs) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"], icon.src).toBe("image/png");
    const { width, height } = await sharp(await res.body()).metadata();
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  // iPhones take their home-screen icon from the page: an opaque 180-pixel square.
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const appleIcon = await request.get(apple!);
  expect(appleIcon.headers()["content-type"]).toBe("image/png");
  const appleMeta = await sharp(await appleIcon.body()).metadata();
  expect([appleMeta.width, appleMeta.height, appleMeta.hasAlpha]).toEqual([180, 180, false]);
  // The browser's bar: the header band's colour, and the page's own background in the dark theme.
  const themes = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => [m.getAttribute("media"), m.getAttribute("content")]));
  expect(themes).toEqual([
    ["(prefers-color-scheme: light)", "#241c5c"],
    ["(prefers-color-scheme: dark)", "#0e0b20"],
  ]);
}

/**
 * Chromium's own verdict on the page it shows: the manifest parses and the app can be installed
 * (Chromium no longer asks for a service worker, which the app does not have yet). Playwright's
 * usual contexts are private windows, where Chromium installs nothing: this one keeps a profile.
 */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  await cdp.detach();
  return installabilityErrors.map((e) => e.errorId);
}

test("the sign-in page links the manifest in its language, with icons that load", async ({ page, request }) => {
  await page.goto("/login");
  await expectManifest(page, request, "en");
});

test("Arabic: the manifest says right-to-left, in Arabic", async ({ page, request }) => {
  await page.goto("/login?ui_lang=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectManifest(page, request, "ar");
});

test("a signed-in page links the same manifest", async ({ page, request }) => {
  await signedIn(page, { email: uniqueEmail("install") });
  await expectManifest(page, request, "en");
});

test("Chromium finds the app installable from the sign-in page and from a signed-in page", async ({ launchOptions, baseURL, viewport }) => {
  const profile = mkdtempSync(join(tmpdir(), "vv-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // As the fixtures watch the usual contexts: the pages must run clean.
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/login");
    expect(await installabilityErrors(page)).toEqual([]);
    await signedIn(page, { email: uniqueEmail("installable") });
    expect(await installabilityErrors(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
