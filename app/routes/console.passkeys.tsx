import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal, signedOut } from "#app/features/console/console-session.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  return callConsole(request, routes.operators.myPasskeys);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const id = String(form.get("passkey_id") ?? "");
  const answer = await callConsole(request, routes.operators.revokeMyPasskey, { params: { passkey_id: id } }).catch(refusal);
  if ("error" in answer) return answer;
  // This session came with it and has ended: the cookie goes too, and the operator signs in with another.
  if (answer.signed_out) throw redirect("/console/login", { headers: await signedOut() });
  return { done: `Passkey ${id} revoked: it signs in no more, and the sessions it opened have ended.` };
}

/** The signed-in operator's own passkeys (decision 067): each one's dates, and a revocation for one they no longer hold. */
export default function ConsolePasskeys() {
  const { items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="console__main">
      <h1>Your passkeys</h1>
      <p className="hint">
        Revoke a passkey you no longer hold (a lost or retired laptop): it signs in no more, and any session it opened ends. Revoking the
        one this session came with signs you out. A new passkey needs an enrolment code: ask for one (npm run ops -- operator-add with your
        e-mail).
      </p>
      {answer ? (
        <p className={`notice${"error" in answer ? " notice--warn" : ""}`} role={"error" in answer ? "alert" : "status"}>
          {"error" in answer ? answer.error : answer.done}
        </p>
      ) : null}
      {items.length === 0 ? <p>You have no passkey.</p> : null}
      <ul className="review-list">
        {items.map((passkey) => (
          <li key={passkey.id}>
            <article className="card" aria-labelledby={`passkey-${passkey.id}`}>
              <h2 id={`passkey-${passkey.id}`}>
                Passkey {passkey.id}
                {passkey.this_session ? " (this session)" : ""}
              </h2>
              <dl className="facts facts--grid">
                <div>
                  <dt>Added</dt>
                  <dd>{utcMinute(passkey.created_at)}</dd>
                </div>
                <div>
                  <dt>Last sign-in</dt>
                  <dd>{passkey.last_used_at ? utcMinute(passkey.last_used_at) : "Never"}</dd>
                </div>
                <div>
                  <dt>Reached by</dt>
                  <dd>{passkey.transports.join(", ") || "Not said"}</dd>
                </div>
              </dl>
              <Form method="post">
                <input type="hidden" name="passkey_id" value={passkey.id} />
                <button type="submit" className="button button--secondary">
                  Revoke passkey {passkey.id}
                </button>
              </Form>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
