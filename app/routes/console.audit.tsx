import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

/** The views of the log: the acts first, so the reads (one per page an operator opens) never bury them. */
const VIEWS = [
  { view: "act", label: "Acts" },
  { view: "read", label: "Reads" },
  { view: "all", label: "All" },
] as const;

type View = (typeof VIEWS)[number]["view"];

const VIA = { console: "Console", cli: "CLI", user: "User" } as const;

const hrefOf = (view: View, before?: number) => {
  const query = new URLSearchParams(view === "act" ? {} : { kind: view });
  if (before) query.set("before", String(before));
  const search = query.toString();
  return search ? `/console/audit?${search}` : "/console/audit";
};

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const view: View = VIEWS.find((v) => v.view === params.get("kind"))?.view ?? "act";
  const before = params.get("before");
  const query = {
    ...(view === "all" ? {} : { kind: view }),
    ...(/^\d{1,15}$/.test(before ?? "") ? { before: before! } : {}),
  };
  const page = await callConsole(request, routes.operators.audit, { query });
  return { view, ...page, items: page.items.map((row) => ({ ...row, at: utcMinute(row.at), detail: JSON.stringify(row.detail) })) };
}

/**
 * The audit log, newest first: the acts (what changed), the reads (an operator looking at a
 * person), or both; who, through what (console or CLI), on whom, and the details each kept.
 */
export default function ConsoleAudit() {
  const { view, items, next } = useLoaderData<typeof loader>();
  return (
    <main className="console__main">
      <h1>Audit log</h1>
      <nav className="segmented audit-views" aria-label="Entries shown">
        {VIEWS.map((v) => (
          <Link key={v.view} to={hrefOf(v.view)} className="segmented__item" aria-current={v.view === view ? "page" : undefined}>
            {v.label}
          </Link>
        ))}
      </nav>
      <p className="hint">
        Acts change something; reads are an operator opening a person&apos;s data (a people search, a person&apos;s page). The console
        writes its operator as operator:&lt;e-mail&gt;; the command line writes cli:&lt;the machine user that ran it&gt;.
      </p>
      {items.length === 0 ? <p>No entries yet.</p> : null}
      <div className="table-scroll">
        <table className="audit audit--log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Via</th>
              <th scope="col">Kind</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id}>
                <td>{row.at}</td>
                <td className="break">{row.actor}</td>
                <td>{VIA[row.via]}</td>
                <td>{row.kind}</td>
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
        <p className="actions">
          <Link to={hrefOf(view, next)}>Older entries</Link>
        </p>
      ) : null}
    </main>
  );
}
