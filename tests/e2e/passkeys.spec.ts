import type { CDPSession, Page } from "@playwright/test";
import { withAuthenticator } from "./authenticator.ts";
import { expect, test } from "./fixtures.ts";
import { shootBothThemes } from "./axe.ts";
import { E2E } from "./env.ts";
import { logout, registerAs, strings, uniqueEmail } from "./helpers.ts";

async function credentialsOn(device: { cdp: CDPSession; authenticatorId: string }) {
  return (await device.cdp.send("WebAuthn.getCredentials", { authenticatorId: device.authenticatorId })).credentials;
}

/** Adds a passkey from the offer a sign-in by code leaves on /airdrop. */
async function addFromOffer(page: Page, lng: string, shots?: string): Promise<void> {
  const t = strings(lng);
  const offer = page.getByRole("region", { name: t("common:passkey.offerTitle") });
  await expect(offer).toBeVisible();
  if (shots) {
    await offer.scrollIntoViewIfNeeded();
    await shootBothThemes(page, shots);
  }
  await offer.getByRole("button", { name: t("common:passkey.add") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("common:passkey.added") })).toBeVisible();
  await expect(offer).toHaveCount(0);
}

for (const lng of ["en", "ar", "ta"]) {
  test(`${lng}: sign in once by code, add a passkey in one tap, sign in with it next time, rename and remove it`, async ({ page }) => {
    const t = strings(lng);
    // A browser whose e-mail field cannot offer passkeys (no autofill): the button is the way.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const device = await withAuthenticator(page);
    const email = uniqueEmail(`passkey-${lng}`);
    await registerAs(page, email, { lng });
    await addFromOffer(page, lng, `passkey-offer-${lng}`);
    expect(await credentialsOn(device)).toHaveLength(1);

    await logout(page, lng);
    await expect(page.getByRole("button", { name: t("auth:passkey.signIn") })).toBeVisible();
    await expect(page.getByLabel(t("auth:email"))).toHaveAttribute("autocomplete", "email webauthn");
    await shootBothThemes(page, `passkey-login-${lng}`);
    await page.getByRole("button", { name: t("auth:passkey.signIn") }).click();
    await expect(page).toHaveURL(/\/airdrop$/);
    await expect(page.getByRole("status").filter({ hasText: t("auth:welcomeBack") })).toBeVisible();
    // Signed in by passkey: no offer of another one.
    await expect(page.getByRole("region", { name: t("common:passkey.offerTitle") })).toHaveCount(0);

    await page.goto("/settings");
    await page.getByRole("link", { name: t("profile:sessions.title") }).click();
    const card = page.getByRole("region", { name: t("passkeys:heading") });
    const list = card.getByRole("list");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText(t("passkeys:neverUsed"))).toHaveCount(0);
    await card.getByRole("button", { name: t("common:passkey.add") }).scrollIntoViewIfNeeded();
    await shootBothThemes(page, `passkeys-${lng}`);

    await card.getByText(t("passkeys:rename")).click();
    const name = card.getByLabel(t("passkeys:name"));
    await name.fill("   ");
    await name.press("Enter");
    await expect(card.getByText(t("errors:300132"))).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await name.fill("Pixel");
    await name.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t("passkeys:renamed") })).toBeVisible();
    await expect(list.getByRole("heading", { name: "Pixel" })).toBeVisible();

    await card.getByRole("button", { name: t("passkeys:removeOne", { name: "Pixel" }) }).click();
    await expect(page.getByRole("status").filter({ hasText: t("passkeys:removed") })).toBeVisible();
    await expect(card.getByText(t("passkeys:none"))).toBeVisible();

    // The phone still holds it, but it signs nobody in, and the code is the way back.
    await logout(page, lng);
    await page.getByRole("button", { name: t("auth:passkey.signIn") }).click();
    await expect(page.getByRole("alert").filter({ hasText: t("errors:300129") })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
}

test("the e-mail field offers the device's passkeys (autofill), and choosing one signs in", async ({ page }) => {
  const t = strings("en");
  const device = await withAuthenticator(page);
  const email = uniqueEmail("passkey-autofill");
  await registerAs(page, email);
  await addFromOffer(page, "en");
  // The e-mail field says it takes passkeys; the page's request waits on it from the start.
  const login = page.waitForResponse((r) => r.url().includes("/passkeys/options?for=login"));
  await logout(page);
  await login;
  // The virtual authenticator answers the page's waiting autofill request at once, as a person picking the passkey would.
  await expect(page).toHaveURL(/\/airdrop$/);
  await expect(page.getByRole("status").filter({ hasText: t("auth:welcomeBack") })).toBeVisible();
  expect((await credentialsOn(device))[0].signCount).toBeGreaterThan(0);
});

test("a shared phone: a passkey of another account is refused as a code would be, with the reason", async ({ page, browser }) => {
  const t = strings("en");
  const owner = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 360, height: 740 } });
  const ownerPage = await owner.newPage();
  const ownerDevice = await withAuthenticator(ownerPage);
  await registerAs(ownerPage, uniqueEmail("passkey-owner"));
  await addFromOffer(ownerPage, "en");
  const [credential] = await credentialsOn(ownerDevice);
  await owner.close();

  // This phone signed its own account in today; the owner's passkey is then copied onto it.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await registerAs(page, uniqueEmail("passkey-sibling"));
  const device = await withAuthenticator(page);
  await device.cdp.send("WebAuthn.addCredential", { authenticatorId: device.authenticatorId, credential });
  await logout(page);
  await page.getByRole("button", { name: t("auth:passkey.signIn") }).click();
  await expect(page.getByRole("alert").filter({ hasText: t("errors:300023") })).toBeVisible();
});

test("where the browser has no WebAuthn, or the address is not the public one, nothing about passkeys shows", async ({ page }) => {
  const t = strings("en");
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "PublicKeyCredential");
  });
  const email = uniqueEmail("passkey-none");
  await registerAs(page, email);
  await expect(page.getByText(t("common:passkey.offerTitle"))).toHaveCount(0);
  await page.goto("/settings/sessions");
  await expect(page.getByRole("heading", { name: t("profile:sessions.heading") })).toBeVisible();
  await expect(page.getByText(t("passkeys:heading"))).toHaveCount(0);
  await logout(page);
  await expect(page.getByRole("button", { name: t("auth:passkey.signIn") })).toHaveCount(0);

  // 127.0.0.1 can never be a passkey's relying party: the page does not offer one even where the browser could.
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: E2E.baseUrl.replace("localhost", "127.0.0.1") });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await expect(otherPage.getByLabel(t("auth:email"))).toBeVisible();
  await expect(otherPage.getByRole("button", { name: t("auth:passkey.signIn") })).toHaveCount(0);
  await expect(otherPage.getByLabel(t("auth:email"))).toHaveAttribute("autocomplete", "email");
  await other.close();
});
