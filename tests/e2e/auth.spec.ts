import { createCookieSessionStorage } from "@remix-run/node";
import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { readFileSync } from "node:fs";
import {
  loginThrough,
  logout,
  mailTo,
  registerAs,
  requestAndEnterCode,
  screenshot,
  sendCodeRefused,
  signUpWithEnterKey,
  strings,
  uniqueEmail,
} from "./helpers.ts";

const t = strings("en");

test("a new user registers with an e-mailed code and lands on the airdrop inside the app", async ({ page }) => {
  const email = uniqueEmail("reg");
  await registerAs(page, email);
  await expect(page.getByRole("status").filter({ hasText: t("auth:registered") })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: t("airdrop:title") })).toBeVisible();
  // No nickname yet: the greeting names the friendly name, never the e-mail.
  const [before, after] = t("airdrop:greeting", { name: "\u0000" }).split("\u0000");
  await expect(page.getByText(new RegExp(`^${before}.+${after}$`))).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toHaveCount(0);
  const tabs = page.getByRole("navigation", { name: t("common:tabs.label") });
  for (const tab of ["airdrop", "team", "tools", "profile"]) {
    await expect(tabs.getByRole("link", { name: t(`common:tabs.${tab}`) })).toBeVisible();
  }
  await expect(tabs.getByRole("link", { name: t("common:tabs.airdrop") })).toHaveAttribute("aria-current", "page");
  await screenshot(page, "airdrop-en");

  for (const [tab, heading, shot] of [
    ["team", "team:title", "team-en"],
    ["tools", "tools:title", "force-en"],
    ["profile", "profile:title", "mine-en"],
  ]) {
    await tabs.getByRole("link", { name: t(`common:tabs.${tab}`) }).click();
    await expect(page.getByRole("heading", { level: 1, name: t(heading) })).toBeVisible();
    await screenshot(page, shot);
  }
  // The e-mail the account was made with is in the settings.
  await page.getByRole("link", { name: t("profile:settings.open") }).click();
  await expect(page.getByText(email)).toBeVisible();
});

test("registration through an invite link keeps the code and succeeds; a wrong invite code is refused", async ({ page, browser }) => {
  const inviter = uniqueEmail("inviter");
  await registerAs(page, inviter);
  await page.getByRole("link", { name: t("common:tabs.team") }).click();
  const code = (await page.locator("dd.mono").textContent())!.trim();
  // Shown with its kind's prefix; the link and the field take it as it is shown.
  expect(code).toMatch(/^INV-[A-Z2-9]{8}$/);

  const friend = await browser.newPage();
  await friend.goto(`/register?invite=${code}`);
  await expect(friend.getByLabel(t("auth:invite"))).toHaveValue(code);
  await requestAndEnterCode(friend, uniqueEmail("invited"));
  await friend.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(friend).toHaveURL(/\/airdrop$/);

  const stranger = await browser.newPage();
  const email = uniqueEmail("badinvite");
  await stranger.goto(`/register?invite=ZZZZ2222`);
  await requestAndEnterCode(stranger, email);
  await stranger.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(stranger.getByRole("alert")).toHaveText(new RegExp(t("errors:300008")));
  await expect(stranger).toHaveURL(/\/register/);
  await expect(stranger.getByLabel(t("auth:email"))).toHaveValue(email);
  await screenshot(stranger, "register-error-en");
});

test("an invalid e-mail, an e-mail already registered and an unknown login e-mail each get their message", async ({ page }) => {
  await page.goto("/register");
  await sendCodeRefused(page, "not-an-email", 300027);

  const email = uniqueEmail("taken");
  await registerAs(page, email);
  await logout(page);
  await page.goto("/register");
  await sendCodeRefused(page, email, 300033);

  await page.goto("/login");
  await sendCodeRefused(page, uniqueEmail("nobody"), 300012);
});

// On the clocked server, whose clock the test moves past the code's life (decision 069).
test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  test("a wrong code and an expired code are refused with their own messages", async ({ page, rounds }) => {
    const email = uniqueEmail("codes");
    await page.goto("/register");
    await requestAndEnterCode(page, email);
    const right = await page.getByLabel(t("auth:code")).inputValue();
    await page.getByLabel(t("auth:code")).fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: t("auth:signUp") }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300007")));

    // The e2e servers keep codes for E2E.otpTtlSeconds; the server's clock moves past that (to the
    // close of its hour-long round), then the right code is used.
    expect(E2E.clocked.roundSeconds).toBeGreaterThan(2 * E2E.otpTtlSeconds);
    await rounds.close();
    await page.getByLabel(t("auth:code")).fill(right);
    await page.getByRole("button", { name: t("auth:signUp") }).click();
    await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300101")));
  });
});

test("logging out and in again, and coming back to the page that asked for login", async ({ page }) => {
  const email = uniqueEmail("again");
  await registerAs(page, email);
  await logout(page);
  await expect(page.getByRole("status").filter({ hasText: t("auth:loggedOut") })).toBeVisible();

  await loginThrough(page, "/team", email);
  await expect(page.getByRole("status").filter({ hasText: t("auth:welcomeBack") })).toBeVisible();
});

// A service worker hands the page its navigations' answers without their Set-Cookie header, which
// this test reads: it runs without one (the renewal itself is the same either way).
test.describe("without the service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("the session cookie lives TOKEN_IDLE_DAYS days and, while in use, is sent again with a later expiry once a day, privately", async ({
    page,
    request,
    baseURL,
  }) => {
    const DAY = 86_400_000;
    const cookie = async (name: string) => (await page.context().cookies()).find((c) => c.name === name);
    await registerAs(page, uniqueEmail("renew"));
    const first = (await cookie("vv_session"))!;
    expect(first.httpOnly).toBe(true);
    // TOKEN_IDLE_DAYS is not set for the e2e server: its default, 30 days, like the API's token.
    expect(first.expires * 1000).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    expect(first.expires * 1000).toBeLessThan(Date.now() + 30 * DAY + 60_000);

    // The same day: a page and a data request send no cookie again.
    const sameDay = await page.goto("/team");
    expect(await sameDay!.headerValue("set-cookie")).toBeNull();
    const header = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await request.get("/team.data", { headers: { cookie: header } })).headers()["set-cookie"]).toBeUndefined();

    // Last sent two days ago, as the server would have written it then, and expiring 28 days from now.
    const storage = createCookieSessionStorage({
      cookie: { name: "vv_session", secrets: [E2E.sessionSecret], path: "/", httpOnly: true, sameSite: "lax" },
    });
    const session = await storage.getSession(`vv_session=${first.value}`);
    session.set("renewedAt", Date.now() - 2 * DAY);
    const aged = (await storage.commitSession(session)).split(";")[0].slice("vv_session=".length);
    const agedExpiry = first.expires - 2 * 86_400;
    await page
      .context()
      .addCookies([{ name: "vv_session", value: aged, url: baseURL!, expires: agedExpiry, httpOnly: true, sameSite: "Lax" }]);

    const renewed = await page.goto("/airdrop");
    expect(renewed!.status()).toBe(200);
    expect(await renewed!.headerValue("set-cookie")).toMatch(/(^|\n)vv_session=/);
    expect(await renewed!.headerValue("cache-control")).toBe("private, no-store");
    const after = (await cookie("vv_session"))!;
    expect(after.expires).toBeGreaterThan(agedExpiry + 86_400);
    expect(after.expires * 1000).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    // Sent once: the next page does not send it again.
    expect(await (await page.goto("/team"))!.headerValue("set-cookie")).toBeNull();

    // Signed out, with the device cookie alone: the sign-in pages set no cookie.
    await logout(page);
    const anonymous = (await page.context().cookies())
      .filter((c) => c.name === "vv_device")
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    expect(anonymous).toMatch(/^vv_device=/);
    for (const path of ["/login", "/register", "/privacy"]) {
      expect((await request.get(path, { headers: { cookie: anonymous } })).headers()["set-cookie"], path).toBeUndefined();
    }
  });
});

test("the root and unknown paths lead to the airdrop, and the legal pages are real and script-free", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fairdrop$/);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fairdrop$/);

  for (const doc of ["privacy", "terms"]) {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`/register`);
    await page.getByRole("link", { name: t(`auth:${doc}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/${doc}$`));
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    expect(await page.locator("script").count()).toBe(0);
    await screenshot(page, `${doc}-en`);
    page.removeAllListeners("request");
    expect(scripts.filter((s) => s.includes(`/${doc}`))).toEqual([]);
  }
});

test("the legal pages are rendered once per language and served from memory, in each visitor's language", async ({ request }) => {
  const ar = strings("ar");
  const first = await request.get("/privacy", { headers: { "accept-language": "ar" } });
  const again = await request.get("/privacy", { headers: { "accept-language": "ar" } });
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(await again.text()).toBe(html);
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain(ar("legal:privacy.title"));
  expect(await (await request.get("/privacy", { headers: { "accept-language": "ta" } })).text()).toContain('<html lang="ta"');
  // A language picked in the URL goes through Remix, and sticks for the next page.
  const picked = await request.get("/terms?ui_lang=ja");
  expect(picked.headers()["set-cookie"]).toContain("vv_lang=");
  expect(await picked.text()).toContain('<html lang="ja"');
  expect(await (await request.get("/terms")).text()).toContain('<html lang="ja"');
});

test("the sign-in pages are rendered once per language, each answer with a nonce of its own that its CSP names", async ({ request }) => {
  const nonceOf = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];
  for (const path of ["/login", "/register"]) {
    const answers = [
      await request.get(path, { headers: { "accept-language": "ar" } }),
      await request.get(path, { headers: { "accept-language": "ar" } }),
    ];
    const pages = await Promise.all(answers.map((a) => a.text()));
    const nonces = pages.map(nonceOf);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status()).toBe(200);
      expect(nonces[i]).toHaveLength(1);
      expect(answer.headers()["content-security-policy"]).toContain(`'nonce-${nonces[i][0]}'`);
    }
    expect(nonces[0][0]).not.toBe(nonces[1][0]);
    expect(pages[1].replaceAll(nonces[1][0], nonces[0][0])).toBe(pages[0]);
    expect(pages[0]).toContain('<html lang="ar" dir="rtl">');
    expect(pages[0]).toContain(strings("ar")(path === "/login" ? "auth:login.title" : "auth:register.title"));
  }
});

test("the page's modules are preloaded at low priority, its stylesheet is not, and the page still hydrates", async ({ page, request }) => {
  const html = await (await request.get("/login", { headers: { "accept-language": "en" } })).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads.length).toBeGreaterThan(3);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  expect(html).toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
  await page.goto("/login");
  // entry.client.tsx sets the time-zone cookie before it hydrates: the modules loaded and ran.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "vv_tz")).toBe(true);
});

test("login sends the code mail through SMTP in the user's language, as text and HTML", async ({ page }) => {
  const email = uniqueEmail("mail");
  await registerAs(page, email, { lng: "ja" });
  await logout(page, "ja");
  const ja = strings("ja");
  const since = Date.now();
  await page.getByLabel(ja("auth:email")).fill(email);
  await page.getByRole("button", { name: ja("auth:sendCode") }).click();
  const mail = await mailTo(email, since);
  const mailStrings = JSON.parse(readFileSync("locales/ja/mail.json", "utf8"));
  expect(mail.subject).toBe(mailStrings.otp.subject.replace("{{code}}", mail.code));
  expect(mail.text).toContain(mailStrings.otp.introLogin);
  expect(mail.html).toContain(`lang="ja"`);
  expect(mail.html).toContain(mail.code);
});

test("after login on another phone the UI switches to the language the user chose", async ({ page, browser }) => {
  const email = uniqueEmail("polyglot");
  await registerAs(page, email, { lng: "ko" });
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");

  const phone = await browser.newPage({ locale: "en-US" });
  await phone.goto("/login");
  await expect(phone.locator("html")).toHaveAttribute("lang", "en");
  await requestAndEnterCode(phone, email);
  await phone.getByRole("button", { name: t("auth:logIn"), exact: true }).click();
  await expect(phone).toHaveURL(/\/airdrop$/);
  await expect(phone.locator("html")).toHaveAttribute("lang", "ko");
  await expect(phone.getByRole("heading", { level: 1, name: strings("ko")("airdrop:title") })).toBeVisible();
  await phone.close();
});

test("the keyboard's Go key sends the code, asks for an empty code next to the field, then signs up", async ({ page }) => {
  await signUpWithEnterKey(page, uniqueEmail("enter"));
});
