import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { ScoreParts } from "#app/features/console/evidence.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  return callConsole(request, routes.operators.farms);
}

/** The clusters that score as farms. Nothing here bans anyone: an operator looks at the evidence first. */
export default function ConsoleFarms() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main className="console__main">
      <h1>Farm signals ({items.length})</h1>
      <p className="hint">
        Accounts tied by a device, a network or a burst of sign-ups under one inviter, scored by every signal they share. Signals never ban
        anyone: open a cluster, read its evidence, then decide. <Link to="/console/farm-bans">Cluster bans so far</Link>
      </p>
      {items.length === 0 ? <p>No cluster of accounts scores as a farm.</p> : null}
      <ol className="review-list">
        {items.map((cluster) => (
          <li key={cluster.id}>
            <article className="card" aria-labelledby={`cluster-${cluster.id}`}>
              <h2 id={`cluster-${cluster.id}`}>
                Cluster of {cluster.members.length} accounts, score {cluster.score}
              </h2>
              {cluster.banned.length ? <p className="hint">{cluster.banned.length} of them banned already.</p> : null}
              <ScoreParts cluster={cluster} />
              <p>
                <Link to={`/console/farms/${cluster.id}`} className="button button--secondary">
                  Evidence and ban
                </Link>
              </p>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
