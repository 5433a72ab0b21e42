import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { isolate } from "#app/utils/format.ts";
import { APP_KEY_HEADER } from "#contract/wire.ts";
import { E2E } from "./env.ts";
import { logout, mailedCode, screenshot, strings, uniqueEmail } from "./helpers.ts";

/**
 * The native apps' side of docs/native-bridge.md, played by a fake bridge injected before the
 * page's scripts run, the way the apps inject theirs. Every message the page sends is recorded
 * here, across page loads; the app's messages are sent with `VVWeb.receive`.
 */
type Message = Record<string, unknown>;

async function fakeApp(page: Page, platform: "android" | "ios"): Promise<Message[]> {
  const messages: Message[] = [];
  await page.exposeFunction("__vvRecord", (message: Message) => void messages.push(message));
  await page.addInitScript((platform) => {
    const record = (window as unknown as { __vvRecord(m: unknown): void }).__vvRecord;
    if (platform === "android") {
      // addJavascriptInterface passes strings only: the page must send JSON text.
      (window as unknown as Record<string, unknown>).VVAndroid = {
        postMessage: (json: unknown) => record(typeof json === "string" ? JSON.parse(json) : { notText: json }),
      };
    } else {
      (window as unknown as Record<string, unknown>).webkit = { messageHandlers: { vv: { postMessage: (m: unknown) => record(m) } } };
    }
  }, platform);
  // The app's webview proves itself with its key header on every load (docs/decisions/019).
  await page.setExtraHTTPHeaders({ [APP_KEY_HEADER]: E2E.nativeAppKey });
  return messages;
}

/** What the app does when the hardware back key is pressed (Android). */
async function pressBack(page: Page): Promise<void> {
  await page.waitForFunction(() => "VVWeb" in window);
  await page.evaluate(() => (window as unknown as { VVWeb: { receive(m: unknown): void } }).VVWeb.receive({ type: "back" }));
}

const analytics = (name: string, params: Record<string, unknown>) => ({ type: "analytics", name, params });

/** Asks for a code on /login or /register and returns the code that was mailed. */
async function askForCode(page: Page, email: string, lng: string): Promise<string> {
  const t = strings(lng);
  const since = Date.now();
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toBeVisible();
  return mailedCode(email, since);
}

/** Types a wrong code, then the right one, with the page's submit button. */
async function wrongThenRight(page: Page, code: string, button: string, lng: string): Promise<void> {
  const t = strings(lng);
  await page.getByLabel(t("auth:code")).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300007")));
  await page.getByLabel(t("auth:code")).fill(code);
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/airdrop$/);
}

/**
 * Answers the page's push token request as the app does, and returns the web app's answer to the
 * page's post (read on its way: the page itself does not read it, so the browser never finishes it).
 */
async function answerPushToken(page: Page, token: string, platform: "android" | "ios") {
  const answered = new Promise<{ status: number; body: unknown }>((resolve) => {
    void page.route(
      "**/native/push-token",
      async (route) => {
        const res = await route.fetch();
        resolve({ status: res.status(), body: await res.json() });
        await route.fulfill({ response: res });
      },
      { times: 1 },
    );
  });
  await page.evaluate(
    ({ token, platform }) =>
      (window as unknown as { VVWeb: { receive(m: unknown): void } }).VVWeb.receive({ type: "push_token", token, platform }),
    { token, platform },
  );
  return answered;
}

/**
 * Signed in inside the app, with an account made directly (what the sign-up itself sends the app
 * is the first test's), once the page's bridge is up: a test starts from no messages.
 */
async function registerInApp(page: Page, messages: Message[], lng: string): Promise<void> {
  await signedIn(page, { email: uniqueEmail(`bridge-${lng}`), lng });
  await page.waitForFunction(() => "VVWeb" in window);
  messages.length = 0;
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: code requests, a wrong and a right code at sign-up and login, and the push token after each sign-in`, async ({ page }) => {
    const t = strings(lng);
    const messages = await fakeApp(page, "android");
    const email = uniqueEmail(`bridge-${lng}`);

    await page.goto(`/register?ui_lang=${lng}&os=android&vcode=${20}`);
    await wrongThenRight(page, await askForCode(page, email, lng), t("auth:signUp"), lng);
    await expect
      .poll(() => messages.slice())
      .toEqual([
        analytics("click_get_otp", { method: "register", success: true }),
        analytics("login", { method: "register", success: false, reason: 300007 }),
        analytics("login", { method: "register", success: true }),
        { type: "push_token_request" },
      ]);
    const token = `fcm-${lng}-${Date.now()}:APA91b${"x".repeat(120)}`;
    expect(await answerPushToken(page, token, "android")).toEqual({ status: 200, body: { ok: true } });

    // The app is the latest (vcode 20): its reward sheet is up; later.
    messages.length = 0;
    await page.getByRole("link", { name: t("airdrop:upgrade.later") }).click();
    await logout(page, lng);
    await wrongThenRight(page, await askForCode(page, email, lng), t("auth:logIn"), lng);
    await expect
      .poll(() => messages.slice())
      .toEqual([
        analytics("click_get_otp", { method: "login", success: true }),
        analytics("login", { method: "login", success: false, reason: 300007 }),
        analytics("login", { method: "login", success: true }),
        { type: "push_token_request" },
      ]);
    expect(await answerPushToken(page, `${token}-2`, "android")).toEqual({ status: 200, body: { ok: true } });

    // A refused code request is reported with its reason.
    messages.length = 0;
    await page.getByRole("link", { name: t("airdrop:upgrade.later") }).click();
    await logout(page, lng);
    await page.getByLabel(t("auth:email")).fill(uniqueEmail(`nobody-${lng}`));
    await page.getByRole("button", { name: t("auth:sendCode") }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300012")));
    await expect.poll(() => messages.slice()).toEqual([analytics("click_get_otp", { method: "login", success: false, reason: 300012 })]);
    // Signed out, a token the app sends is refused and nothing is asked.
    expect(await answerPushToken(page, `${token}-3`, "android")).toEqual({ status: 401, body: { ok: false, code: 300103 } });
  });

  test(`${lng}: back on a tab root shows the hint, a second back within 2 s exits; elsewhere back goes back`, async ({ page }) => {
    const t = strings(lng);
    const messages = await fakeApp(page, "android");
    await registerInApp(page, messages, lng);
    await expect(page.locator("html")).toHaveAttribute("dir", lng === "ar" ? "rtl" : "ltr");

    // A page the app opened directly has nothing of ours behind it: back leads to the first tab.
    await page.goto("/settings");
    await pressBack(page);
    await expect(page).toHaveURL(/\/airdrop$/);

    // From a tab root to an inner page and back, in the page's own history.
    await page.getByRole("link", { name: t("common:tabs.profile") }).click();
    await expect(page).toHaveURL(/\/mine$/);
    await page.locator('a[href="/settings"]').click();
    await expect(page).toHaveURL(/\/settings$/);
    await pressBack(page);
    await expect(page).toHaveURL(/\/mine$/);

    const hint = page.getByRole("status").filter({ hasText: t("common:native.backAgain") });
    await pressBack(page);
    await expect(hint).toBeVisible();
    await expect(page).toHaveURL(/\/mine$/);
    await screenshot(page, `native-back-hint-${lng}`);
    expect(messages).toEqual([]);
    await pressBack(page);
    await expect.poll(() => messages.slice()).toEqual([{ type: "exit" }]);
    // After more than 2 s a back is a first one again (the hint, no exit): tests/unit/back-window.test.ts.
  });

  test(`${lng}: an older app gets the upgrade prompt, whose button asks the app to open its store`, async ({ page }) => {
    const t = strings(lng);
    const messages = await fakeApp(page, "android");
    await registerInApp(page, messages, lng);
    await page.goto("/airdrop?os=android&vcode=5");
    const sheet = page.getByRole("dialog", { name: t("airdrop:upgrade.outdatedTitle") });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(t("airdrop:upgrade.outdatedBody", { power: "50" }));
    await screenshot(page, `native-upgrade-prompt-${lng}`);
    // Loaded dark, not switched: a switch would catch the buttons' colour transition midway.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(sheet).toBeVisible();
    await screenshot(page, `native-upgrade-prompt-${lng}-dark`);
    await page.waitForFunction(() => "VVWeb" in window);
    await sheet.getByRole("link", { name: t("airdrop:upgrade.update") }).click();
    await expect.poll(() => messages.slice()).toEqual([{ type: "open_store" }]);
    await expect(page).toHaveURL(/\/airdrop\?os=android&vcode=5$/);
    await expect(sheet).toBeVisible();
  });
}

test("the hint toast in the dark, English and Arabic", async ({ page }) => {
  await fakeApp(page, "android");
  await page.emulateMedia({ colorScheme: "dark" });
  for (const lng of ["en", "ar"]) {
    await page.goto(`/login?ui_lang=${lng}`);
    await pressBack(page);
    await expect(page.getByRole("status").filter({ hasText: strings(lng)("common:native.backAgain") })).toBeVisible();
    await screenshot(page, `native-back-hint-${lng}-dark`);
  }
});

test("iOS: the messages arrive as objects on messageHandlers.vv", async ({ page }) => {
  const t = strings("en");
  const messages = await fakeApp(page, "ios");
  const email = uniqueEmail("bridge-ios");
  await page.goto("/register?os=ios&vcode=20");
  const code = await askForCode(page, email, "en");
  await page.getByLabel(t("auth:code")).fill(code);
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page).toHaveURL(/\/airdrop$/);
  await expect
    .poll(() => messages.slice())
    .toEqual([
      analytics("click_get_otp", { method: "register", success: true }),
      analytics("login", { method: "register", success: true }),
      { type: "push_token_request" },
    ]);
  expect(await answerPushToken(page, "0123456789abcdef".repeat(4), "ios")).toEqual({ status: 200, body: { ok: true } });
  await pressBack(page);
  await expect(page.getByRole("status").filter({ hasText: t("common:native.backAgain") })).toBeVisible();
  await pressBack(page);
  await expect.poll(() => messages.at(-1)).toEqual({ type: "exit" });
});

/** A phone of its own for each account. */
async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
}

// The paused friend's rounds pass when the test says so: the clocked server's (decision 069).
test.describe("on the clocked server", () => {
  test.use({ baseURL: E2E.clocked.baseUrl });

  test("a reminder sent from /team is reported as remind_level_1", async ({ page, browser, rounds }) => {
    const t = strings("en");
    const messages = await fakeApp(page, "android");
    await registerInApp(page, messages, "en");
    await page.goto("/team");
    const code = (await page.locator("dd.mono").textContent())!.trim();
    const friend = await phone(browser);
    await signedIn(friend, { email: uniqueEmail("bridge-paused"), invite: code, started: true, goto: false });
    // The round it waited for, three left unclaimed (the threshold), and the one that pauses it.
    for (let i = 0; i < 5; i++) await rounds.close();
    await friend.goto("/airdrop");
    await expect(friend.getByText(t("airdrop:state.suspend"), { exact: true })).toBeVisible();
    await friend.context().close();

    await page.goto("/team");
    await expect(page.getByText(t("team:remind.paused", { count: 1 }))).toBeVisible();
    expect(messages).toEqual([]);
    await page.getByRole("button", { name: t("team:remind.send") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("team:remind.sent", { count: 1 }) })).toBeVisible();
    await expect.poll(() => messages.slice()).toEqual([analytics("remind_level_1", { count: 1 })]);
    // The next one waits on the button (a refused reminder is not reported: tests/app/team.test.ts).
    await expect(page.getByRole("button", { name: t("team:remind.nextIn", { wait: "4 hours" }) })).toBeDisabled();
    await page.waitForTimeout(300);
    expect(messages).toHaveLength(1);
  });
});

test("in a plain browser none of it loads and every page still works", async ({ page }) => {
  const t = strings("en");
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await signedIn(page, { email: uniqueEmail("bridge-none") });
  await page.getByRole("link", { name: t("common:tabs.profile") }).click();
  await page.locator('a[href="/settings"]').click();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await page.evaluate(() => "VVWeb" in window)).toBe(false);

  // An older app without the bridge: the prompt's button is a plain link to /download.
  await page.setExtraHTTPHeaders({ [APP_KEY_HEADER]: E2E.nativeAppKey });
  await page.goto("/airdrop?os=android&vcode=5");
  const sheet = page.getByRole("dialog", { name: t("airdrop:upgrade.outdatedTitle") });
  await sheet.getByRole("link", { name: t("airdrop:upgrade.update") }).click();
  await expect(page).toHaveURL(/\/download$/);
  expect(requested.filter((p) => p.includes("native-bridge") || p === "/native/push-token")).toEqual([]);
});
