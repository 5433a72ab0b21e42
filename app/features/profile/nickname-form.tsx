import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { ErrorCode } from "#contract/errors.ts";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { useFieldError } from "#app/utils/field-error.tsx";

/** The nickname, with the refusal (too short, sensitive words) next to the field. */
export function NicknameForm({ redirectTo, autoFocus }: { redirectTo?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "nickname";
  const error = useFieldError({
    errorId: "nickname-error",
    hintId: "nickname-hint",
    codes: [ErrorCode.nicknameSensitive, ErrorCode.nicknameInvalid],
  });
  return (
    <Form method="post" action="/settings" className="form form--inline">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div className="field">
        <label htmlFor="nickname">{t("profile:nickname.label")}</label>
        <input
          id="nickname"
          name="name"
          defaultValue={failed?.fields?.name ?? user.name}
          maxLength={40}
          autoComplete="nickname"
          // Only where the user asked to edit the name (the welcome card's field, a failed try).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          {...error.inputProps}
        />
        <p id="nickname-hint" className="hint">
          {t("profile:nickname.hint")}
        </p>
        {error.message}
      </div>
      <button type="submit" name="intent" value="nickname" className="button" disabled={busy}>
        {t("common:save")}
      </button>
    </Form>
  );
}
