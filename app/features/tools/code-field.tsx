import { useActionData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";

/**
 * A code field (exchange or gift code) that shows the last refusal of its form next to it as
 * well as in the toast, keeps what was typed, and takes letters and digits in capitals.
 */
export function CodeField(props: { id: string; label: string; defaultValue?: string; codes: readonly number[] }) {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const error = useFieldError({ errorId: `${props.id}-error`, codes: props.codes });
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name="code"
        defaultValue={failed?.fields?.code ?? props.defaultValue}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        className="mono"
        {...error.inputProps}
        placeholder={t("tools:codePlaceholder")}
      />
      {error.message}
    </div>
  );
}
