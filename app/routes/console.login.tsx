import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callApi } from "#app/utils/api.server.ts";
import { consoleCaller, postedForm, refusal, signedIn } from "#app/features/console/console-session.server.ts";
import { PasskeyForm } from "#app/features/console/passkey-form.tsx";

/** The passkey's answer: a console session, or the refusal in words. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  try {
    const credential: unknown = JSON.parse(String(form.get("credential") ?? "null"));
    const session = await callApi(routes.operators.signIn, consoleCaller(request), { body: { credential } as never });
    return redirect("/console/avatars", { headers: await signedIn(session.token) });
  } catch (error) {
    if (error instanceof SyntaxError) return { error: "The passkey's answer was not readable. Try again." };
    return refusal(error);
  }
}

export default function ConsoleLogin() {
  const failed = useActionData<typeof action>();
  return (
    <main className="console__main console__narrow">
      <h1>Sign in</h1>
      <p>Operators sign in with the passkey they made when they enrolled.</p>
      <PasskeyForm
        ceremony={async () => (await import("#app/features/console/ceremony.ts")).consoleSignIn()}
        serverError={failed?.error}
        button="Sign in with a passkey"
      />
      <p>
        New operator, or a new device? <Link to="/console/enrol">Enrol with your code</Link>
      </p>
    </main>
  );
}
