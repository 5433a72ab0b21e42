import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import consoleHref from "#app/styles/console.css?url";
import { routes } from "#contract/routes.ts";
import { callConsole, consoleToken } from "#app/features/console/console-session.server.ts";

export const meta: MetaFunction = () => [{ title: "VV console" }, { name: "robots", content: "noindex, nofollow" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: consoleHref }];

/** The operator and what waits for them, when signed in; the sign-in pages render without. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await consoleToken(request))) return { operator: null };
  return { operator: await callConsole(request, routes.operators.me) };
}

/** The operators' console (decision 063): English, left to right, whatever the app's language in this browser. */
export default function Console() {
  const { operator } = useLoaderData<typeof loader>();
  return (
    <div className="console" lang="en" dir="ltr">
      <header className="console__bar">
        <p className="console__brand">VV console</p>
        {operator ? (
          <>
            <nav aria-label="Console">
              <NavLink to="/console/avatars">Avatars ({operator.avatars})</NavLink>
              <NavLink to="/console/photos">Campaign photos ({operator.photos})</NavLink>
              <NavLink to="/console/people">People</NavLink>
              <NavLink to="/console/appeals">Appeals ({operator.appeals})</NavLink>
              <NavLink to="/console/farms">Farm signals</NavLink>
              <NavLink to="/console/status-icons">Status icons</NavLink>
              <NavLink to="/console/audit">Audit log</NavLink>
              <NavLink to="/console/passkeys">Your passkeys</NavLink>
            </nav>
            <Form method="post" action="/console/logout" className="console__who">
              <span>{operator.email}</span>
              <button type="submit" className="button button--secondary">
                Sign out
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <Outlet />
    </div>
  );
}
