import type { CDPSession, Page } from "@playwright/test";

/**
 * Passkeys as a phone with a screen lock makes and uses them: Chromium's virtual authenticator
 * (the DevTools protocol's WebAuthn domain), an internal one that verifies its user, holding
 * discoverable credentials.
 */
export async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
