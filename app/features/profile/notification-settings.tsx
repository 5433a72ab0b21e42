import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorCode } from "#contract/errors.ts";
import { NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import { useFieldError } from "#app/utils/field-error.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import type { loadSettings } from "./settings.server.ts";

/**
 * Which notifications the user gets, when they wait (quiet hours) and the round e-mail: one plain
 * form with one Save, so it works without JavaScript and adds no script of its own to /settings.
 * The settings are the account's: they hold on every device and in the native apps.
 */
export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const { notificationSettings: s } = useLoaderData<typeof loadSettings>();
  const busy = useNavigation().formData?.get("intent") === "notifications";
  const error = useFieldError({ errorId: "quiet-error", hintId: "quiet-hint", codes: [ErrorCode.quietHoursInvalid] });
  return (
    <Form method="post" className="form notification-settings">
      <fieldset className="choices">
        <legend>{t("profile:notifications.kindsTitle")}</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="choice">
            <input type="checkbox" name="kinds" value={kind} defaultChecked={s.kinds[kind]} />
            <span>{t(`profile:notifications.kinds.${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choices">
        <legend>{t("profile:notifications.quietTitle")}</legend>
        <label className="choice">
          <input type="checkbox" name="quiet_hours" defaultChecked={s.quiet_hours} />
          <span>{t("profile:notifications.quietOn")}</span>
        </label>
        <div className="quiet-hours">
          <div className="field">
            <label htmlFor="quiet-start">{t("profile:notifications.quietStart")}</label>
            <input id="quiet-start" name="quiet_start" type="time" defaultValue={s.quiet_start} {...error.inputProps} />
          </div>
          <div className="field">
            <label htmlFor="quiet-end">{t("profile:notifications.quietEnd")}</label>
            <input id="quiet-end" name="quiet_end" type="time" defaultValue={s.quiet_end} {...error.inputProps} />
          </div>
        </div>
        <p id="quiet-hint" className="hint">
          {t("profile:notifications.quietHint")}
        </p>
        {error.message}
      </fieldset>
      <fieldset className="choices">
        <legend>{t("profile:notifications.emailTitle")}</legend>
        <label className="choice">
          <input type="checkbox" name="round_email" defaultChecked={s.round_email} />
          <span>{t("profile:notifications.roundEmail")}</span>
        </label>
      </fieldset>
      <button type="submit" name="intent" value="notifications" className="button button--secondary button--block" disabled={busy}>
        {t("common:save")}
      </button>
    </Form>
  );
}
