import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import type { Page } from "@playwright/test";
import { isolate } from "#app/utils/format.ts";
import { expect, test } from "./fixtures.ts";
import { E2E } from "./env.ts";
import { loginAs, logout, registerAs, strings, uniqueEmail } from "./helpers.ts";

const t = strings("en");

/** Asks for a code and expects the device's refusal instead, before any mail is sent. */
async function refusedAtCode(page: Page, email: string, code: string): Promise<void> {
  await page.getByLabel(t("auth:email")).fill(email);
  await page.getByRole("button", { name: t("auth:sendCode") }).click();
  await expect(page.getByRole("alert")).toHaveText(new RegExp(t(`errors:${code}`)));
  await expect(page.getByText(t("auth:codeSentTo", { email: isolate(email) }))).toHaveCount(0);
}

test("a device logs in to one account a day (300023)", async ({ page, browser }) => {
  const other = uniqueEmail("other");
  const elsewhere = await browser.newPage();
  await registerAs(elsewhere, other);

  const mine = uniqueEmail("mine");
  await registerAs(page, mine);
  await logout(page);
  await refusedAtCode(page, other, "300023");
  await loginAs(page, mine);
  await expect(page).toHaveURL(/\/airdrop$/);
});

test("a device registers at most three accounts (300016)", async ({ page }) => {
  for (let i = 0; i < 3; i++) {
    await registerAs(page, uniqueEmail(`dev${i}`));
    await logout(page);
  }
  await page.goto("/register");
  await refusedAtCode(page, uniqueEmail("dev3"), "300016");
});

/** The value of a cookie from its Set-Cookie line. */
const valueOf = (setCookie: string) => setCookie.split(";")[0].split("=").slice(1).join("=");

/** A session cookie holding a device id, as sign-ins wrote it before the device id had a cookie of its own. */
async function oldShapeSession(did: string): Promise<string> {
  const storage = createCookieSessionStorage({
    cookie: { name: "vv_session", secrets: [E2E.sessionSecret], path: "/", httpOnly: true, sameSite: "lax" },
  });
  const session = await storage.getSession();
  session.set("did", did);
  return valueOf(await storage.commitSession(session));
}

const BANNED_IN = {
  "the session cookie's old shape": async () => ({ name: "vv_session", value: await oldShapeSession(E2E.bannedDid) }),
  "the device cookie": async () => ({
    name: "vv_device",
    value: valueOf(await createCookie("vv_device", { secrets: [E2E.sessionSecret], path: "/" }).serialize(E2E.bannedDid)),
  }),
};

for (const [where, cookie] of Object.entries(BANNED_IN)) {
  test(`a banned device can neither log in nor register (300024), its id in ${where}`, async ({ page, browser, baseURL }) => {
    const email = uniqueEmail("victim");
    const elsewhere = await browser.newPage();
    await registerAs(elsewhere, email);

    // The operator banned this device id before the server started; put it in this phone's cookies.
    await page.context().addCookies([{ ...(await cookie()), url: baseURL! }]);

    await page.goto("/login");
    await refusedAtCode(page, email, "300024");
    await page.goto("/register");
    await refusedAtCode(page, uniqueEmail("banned-new"), "300024");
  });
}

test("logout ends the session but keeps the device id's own cookie, long-lived and out of scripts' reach", async ({ page }) => {
  await registerAs(page, uniqueEmail("keep"));
  const device = (await page.context().cookies()).find((c) => c.name === "vv_device")!;
  expect(device.httpOnly).toBe(true);
  // Ten years asked; browsers may cap it (Chromium at 400 days), the renewals with the session keep it going.
  expect(device.expires * 1000).toBeGreaterThan(Date.now() + 365 * 86_400_000);
  await logout(page);
  const after = await page.context().cookies();
  expect(after.find((c) => c.name === "vv_session")).toBeUndefined();
  expect(after.find((c) => c.name === "vv_device")?.value).toBe(device.value);
});
