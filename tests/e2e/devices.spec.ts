import { createCookieSessionStorage } from "@remix-run/node";
import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { loginAs, logout, registerAs, requestAndEnterCode, strings, uniqueEmail } from "./helpers.ts";

const t = strings("en");

test("a device logs in to one account a day (300023)", async ({ page, browser }) => {
  const other = uniqueEmail("other");
  const elsewhere = await browser.newPage();
  await registerAs(elsewhere, other);

  const mine = uniqueEmail("mine");
  await registerAs(page, mine);
  await logout(page);
  await loginAs(page, other);
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300023")));
  await loginAs(page, mine);
  await expect(page).toHaveURL(/\/airdrop$/);
});

test("a device registers at most three accounts (300016)", async ({ page }) => {
  for (let i = 0; i < 3; i++) {
    await registerAs(page, uniqueEmail(`dev${i}`));
    await logout(page);
  }
  await page.goto("/register");
  await requestAndEnterCode(page, uniqueEmail("dev3"));
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300016")));
});

test("a banned device can neither log in nor register (300024)", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("victim");
  const elsewhere = await browser.newPage();
  await registerAs(elsewhere, email);

  // The operator banned this device id before the server started; put it in this phone's session.
  const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [E2E.sessionSecret], path: "/", httpOnly: true, sameSite: "lax" } });
  const session = await storage.getSession();
  session.set("did", E2E.bannedDid);
  const value = (await storage.commitSession(session)).split(";")[0].split("=").slice(1).join("=");
  await page.context().addCookies([{ name: "vv_session", value, url: baseURL! }]);

  await loginAs(page, email);
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300024")));
  await page.goto("/register");
  await requestAndEnterCode(page, uniqueEmail("banned-new"));
  await page.getByRole("button", { name: t("auth:signUp") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300024")));
});
