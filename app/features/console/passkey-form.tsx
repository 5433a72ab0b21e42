import { useSubmit } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";

type Outcome = { credential: string } | { error: string } | null;

/**
 * A console form whose button runs a passkey ceremony before it posts: the ceremony's code is
 * fetched then, and its answer goes with the form's own fields. Its refusal or the server's
 * shows once, as an alert under the button.
 */
export function PasskeyForm(props: {
  ceremony: (fields: Record<string, string>) => Promise<Outcome>;
  serverError?: string;
  button: string;
  children?: ReactNode;
}) {
  const submit = useSubmit();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = error ?? props.serverError;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError(undefined);
    const outcome = await props.ceremony(fields);
    setBusy(false);
    if (!outcome) return;
    if ("error" in outcome) return setError(outcome.error);
    submit({ ...fields, credential: outcome.credential }, { method: "post" });
  }
  return (
    <form method="post" className="form" onSubmit={(event) => void onSubmit(event)}>
      {props.children}
      <button type="submit" className="button button--block" disabled={busy}>
        {props.button}
      </button>
      {shown ? (
        <p className="notice notice--warn" role="alert">
          {shown}
        </p>
      ) : null}
      <noscript>
        <p className="hint">Passkeys need JavaScript: turn it on for this page.</p>
      </noscript>
    </form>
  );
}
