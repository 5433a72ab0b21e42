import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { personPath, stateOf } from "#app/features/console/people.tsx";
import { utcMinute } from "#app/features/console/utc-minute.ts";

/** The term as the API takes it (trimmed, 1 to 254 characters); none, or one it would refuse, searches nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const term = routes.operators.people.query.safeParse({ q });
  if (!term.success) return { q, items: q.trim() ? [] : null };
  const { items } = await callConsole(request, routes.operators.people, { query: { q: term.data.q } });
  return { q: term.data.q, items };
}

/** Finding a person by what an operator holds: an e-mail (or its start), a display id, an invite code, a device id. */
export default function ConsolePeople() {
  const { q, items } = useLoaderData<typeof loader>();
  return (
    <main className="console__main">
      <h1>People</h1>
      <Form method="get" className="form form--inline people-search" role="search">
        <div className="field">
          <label htmlFor="people-q">E-mail, display id, invite code or device id</label>
          <input
            id="people-q"
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={254}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {items === null ? (
        <p className="hint">
          Search by a whole e-mail address or its start (before the @), a display id, an invite code, or a device id the account signed up
          or in with.
        </p>
      ) : items.length === 0 ? (
        <p>Nobody matches “{q}”.</p>
      ) : (
        <>
          <h2 className="people-found">{items.length === 1 ? `1 person matches “${q}”` : `${items.length} people match “${q}”`}</h2>
          <ul className="people-list">
            {items.map((person) => (
              <li key={person.user_id} className="card">
                <p className="people-list__who">
                  <Link to={personPath(person.user_id)}>
                    {person.display_id} <span className="break">{person.email || "(e-mail removed)"}</span>
                  </Link>
                </p>
                <dl className="facts facts--grid">
                  <div>
                    <dt>Name</dt>
                    <dd className="break">{person.name || "(none)"}</dd>
                  </div>
                  <div>
                    <dt>Joined</dt>
                    <dd>{utcMinute(person.created_at)}</dd>
                  </div>
                  <div className="facts__wide">
                    <dt>State</dt>
                    <dd>{stateOf(person)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
