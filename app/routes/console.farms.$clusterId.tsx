import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal } from "#app/features/console/console-session.server.ts";
import { Evidence, ScoreParts } from "#app/features/console/evidence.tsx";
import { ReasonSelect } from "#app/features/console/fields.tsx";
import { banReasons } from "#app/features/console/reasons.server.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cluster } = await callConsole(request, routes.operators.farm, { params: { cluster_id: params.clusterId ?? "" } });
  return { cluster, reasons: banReasons };
}

/** The ban of the very members the operator saw: a cluster changed since is refused, to be looked at again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const members = String(form.get("members") ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number);
  try {
    await callConsole(request, routes.operators.banFarm, {
      params: { cluster_id: params.clusterId ?? "" },
      body: { reason: String(form.get("reason") ?? "") as never, members },
    });
  } catch (error) {
    return refusal(error);
  }
  return redirect("/console/farm-bans");
}

export default function ConsoleFarm() {
  const { cluster, reasons } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  if (!cluster) {
    return (
      <main className="console__main">
        <h1>This cluster has changed</h1>
        <p>
          Its accounts are not the ones it had. <Link to="/console/farms">Look at the clusters again</Link>
        </p>
      </main>
    );
  }
  return (
    <main className="console__main">
      <h1>Cluster of {cluster.members.length} accounts</h1>
      <ScoreParts cluster={cluster} />
      <h2>Evidence</h2>
      {cluster.parts.map((part) => (
        <Evidence key={part.signal} part={part} />
      ))}
      <h2>Members</h2>
      <p className="break">{cluster.members.join(", ")}</p>
      <Form method="post" className="form card">
        <h2>Ban the cluster</h2>
        <p>Every member is banned in one act, written to the audit log; the act can be undone from the cluster bans.</p>
        <input type="hidden" name="members" value={cluster.members.join(",")} />
        <ReasonSelect id="ban-reason" label="Reason (the users read it)" reasons={reasons} />
        <button type="submit" className="button button--danger">
          Ban {cluster.members.length - cluster.banned.length} accounts
        </button>
        {failed?.error ? (
          <p className="notice notice--warn" role="alert">
            {failed.error}
          </p>
        ) : null}
      </Form>
    </main>
  );
}
