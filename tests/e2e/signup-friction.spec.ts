import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { TEST_HOOKS_E2E_RUN } from "#api/src/config.ts";
import { isolate } from "#app/utils/format.ts";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { screenshot, strings, uniqueEmail } from "./helpers.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

/**
 * Sign-up friction (decision 065) on a server of the spec's own, whose IP rate is 2 sign-up codes
 * an hour: every browser here is 127.0.0.1, so each context names its own client address
 * (X-Forwarded-For, which the web app trusts from loopback) and only the contexts meant to be
 * under pressure share one.
 */
const PORT = E2E.port + 20;
const API_PORT = E2E.apiPort + 20;
const IP_RATE = 2;
const WAIT_SECONDS = 4;
let server: OwnServer;
let nextIp = 1;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    tag: "friction",
    port: PORT,
    apiPort: API_PORT,
    env: {
      SIGNUP_POW_IP_PER_HOUR: String(IP_RATE),
      SIGNUP_WAIT_SECONDS: String(WAIT_SECONDS),
      SIGNUP_POW_MAX_NUMBER: "20000",
      // The wait ticket is timed by the API's clock, which the test moves on (decision 069).
      TEST_HOOKS: "1",
      TEST_HOOKS_IN_PRODUCTION: TEST_HOOKS_E2E_RUN,
    },
  });
});
test.afterAll(async () => server?.stop());

/** Moves the spec's API's clock on (TEST_HOOKS' route), as the seconds passing would. */
async function advanceServerClock(seconds: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${API_PORT}/v1/test/clock/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

/** A browser context from an address of its own. */
async function from(browser: Browser, ip: string, opts: BrowserContextOptions = {}) {
  return browser.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { "x-forwarded-for": ip }, ...opts });
}
const freshIp = () => `198.51.100.${nextIp++}`;

/** An address that has already asked for as many sign-up codes this hour as the rate allows. */
async function pressedIp(browser: Browser): Promise<string> {
  const ip = freshIp();
  const context = await from(browser, ip);
  for (let i = 0; i < IP_RATE; i++) {
    const sent = await context.request.post("/register", { form: { intent: "send", email: uniqueEmail("burst") } });
    expect(sent.status()).toBe(200);
  }
  await context.close();
  return ip;
}

async function askCode(page: Page, email: string, lng = "en") {
  await page.getByLabel(strings(lng)("auth:email")).fill(email);
  await page.getByRole("button", { name: strings(lng)("auth:sendCode") }).click();
}

async function signUpFinish(page: Page, email: string, since: number) {
  const t = strings("en");
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toBeVisible({ timeout: 20_000 });
  await page.getByLabel(t("auth:code")).fill(await server.mailedCode(email, since));
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page).toHaveURL(/\/airdrop$/, { timeout: 20_000 });
}

test("an ordinary sign-up shows nothing extra and makes no extra request", async ({ browser }) => {
  const context = await from(browser, freshIp());
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto("/register");
  const email = uniqueEmail("calm");
  const since = Date.now();
  await askCode(page, email);
  await expect(page.getByText(strings("en")("auth:codeSentTo", { email: isolate(email) }))).toBeVisible();
  await expect(page.locator('input[name="proof"]')).toHaveCount(0);
  await signUpFinish(page, email, since);
  expect(requests.filter((u) => /solve-proof/.test(u))).toEqual([]);
  await context.close();
});

test("under pressure, with JavaScript: the proof is solved in the background and the sign-up completes", async ({ browser }) => {
  const context = await from(browser, await pressedIp(browser));
  const page = await context.newPage();
  const solver = page.waitForRequest(/solve-proof/);
  await page.goto("/register");
  const email = uniqueEmail("pressed-js");
  const since = Date.now();
  await askCode(page, email);
  // The API asked for the proof: the page fetched its solver then, and posted the step again by itself.
  await solver;
  await signUpFinish(page, email, since);
  await context.close();
});

test("under pressure, without JavaScript: the page asks for a wait, refuses an early send, and the sign-up completes after it", async ({
  browser,
}) => {
  const t = strings("en");
  const context = await from(browser, await pressedIp(browser), { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/register");
  const email = uniqueEmail("pressed-nojs");
  await askCode(page, email);
  await expect(page.getByRole("status").filter({ hasText: t("auth:proof.wait", { time: `00:0${WAIT_SECONDS}` }) })).toBeVisible();
  // Sending again at once: the wait is not over.
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByText(t("errors:300154"))).toBeVisible();
  // The wait passes on the server's clock. The ticket is good from the whole second after its
  // issue plus the wait (its time is rounded up), so a second more, as a clock would pass it.
  await advanceServerClock(WAIT_SECONDS + 1);
  const since = Date.now();
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await signUpFinish(page, email, since);
  await context.close();
});

test("a throwaway address is refused next to the e-mail field, in English and Arabic", async ({ browser }) => {
  for (const lng of ["en", "ar"]) {
    const t = strings(lng);
    const context = await from(browser, freshIp());
    const page = await context.newPage();
    await page.goto(`/register?ui_lang=${lng}`);
    await askCode(page, `someone@mailinator.com`, lng);
    const email = page.getByLabel(t("auth:email"));
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#email-error")).toHaveText(t("errors:300151"));
    await expect(email).toHaveValue("someone@mailinator.com");
    await context.close();
  }
});

test("screenshots: /register under pressure at 360x740, en and ar, light and dark", async ({ browser }) => {
  for (const lng of ["en", "ar"]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await from(browser, await pressedIp(browser), {
        javaScriptEnabled: false,
        viewport: { width: 360, height: 740 },
        colorScheme,
      });
      const page = await context.newPage();
      await page.goto(`/register?ui_lang=${lng}`);
      await askCode(page, uniqueEmail("shot"), lng);
      await expect(page.locator("#proof-status")).toBeVisible();
      await page.locator("#proof-status").scrollIntoViewIfNeeded();
      await screenshot(page, `signup-friction-${lng}-${colorScheme}`);
      await context.close();
    }
  }
});
