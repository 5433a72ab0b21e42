import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal } from "#app/features/console/console-session.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  return callConsole(request, routes.operators.farmBans);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  try {
    await callConsole(request, routes.operators.undoFarmBan, { params: { ban_id: String(form.get("ban_id") ?? "") } });
    return { undone: true };
  } catch (error) {
    return refusal(error);
  }
}

/** Every cluster ban, newest first, each undoable once: exactly the accounts it banned come back. */
export default function ConsoleFarmBans() {
  const { items } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main className="console__main">
      <h1>Cluster bans</h1>
      <p>
        <Link to="/console/farms">Farm signals</Link>
      </p>
      {failed && "error" in failed ? (
        <p className="notice notice--warn" role="alert">
          {failed.error}
        </p>
      ) : null}
      {items.length === 0 ? <p>No cluster has been banned.</p> : null}
      <ol className="review-list">
        {items.map((ban) => (
          <li key={ban.id}>
            <article className="card" aria-labelledby={`ban-${ban.id}`}>
              <h2 id={`ban-${ban.id}`}>
                Ban {ban.id}: {ban.banned.length} accounts, {ban.reason}
              </h2>
              <p>
                {utcMinute(ban.at)} by {ban.actor}, score {ban.score}.{" "}
                {ban.undone_at ? `Undone ${utcMinute(ban.undone_at)} by ${ban.undone_by}.` : "In force."}
              </p>
              {ban.undone_at ? null : (
                <Form method="post">
                  <input type="hidden" name="ban_id" value={ban.id} />
                  <button type="submit" className="button button--secondary">
                    Undo ban {ban.id}
                  </button>
                </Form>
              )}
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
