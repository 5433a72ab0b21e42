import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { strings, uniqueEmail } from "./helpers.ts";

/**
 * A refusal that belongs to a field is said once: next to the field, announced (the page's only
 * alert), tied to the input as its description; never again in a toast.
 */
async function saidOnceAtField(page: Page, field: Locator, text: string): Promise<void> {
  await expect(page.getByRole("alert")).toHaveText(text);
  await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: sign-in refusals are said once, next to their field`, async ({ page }) => {
    const t = strings(lng);
    await page.goto(`/login?ui_lang=${lng}`);
    const email = page.getByLabel(t("auth:email"));
    await email.fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: t("auth:sendCode") }).click();
    await saidOnceAtField(page, email, t("errors:300012"));

    await page.goto(`/register?ui_lang=${lng}`);
    await email.fill("not-an-email");
    await email.press("Enter");
    await saidOnceAtField(page, email, t("errors:300027"));
    // No code typed: asked for next to the code field, once.
    await page.getByRole("button", { name: t("auth:signUp") }).click();
    await saidOnceAtField(page, page.getByLabel(t("auth:code")), t("auth:codeRequired"));
  });

  test(`${lng}: a bad X handle is said once, next to the handle field, the handle kept`, async ({ page }) => {
    const t = strings(lng);
    await signedIn(page, { email: uniqueEmail(`handle-${lng}`), lng });
    const handle = page.getByLabel(t("airdrop:social.handleLabel"));
    await handle.fill("not a handle");
    await page.getByRole("button", { name: t("airdrop:social.bind") }).click();
    await saidOnceAtField(page, handle, t("errors:210103"));
    await expect(handle).toHaveValue("not a handle");
  });
}
