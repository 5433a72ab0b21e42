import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { loginAs, logout, registerAs, strings, uniqueEmail } from "./helpers.ts";

const t = strings("en");

// PUBLIC_URL is http://localhost:<port>; the browser uses another address of the same machine,
// as a phone on the network would use the computer's.
test.use({ baseURL: `http://127.0.0.1:${E2E.port}` });

test("opened at 127.0.0.1 instead of PUBLIC_URL's localhost, the app signs up, out and in through its forms", async ({ page }) => {
  const email = uniqueEmail("ip");
  await registerAs(page, email);
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${E2E.port}`);
  await expect(page.getByRole("heading", { level: 1, name: t("airdrop:title") })).toBeVisible();
  await logout(page);
  await loginAs(page, email);
  await expect(page).toHaveURL(/\/airdrop$/);
  await expect(page.getByRole("heading", { level: 1, name: t("airdrop:title") })).toBeVisible();
});
