import { createECDH, randomBytes } from "node:crypto";
import { join } from "node:path";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { violations } from "./axe.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { browserAt, decrypted, pushService, receivedBy } from "../setup/push-service.ts";
import { strings, uniqueEmail } from "./helpers.ts";

/**
 * Notifications on /settings and the service worker that shows them. Chromium's own
 * pushManager.subscribe() asks Google's push service, which these machines cannot reach: an
 * init script replaces that one call with a subscription whose endpoint is on 127.0.0.1
 * (allowed by PUSH_ENDPOINT_ALLOW_LOCAL) and whose keys this test made. The rest is real: the
 * page posts it through the BFF to the API, which checks it, and when a round closes the API
 * encrypts and sends the notification to that endpoint, where the test decrypts it. Showing a
 * message is the real worker's, handed to it through CDP.
 */

/** A browser's subscription keys, as PushManager makes them: P-256 public key and 16-byte auth secret, base64url. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

/**
 * Replaces pushManager.subscribe()/getSubscription() with a subscription to `endpoint`, kept in
 * sessionStorage so it outlives a navigation; `window.__unsubscribed` counts unsubscribe() calls.
 */
async function fakePushService(page: Page, endpoint: string, keys: { p256dh: string; auth: string }): Promise<void> {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const STORED = "test-push-subscription";
      const make = () => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        getKey: () => null,
        unsubscribe: async () => {
          sessionStorage.removeItem(STORED);
          const w = window as unknown as { __unsubscribed?: number };
          w.__unsubscribed = (w.__unsubscribed ?? 0) + 1;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        sessionStorage.setItem(STORED, "1");
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return sessionStorage.getItem(STORED) ? (make() as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys },
  );
}

function section(page: Page, t: ReturnType<typeof strings>) {
  return page.getByRole("region", { name: t("profile:notifications.title") });
}

/** Turn on and Turn off: the browser's push, apart from the settings' Save. */
function pushButtons(page: Page) {
  const en = strings("en");
  return section(page, en).getByRole("button", {
    name: new RegExp(`^(${en("profile:notifications.turnOn")}|${en("profile:notifications.turnOff")})$`),
  });
}

async function openSettings(page: Page, lng = "en"): Promise<void> {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: strings(lng)("profile:settings.title") })).toBeVisible();
}

/** The settings action's form post, as the page sent it. */
function postedFields(body: string | null): URLSearchParams {
  return new URLSearchParams(body ?? "");
}

test("a tap turns notifications on through the BFF and the API, Turn off and logout undo it", async ({ page, context }) => {
  const en = strings("en");
  await context.grantPermissions(["notifications"]);
  const endpoint = `http://127.0.0.1:${E2E.tilePort}/push/${randomBytes(8).toString("hex")}`;
  await fakePushService(page, endpoint, browserKeys());
  await signedIn(page, { email: uniqueEmail("push-on") });
  await openSettings(page);
  const notifications = section(page, en);
  await expect(notifications.getByText(en("profile:notifications.off"))).toBeVisible();

  const subscribing = page.waitForRequest((r) => r.url().includes("/settings.data") && r.method() === "POST");
  await notifications.getByRole("button", { name: en("profile:notifications.turnOn") }).click();
  const posted = postedFields((await subscribing).postData());
  expect(posted.get("intent")).toBe("pushOn");
  expect(posted.get("endpoint")).toBe(endpoint);
  // The API took it: its refusal would have shown an error and undone the subscription.
  await expect(page.getByRole("status").filter({ hasText: en("profile:notifications.turnedOn") })).toBeVisible();
  await expect(notifications.getByText(en("profile:notifications.on"))).toBeVisible();

  // A reload finds the browser's subscription again.
  await page.reload();
  await expect(notifications.getByText(en("profile:notifications.on"))).toBeVisible();
  const unsubscribing = page.waitForRequest((r) => r.url().includes("/settings.data") && r.method() === "POST");
  await notifications.getByRole("button", { name: en("profile:notifications.turnOff") }).click();
  expect(Object.fromEntries(postedFields((await unsubscribing).postData()))).toMatchObject({ intent: "pushOff", endpoint });
  await expect(page.getByRole("status").filter({ hasText: en("profile:notifications.turnedOff") })).toBeVisible();
  await expect(notifications.getByRole("button", { name: en("profile:notifications.turnOn") })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __unsubscribed?: number }).__unsubscribed)).toBe(1);

  // On again, then logout: the form carries the endpoint to the API, and the browser forgets its subscription.
  await notifications.getByRole("button", { name: en("profile:notifications.turnOn") }).click();
  await expect(notifications.getByText(en("profile:notifications.on"))).toBeVisible();
  await page.goto("/settings?confirm=logout");
  await expect(page.locator('input[name="web_push_endpoint"]')).toHaveValue(endpoint);
  const loggingOut = page.waitForRequest((r) => r.url().includes("/logout") && r.method() === "POST");
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: en("profile:logout") })
    .click();
  expect(postedFields((await loggingOut).postData()).get("web_push_endpoint")).toBe(endpoint);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem("test-push-subscription"))).toBeNull();
});

test.describe("a subscription the API refuses", () => {
  test.use({ expectedConsole: [/status of 400/] });
  test("is undone in the browser, and the page says notifications are off", async ({ page, context }) => {
    const en = strings("en");
    await context.grantPermissions(["notifications"]);
    // Not an address a push service has: the API refuses it.
    await fakePushService(page, "ftp://127.0.0.1/push", browserKeys());
    await signedIn(page, { email: uniqueEmail("push-refused") });
    await openSettings(page);
    await section(page, en)
      .getByRole("button", { name: en("profile:notifications.turnOn") })
      .click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(section(page, en).getByRole("button", { name: en("profile:notifications.turnOn") })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __unsubscribed?: number }).__unsubscribed)).toBe(1);
  });
});

/** A DevTools session on the page, and the worker's registration id once it is active. */
async function activeRegistration(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const active = versions.find((v) => v.status === "activated" && v.runningStatus === "running");
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId: await found };
}

test("the service worker shows a pushed message with its title, text and a same-site page to open", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signedIn(page, { email: uniqueEmail("push-show") });
  const { cdp, registrationId } = await activeRegistration(context, page);
  const origin = new URL(page.url()).origin;
  const deliver = (message: object) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(message) });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
        icon: n.icon,
      })),
    );
  const titles = async () => (await shown()).map((n) => n.title).sort();
  // What api/src/domain/push/send.ts puts in the payload; one at a time, each shown before the next.
  await deliver({
    title: "Round 12 closed",
    body: "3.2 VV to claim",
    url: "/airdrop?from=push",
    tag: "round",
    kind: "round",
    dedupe_key: "r12",
  });
  await expect.poll(titles, { timeout: 15_000 }).toEqual(["Round 12 closed"]);
  await deliver({
    title: "Elsewhere",
    body: "never leaves the site",
    url: "https://example.com/phish",
    tag: "other",
    kind: "x",
    dedupe_key: "x1",
  });
  await expect.poll(titles, { timeout: 15_000 }).toEqual(["Elsewhere", "Round 12 closed"]);
  const notifications = await shown();
  expect(notifications).toContainEqual({
    title: "Round 12 closed",
    body: "3.2 VV to claim",
    tag: "round",
    url: "/airdrop?from=push",
    icon: `${origin}/icons/icon-192.png`,
  });
  // A message pointing off the site opens the airdrop instead.
  expect(notifications.find((n) => n.title === "Elsewhere")?.url).toBe("/airdrop");
});

test.describe("what the section says", () => {
  test("the browser blocks notifications: how to allow them", async ({ page, context }) => {
    const en = strings("en");
    await context.grantPermissions([]);
    await page.addInitScript(() => Object.defineProperty(Notification, "permission", { get: () => "denied" }));
    await signedIn(page, { email: uniqueEmail("push-denied") });
    await openSettings(page);
    await expect(section(page, en).getByText(en("profile:notifications.denied"))).toBeVisible();
    await expect(pushButtons(page)).toHaveCount(0);
  });

  test("a browser without Web Push", async ({ page }) => {
    const en = strings("en");
    await page.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
    await signedIn(page, { email: uniqueEmail("push-unsupported") });
    await openSettings(page);
    await expect(section(page, en).getByText(en("profile:notifications.unsupported"))).toBeVisible();
  });

  test("an iPhone before VV is on the home screen: a way to Install the app", async ({ browser }) => {
    const en = strings("en");
    const context = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    });
    const page = await context.newPage();
    await signedIn(page, { email: uniqueEmail("push-ios") });
    await openSettings(page);
    await expect(section(page, en).getByText(en("profile:notifications.ios"))).toBeVisible();
    await section(page, en)
      .getByRole("link", { name: en("profile:install.title") })
      .click();
    await expect(page).toHaveURL(/\/mine$/);
    await context.close();
  });

  test("inside the native app only the account's settings: the browser's push is not offered", async ({ page }) => {
    const en = strings("en");
    await signedIn(page, { email: uniqueEmail("push-native") });
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).VVAndroid = { postMessage: () => undefined };
    });
    await openSettings(page);
    await expect(page.getByRole("heading", { level: 2, name: en("profile:nickname.title") })).toBeVisible();
    await expect(section(page, en).getByRole("checkbox", { name: en("profile:notifications.kinds.round"), exact: true })).toBeVisible();
    await expect(section(page, en).getByRole("status")).toHaveCount(0);
    await expect(pushButtons(page)).toHaveCount(0);
  });

  test("without JavaScript it says notifications need it", async ({ browser }) => {
    const en = strings("en");
    const withJs = await browser.newContext();
    const page = await withJs.newPage();
    await signedIn(page, { email: uniqueEmail("push-nojs") });
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await withJs.storageState() });
    const plain = await noJs.newPage();
    await openSettings(plain);
    await expect(pushButtons(plain)).toHaveCount(0);
    // The settings below are a plain form, saved without JavaScript (notification-settings.spec.ts).
    await expect(section(plain, en).getByRole("button", { name: en("common:save") })).toBeVisible();
    // A <noscript>, which Playwright's switch does not render and a browser without JavaScript does.
    const html = await (await plain.request.get("/settings")).text();
    expect(html).toContain(`<noscript><p class="hint">${en("profile:notifications.needsJs")}</p></noscript>`);
    await noJs.close();
    await withJs.close();
  });
});

test("screenshots of the section in English, Arabic and Tamil, light and dark", async ({ page }) => {
  for (const lng of ["en", "ar", "ta"]) {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`push-shot-${lng}`), lng });
    await openSettings(page, lng);
    const notifications = section(page, t);
    await expect(notifications.getByRole("button", { name: t("profile:notifications.turnOn") })).toBeVisible();
    const box = await notifications.getByRole("button", { name: t("profile:notifications.turnOn") }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await violations(page), `${lng} ${scheme}`).toEqual([]);
      await notifications.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(E2E.shotsDir, `settings-notifications-${lng}-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: null });
    await page.context().clearCookies();
  }
});

test.describe("the airdrop's offer, right after the start", () => {
  test("Turn on subscribes as /settings does, and the offer goes", async ({ page, context }) => {
    const t = strings("en");
    await context.grantPermissions(["notifications"]);
    const endpoint = `http://127.0.0.1:${E2E.tilePort}/push/${randomBytes(8).toString("hex")}`;
    await fakePushService(page, endpoint, browserKeys());
    await signedIn(page, { email: uniqueEmail("push-offer") });
    const offer = page.getByRole("region", { name: t("profile:notifications.offerTitle") });
    await expect(offer).toHaveCount(0);
    await page.getByRole("button", { name: t("airdrop:status.start") }).click();
    await expect(offer).toBeVisible();
    const box = await offer.getByRole("button", { name: t("profile:notifications.notNow") }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    const subscribing = page.waitForRequest((r) => r.url().includes("/settings.data") && r.method() === "POST");
    await offer.getByRole("button", { name: t("profile:notifications.turnOn") }).click();
    expect(postedFields((await subscribing).postData()).get("endpoint")).toBe(endpoint);
    await expect(page.getByRole("status").filter({ hasText: t("profile:notifications.turnedOn") })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await openSettings(page);
    await expect(section(page, t).getByText(t("profile:notifications.on"))).toBeVisible();
  });

  test("Not now puts it aside for good", async ({ page, context }) => {
    const t = strings("en");
    await context.grantPermissions(["notifications"]);
    await signedIn(page, { email: uniqueEmail("push-offer-later") });
    await page.getByRole("button", { name: t("airdrop:status.start") }).click();
    const offer = page.getByRole("region", { name: t("profile:notifications.offerTitle") });
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(E2E.shotsDir, "airdrop-notifications-offer-en-light.png") });
    await offer.getByRole("button", { name: t("profile:notifications.notNow") }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("vv-notifications-offer"))).not.toBeNull();
  });
});

// On the clocked server: the round closes when the test says so (decision 069).
test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  test("Arabic: turned on from the offer, the next round's close arrives encrypted at this browser's push service, in Arabic", async ({
    page,
    context,
    rounds,
  }) => {
    const ar = strings("ar");
    const service = pushService();
    await service.start();
    try {
      const browser = browserAt(service);
      await context.grantPermissions(["notifications"]);
      await fakePushService(page, browser.endpoint, browser.json.keys);
      await signedIn(page, { email: uniqueEmail("push-round"), lng: "ar" });
      await page.getByRole("button", { name: ar("airdrop:status.start") }).click();
      const offer = page.getByRole("region", { name: ar("profile:notifications.offerTitle") });
      await offer.getByRole("button", { name: ar("profile:notifications.turnOn") }).click();
      await expect(page.getByRole("status").filter({ hasText: ar("profile:notifications.turnedOn") })).toBeVisible();

      // The first round this user takes part in closes (after the one it waited for), the API pays it and queues the push.
      await rounds.close();
      await rounds.close();
      await expect.poll(() => receivedBy(service, browser).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const [arrived] = receivedBy(service, browser);
      expect(arrived.headers["content-encoding"]).toBe("aes128gcm");
      expect(arrived.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const message = decrypted(arrived, browser);
      expect(message).toMatchObject({ title: ar("push:round.title"), url: "/airdrop", tag: "round" });
      expect(String(message.body)).toContain("VV");
    } finally {
      await service.stop();
    }
  });
});
