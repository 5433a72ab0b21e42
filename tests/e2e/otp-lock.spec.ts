import { hoursMinutesText, isolateNumbers } from "#app/utils/format.ts";
import { expect, test } from "./fixtures.ts";
import { requestAndEnterCode, strings, uniqueEmail } from "./helpers.ts";

// The e2e API keeps the defaults: OTP_LOCK_WRONG_PER_HOUR=10 wrong codes lock for OTP_LOCK_MINUTES=15.
const WRONG_PER_HOUR = 10;
const LOCK_SECONDS = 15 * 60;

for (const lng of ["en", "ar"]) {
  test(`too many wrong codes lock code sign-in on this device, said once next to the code field with the time left (${lng})`, async ({
    page,
  }) => {
    const t = strings(lng);
    await page.goto(`/register?ui_lang=${lng}`);
    await requestAndEnterCode(page, uniqueEmail(`lock-${lng}`), lng);
    const field = page.getByLabel(t("auth:code"));
    const right = await field.inputValue();
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i < WRONG_PER_HOUR; i++) {
      await field.fill(wrong);
      await page.getByRole("button", { name: t("auth:signUp") }).click();
      await expect(page.getByRole("alert")).toContainText(isolateNumbers(t("errors:300007")));
    }
    await field.fill(wrong);
    await page.getByRole("button", { name: t("auth:signUp") }).click();
    const locked = isolateNumbers(t("errors:300124", { wait: hoursMinutesText(lng, LOCK_SECONDS) }));
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(locked);
    await expect(page.getByText(locked)).toHaveCount(1);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAttribute("aria-describedby", /code-error/);
  });
}
