import { forwardRef, type InputHTMLAttributes } from "react";

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * The inputs of the pages that ask for an e-mail and its code (sign-in, change of e-mail), with
 * the keyboard, autofill and direction each wants; the caller gives id, name, value and errors.
 * A module of their own: the pages that ask for neither do not download it.
 */

/** An e-mail address: the e-mail keyboard, no capitals or spelling, written left to right in every language. */
export function EmailInput(props: InputProps) {
  return <input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} dir="ltr" {...props} />;
}

/** The e-mail's one-time code: digits only, and the phone may fill it from the mail or the SMS bar. */
export const CodeInput = forwardRef<HTMLInputElement, InputProps>(function CodeInput(props, ref) {
  return <input ref={ref} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} {...props} />;
});
