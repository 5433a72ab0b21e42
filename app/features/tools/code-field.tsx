import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { IntentFailure } from "~/utils/intent-action.server.ts";
import { useToastText } from "~/components/toaster.tsx";

/**
 * A code field (exchange or gift code) that shows the last refusal of its form next to it as
 * well as in the toast, keeps what was typed, and takes letters and digits in capitals.
 */
export function CodeField(props: { id: string; label: string; defaultValue?: string; intent?: string; codes: readonly number[] }) {
  const { t } = useTranslation();
  const failed = useActionData() as (IntentFailure & { intent?: string }) | undefined;
  const refusal = failed?.toast && failed.toast.code !== undefined && props.codes.includes(failed.toast.code) ? failed.toast : undefined;
  const message = useToastText(refusal ?? { kind: "error" });
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
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? `${props.id}-error` : undefined}
        placeholder={t("tools:codePlaceholder")}
      />
      {refusal ? (
        <p id={`${props.id}-error`} className="field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
