import { useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import type { Toast } from "#app/utils/toast.ts";

/**
 * A code field that shows the last refusal of its form next to it (or the one the page loaded
 * with), keeps what was typed, and takes letters and digits in capitals. `note` is what the code
 * was recognised as, tied to the input as its description.
 */
export function CodeField(props: {
  id: string;
  label: string;
  defaultValue?: string;
  codes: readonly number[];
  loaded?: Toast;
  note?: ReactNode;
  hint?: string;
  onValue?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const hintId = props.hint || props.note ? `${props.id}-hint` : undefined;
  const error = useFieldError({ errorId: `${props.id}-error`, hintId, codes: props.codes, loaded: props.loaded });
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
        enterKeyHint="go"
        maxLength={64}
        className="mono"
        {...error.inputProps}
        onChange={props.onValue ? (event) => props.onValue?.(event.currentTarget.value) : undefined}
        placeholder={t("tools:code.placeholder")}
      />
      {error.message}
      {hintId ? (
        <div id={hintId}>
          {error.message ? null : props.note}
          {props.hint ? <p className="hint">{props.hint}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
