import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal } from "#app/features/console/console-session.server.ts";
import { NoteField } from "#app/features/console/fields.tsx";
import { personPath } from "#app/features/console/people.tsx";
import { banWords } from "#app/features/console/reasons.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

const DONE = {
  lifted: "Ban lifted: the owner is told by e-mail and can sign in again.",
  upheld: "Ban upheld: the owner is told by e-mail.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { items } = await callConsole(request, routes.operators.appeals);
  const done = new URL(request.url).searchParams.get("done");
  return {
    items: items.map((appeal) => ({ ...appeal, banWords: banWords(appeal.ban_reason) })),
    done: done === "lifted" || done === "upheld" ? DONE[done] : null,
  };
}

/** A decision, checked by the API's own schemas; then back to the queue, which says what was done. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const spec = routes.operators.decideAppeal;
  const decision = text("decision");
  const params = spec.params.safeParse({ appeal_id: text("appeal_id") });
  const body = spec.body.safeParse({ lift: decision === "lift", note: text("note") });
  if (!params.success || !body.success || (decision !== "lift" && decision !== "uphold")) {
    return { error: "That decision was not readable (a note has at most 500 characters)." };
  }
  try {
    await callConsole(request, spec, { params: { appeal_id: params.data.appeal_id }, body: body.data });
  } catch (error) {
    return refusal(error);
  }
  return redirect(`/console/appeals?done=${body.data.lift ? "lifted" : "upheld"}`);
}

/** The banned accounts' appeals, oldest first: lift the ban or uphold it, and the owner is mailed either way. */
export default function ConsoleAppeals() {
  const { items, done } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main className="console__main">
      <h1>Appeals ({items.length})</h1>
      <p className="hint">Oldest first. The owner is mailed the outcome in their language; a note is for the audit log only.</p>
      {failed?.error ? (
        <p className="notice notice--warn" role="alert">
          {failed.error}
        </p>
      ) : done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      {items.length === 0 ? <p>No appeal waits.</p> : null}
      <ol className="review-list">
        {items.map((appeal) => (
          <li key={appeal.id}>
            <article className="card appeal" aria-labelledby={`appeal-${appeal.id}`}>
              <h2 id={`appeal-${appeal.id}`} className="break">
                Appeal of <Link to={personPath(appeal.user_id)}>{appeal.display_id}</Link>{" "}
                <span className="person__email">{appeal.email || "(e-mail removed)"}</span>
              </h2>
              <dl className="facts facts--grid">
                <div>
                  <dt>Banned since</dt>
                  <dd>{appeal.banned_at === null ? "not banned now" : utcMinute(appeal.banned_at)}</dd>
                </div>
                <div>
                  <dt>Sent</dt>
                  <dd>{utcMinute(appeal.created_at)}</dd>
                </div>
                <div className="facts__wide">
                  <dt>Reason (the user read it)</dt>
                  <dd>{appeal.banWords}</dd>
                </div>
              </dl>
              <blockquote className="appeal__text">{appeal.text}</blockquote>
              {/* Uphold comes first: Enter in the note submits with the form's first button, never lifting a ban by accident. */}
              <Form method="post" className="form appeal__form">
                <input type="hidden" name="appeal_id" value={appeal.id} />
                <NoteField id={`appeal-note-${appeal.id}`} />
                <div className="actions">
                  <button type="submit" name="decision" value="uphold" className="button button--secondary">
                    Uphold
                  </button>
                  <button type="submit" name="decision" value="lift" className="button">
                    Lift the ban
                  </button>
                </div>
              </Form>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
