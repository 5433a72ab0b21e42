import type { InputHTMLAttributes } from "react";

/** An X handle ("@name"): no capitals or spelling, left to right, at most 16 characters with the @. */
export function HandleInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input dir="ltr" autoCapitalize="none" autoComplete="off" spellCheck={false} maxLength={16} placeholder="@handle" {...props} />;
}
