import type { ChangeEvent, ReactNode } from "react";
import { useHydrated } from "#app/utils/hydrated.ts";
import { useTranslation } from "#app/utils/translation.tsx";

/** What the server states for a picture field (`pictureLimits`): the types and size in the reader's words, and `accept`. */
export interface PictureLimits {
  types: string;
  size: string;
  maxBytes: number;
  accept: string;
}

/**
 * A picture field in the page's language: a button-styled label over the visually hidden file
 * input (whose own "Choose File / No file chosen" is in the browser's language), the allowed types
 * and size under it, and, until the script runs and can preview, a line saying a file was taken.
 * `title` names the field above the button where the form has several.
 */
export function PicturePicker(props: {
  id: string;
  name: string;
  limits: PictureLimits;
  title?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  field: { inputProps: object; message: ReactNode };
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const hintId = `${props.id}-limits`;
  return (
    <div className="field file-picker">
      {props.title ? <label htmlFor={props.id}>{props.title}</label> : null}
      <input
        id={props.id}
        name={props.name}
        type="file"
        className="visually-hidden"
        accept={props.limits.accept}
        required
        onChange={props.onChange}
        {...props.field.inputProps}
      />
      <label htmlFor={props.id} className="button button--secondary">
        {t("common:picture.choose")}
      </label>
      <p id={hintId} className="hint">
        {t("common:picture.limits", { types: props.limits.types, size: props.limits.size })}
      </p>
      {hydrated ? null : <p className="hint file-picker__chosen">{t("common:picture.chosen")}</p>}
      {props.field.message}
    </div>
  );
}
