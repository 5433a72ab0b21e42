import { expect, test } from "./fixtures.ts";
import { logout, registerAs, screenshot, strings, uniqueEmail } from "./helpers.ts";

const ar = strings("ar");

test("Arabic: right-to-left document, mirrored layout, and the whole sign-up in Arabic", async ({ page }) => {
  await page.clock.install();
  await page.goto("/login?ui_lang=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: ar("auth:login.heading") })).toBeVisible();
  await screenshot(page, "login-ar");

  await page.goto("/register?ui_lang=ar");
  await screenshot(page, "register-ar");
  const email = uniqueEmail("rtl");
  await registerAs(page, email, { lng: "ar" });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: ar("airdrop:title") })).toBeVisible();

  // Mirrored: the first tab (airdrop) sits at the right edge, the last (profile) at the left.
  const tabs = page.getByRole("navigation", { name: ar("common:tabs.label") });
  const first = (await tabs.getByRole("link", { name: ar("common:tabs.airdrop") }).boundingBox())!;
  const last = (await tabs.getByRole("link", { name: ar("common:tabs.profile") }).boundingBox())!;
  expect(first.x).toBeGreaterThan(last.x);
  // The welcome toast has had its time on the page's clock: the picture is of the page alone.
  await page.clock.fastForward(6500);
  await screenshot(page, "airdrop-ar");
  for (const [tab, shot] of [
    ["team", "team-ar"],
    ["tools", "force-ar"],
    ["profile", "mine-ar"],
  ]) {
    await tabs.getByRole("link", { name: ar(`common:tabs.${tab}`) }).click();
    await expect(page.getByRole("link", { name: ar(`common:tabs.${tab}`) })).toHaveAttribute("aria-current", "page");
    await screenshot(page, shot);
  }
  await logout(page, "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto("/privacy");
  await screenshot(page, "privacy-ar");
});
