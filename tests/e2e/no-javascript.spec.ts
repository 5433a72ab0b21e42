import { isolate } from "../../app/utils/format.ts";
import { expect, test } from "@playwright/test";
import { loginAs, logout, registerAs, strings, uniqueEmail } from "./helpers.ts";

const t = strings("en");

test.use({ javaScriptEnabled: false });

test("without JavaScript: errors, register, log out and log in again, with toasts rendered by the server", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel(t("auth:email")).fill("broken@");
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t("errors:300027")));
  await expect(page.getByLabel(t("auth:email"))).toHaveValue("broken@");

  const email = uniqueEmail("nojs");
  await registerAs(page, email);
  await expect(page.getByRole("status").filter({ hasText: t("auth:registered") })).toBeVisible();
  await logout(page);
  await expect(page.getByRole("status").filter({ hasText: t("auth:loggedOut") })).toBeVisible();
  await loginAs(page, email);
  await expect(page).toHaveURL(/\/airdrop$/);
  await expect(page.getByText(t("common:airdrop.greeting", { name: isolate(email) }))).toBeVisible();
});
