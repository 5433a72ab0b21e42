import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callApi } from "#app/utils/api.server.ts";
import { consoleCaller, postedForm, refusal, signedIn } from "#app/features/console/console-session.server.ts";
import { PasskeyForm } from "#app/features/console/passkey-form.tsx";

/** The new passkey with the e-mail and code it was made for: the operator's first console session. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  try {
    const credential: unknown = JSON.parse(String(form.get("credential") ?? "null"));
    const body = { email: String(form.get("email") ?? ""), code: String(form.get("code") ?? ""), credential };
    const session = await callApi(routes.operators.enrol, consoleCaller(request), { body: body as never });
    return redirect("/console/avatars", { headers: await signedIn(session.token) });
  } catch (error) {
    if (error instanceof SyntaxError) return { error: "The passkey's answer was not readable. Try again." };
    return refusal(error);
  }
}

export default function ConsoleEnrol() {
  const failed = useActionData<typeof action>();
  return (
    <main className="console__main console__narrow">
      <h1>Enrol</h1>
      <p>
        Enter your e-mail and the code that <code>npm run ops -- operator-add</code> mailed you, then make a passkey on this device. The
        code works once.
      </p>
      <PasskeyForm
        ceremony={async (fields) => (await import("#app/features/console/ceremony.ts")).consoleEnrol(fields.email, fields.code)}
        serverError={failed?.error}
        button="Make a passkey"
      >
        <div className="field">
          <label htmlFor="enrol-email">E-mail</label>
          <input id="enrol-email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor="enrol-code">Enrolment code</label>
          <input id="enrol-code" name="code" autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} required />
        </div>
      </PasskeyForm>
      <p>
        Enrolled already? <Link to="/console/login">Sign in</Link>
      </p>
    </main>
  );
}
