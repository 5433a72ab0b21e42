import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const before = new URL(request.url).searchParams.get("before");
  const page = await callConsole(request, routes.operators.audit, /^\d{1,15}$/.test(before ?? "") ? { query: { before: before! } } : {});
  return { ...page, items: page.items.map((row) => ({ ...row, at: utcMinute(row.at), detail: JSON.stringify(row.detail) })) };
}

/** Every operator act, newest first: who, what, on whom, and the details the act kept. */
export default function ConsoleAudit() {
  const { items, next } = useLoaderData<typeof loader>();
  return (
    <main className="console__main">
      <h1>Audit log</h1>
      <div className="table-scroll">
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Act</th>
              <th scope="col">On</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id}>
                <td>{row.at}</td>
                <td className="break">{row.actor}</td>
                <td>{row.action}</td>
                <td>{row.target}</td>
                <td className="break">
                  <code>{row.detail === "{}" ? "" : row.detail}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next ? (
        <p>
          <Link to={`/console/audit?before=${next}`}>Older entries</Link>
        </p>
      ) : null}
    </main>
  );
}
