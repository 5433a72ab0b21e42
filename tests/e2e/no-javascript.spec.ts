import { expect, test } from "./fixtures.ts";
import { loginThrough, logout, registerAs, sendCodeRefused, signUpWithEnterKey, strings, uniqueEmail } from "./helpers.ts";

const t = strings("en");

test.use({ javaScriptEnabled: false });

test("without JavaScript: errors, register, log out and log in again, with toasts rendered by the server", async ({ page }) => {
  await page.goto("/login");
  await sendCodeRefused(page, "broken@", 300027);

  const email = uniqueEmail("nojs");
  await registerAs(page, email);
  await expect(page.getByRole("status").filter({ hasText: t("auth:registered") })).toBeVisible();
  await logout(page);
  await expect(page.getByRole("status").filter({ hasText: t("auth:loggedOut") })).toBeVisible();
  await loginThrough(page, "/team", email);
  await page.getByRole("link", { name: t("common:tabs.airdrop") }).click();
  // No nickname yet: the greeting names the friendly name, never the e-mail.
  const [before, after] = t("airdrop:greeting", { name: "\u0000" }).split("\u0000");
  await expect(page.getByText(new RegExp(`^${before}.+${after}$`))).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toHaveCount(0);
});

test("without JavaScript the keyboard's Go key sends the code, then signs up", async ({ page }) => {
  await signUpWithEnterKey(page, uniqueEmail("nojs-enter"));
});
