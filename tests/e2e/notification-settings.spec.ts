import type { Page } from "@playwright/test";
import { E2E } from "./env.ts";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { mailMatching, screenshot, strings, uniqueEmail } from "./helpers.ts";

/**
 * /settings' notification settings (docs/decisions/046): one plain form, the same with and
 * without JavaScript; and the opt-in round e-mail, whose unsubscribe link opens a page that
 * changes nothing until its button is pressed, and takes the mail clients' one-click POST.
 */

const en = strings("en");

function section(page: Page, t = en) {
  return page.getByRole("region", { name: t("profile:notifications.title") });
}

async function saveSettings(page: Page): Promise<void> {
  await section(page)
    .getByRole("button", { name: en("common:save") })
    .click();
  await expect(page.getByRole("status").filter({ hasText: en("common:saved") })).toBeVisible();
}

async function turnOffPauseAndSetQuietHours(page: Page): Promise<void> {
  await signedIn(page, { email: uniqueEmail("prefs") });
  await page.goto("/settings");
  const box = section(page);
  for (const kind of ["round", "pause", "remind", "exchange", "gift"]) {
    await expect(box.getByRole("checkbox", { name: en(`profile:notifications.kinds.${kind}`), exact: true })).toBeChecked();
  }
  // The suite's server has no quiet hours by default (00:00-00:00).
  await expect(box.getByLabel(en("profile:notifications.quietStart"))).toHaveValue("00:00");
  await expect(box.getByRole("checkbox", { name: en("profile:notifications.roundEmail"), exact: true })).not.toBeChecked();

  await box.getByRole("checkbox", { name: en("profile:notifications.kinds.pause"), exact: true }).uncheck();
  // A time left empty is refused next to the field, nothing saved.
  await box.getByLabel(en("profile:notifications.quietStart")).fill("");
  await box.getByRole("button", { name: en("common:save") }).click();
  const start = section(page).getByLabel(en("profile:notifications.quietStart"));
  await expect(start).toHaveAttribute("aria-invalid", "true");
  await expect(start).toHaveAccessibleDescription(new RegExp(en("errors:300122").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.reload();
  await expect(section(page).getByRole("checkbox", { name: en("profile:notifications.kinds.pause"), exact: true })).toBeChecked();

  await section(page)
    .getByRole("checkbox", { name: en("profile:notifications.kinds.pause"), exact: true })
    .uncheck();
  await section(page).getByLabel(en("profile:notifications.quietStart")).fill("23:15");
  await section(page).getByLabel(en("profile:notifications.quietEnd")).fill("07:45");
  await saveSettings(page);

  await page.reload();
  const after = section(page);
  await expect(after.getByRole("checkbox", { name: en("profile:notifications.kinds.pause"), exact: true })).not.toBeChecked();
  await expect(after.getByRole("checkbox", { name: en("profile:notifications.kinds.round"), exact: true })).toBeChecked();
  await expect(after.getByRole("checkbox", { name: en("profile:notifications.quietOn"), exact: true })).toBeChecked();
  await expect(after.getByLabel(en("profile:notifications.quietStart"))).toHaveValue("23:15");
  await expect(after.getByLabel(en("profile:notifications.quietEnd"))).toHaveValue("07:45");
}

test("a new user turns a kind off and sets quiet hours in /settings; a reload shows them", async ({ page }) => {
  await turnOffPauseAndSetQuietHours(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the same form works as a plain post", async ({ page }) => {
    await turnOffPauseAndSetQuietHours(page);
  });
});

// On the clocked server: the round closes when the test says so (decision 069).
test.describe(() => {
  test.use({ baseURL: E2E.clocked.baseUrl });
  test("the round e-mail: turned on in /settings, it arrives at a round's close; its link unsubscribes with one click or from its page", async ({
    page,
    request,
    rounds,
  }) => {
    const email = uniqueEmail("round-mail");
    await signedIn(page, { email });
    await page.goto("/settings");
    await section(page)
      .getByRole("checkbox", { name: en("profile:notifications.roundEmail"), exact: true })
      .check();
    await saveSettings(page);
    await page.goto("/airdrop");
    const since = Date.now();
    await page.getByRole("button", { name: en("airdrop:status.start") }).click();

    await expect(page.getByRole("status").filter({ hasText: en("airdrop:toast.started", { power: "100" }) })).toBeVisible();

    // The first round this user takes part in closes (after the one it waited for), is paid, and its e-mail goes out within the spread.
    await rounds.close();
    await rounds.close();
    const mail = await mailMatching(email, since, (m) => Boolean(m.headers?.["list-unsubscribe"]), 20_000);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<([^>]+)>/.exec(mail.headers["list-unsubscribe"])![1];
    expect(link).toMatch(/\/unsubscribe\?token=\d+\.[\w-]{43}&ui_lang=en$/);
    expect(mail.text).toContain(link);

    // Opening the link (as a mail scanner does) changes nothing: the page asks first.
    const reader = await page.context().browser()!.newPage();
    await reader.goto(link);
    await expect(reader.getByRole("heading", { level: 1, name: en("profile:unsubscribe.title") })).toBeVisible();
    await expect(reader.getByText(en("profile:unsubscribe.body"))).toBeVisible();
    await page.goto("/settings");
    await expect(section(page).getByRole("checkbox", { name: en("profile:notifications.roundEmail"), exact: true })).toBeChecked();

    // The mail client's one-click POST: no cookies, no Origin, the RFC 8058 body.
    const oneClick = await request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    await page.reload();
    await expect(section(page).getByRole("checkbox", { name: en("profile:notifications.roundEmail"), exact: true })).not.toBeChecked();

    // The page's button says it is done (again: no error).
    await reader.getByRole("button", { name: en("profile:unsubscribe.confirm") }).click();
    await expect(reader.getByRole("status")).toHaveText(en("profile:unsubscribe.done"));
    await screenshot(reader, "unsubscribe-done-en");

    // A link whose signature was altered is refused, in the page's language.
    const ta = strings("ta");
    await reader.goto(link.replace(/(\w)&ui_lang=en$/, (_, last: string) => `${last === "A" ? "B" : "A"}&ui_lang=ta`));
    await reader.getByRole("button", { name: ta("profile:unsubscribe.confirm") }).click();
    await expect(reader.getByRole("alert")).toHaveText(ta("errors:300123"));
    await screenshot(reader, "unsubscribe-refused-ta");
  });
});

test("screenshots: the notification settings in en, ar, ta, light and dark", async ({ page }) => {
  await signedIn(page, { email: uniqueEmail("prefs-looks") });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const lng of ["en", "ar", "ta"]) {
      await page.goto(`/settings?ui_lang=${lng}`);
      const box = section(page, strings(lng));
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({ path: `${E2E.shotsDir}/notification-settings-${lng}-${scheme}.png` });
    }
  }
});
