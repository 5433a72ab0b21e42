import { isolate } from "../../app/utils/format.ts";
import { expect, test } from "./fixtures.ts";
import { loginThrough, logout, registerAs, sendCodeRefused, strings, uniqueEmail } from "./helpers.ts";

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
  await expect(page.getByText(t("airdrop:greeting", { name: isolate(email) }))).toBeVisible();
});
