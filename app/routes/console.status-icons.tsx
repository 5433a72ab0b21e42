import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal } from "#app/features/console/console-session.server.ts";
import { fixedT } from "#app/utils/translations.server.ts";

const statusWords = fixedT("en", "profile");

export async function loader({ request }: LoaderFunctionArgs) {
  const { items } = await callConsole(request, routes.operators.statusIcons);
  // What users read for each (in English here); a new name has no words until the locales give it some.
  return { items: items.map((item) => ({ ...item, words: statusWords(`statuses.${item.name}`, { defaultValue: "" }) })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    if (form.get("intent") === "retire") {
      const { cleared } = await callConsole(request, routes.operators.retireStatusIcon, { params: { id: text("id") } });
      return { done: `Status ${text("id")} retired; cleared from ${cleared} user(s).` };
    }
    const sort = text("sort");
    const { item } = await callConsole(request, routes.operators.setStatusIcon, {
      params: { id: text("id") },
      body: { name: text("name"), icon: text("icon"), ...(sort ? { sort: Number(sort) } : {}) },
    });
    return { done: `Status ${item.id} ${item.icon} ${item.name} saved, at ${item.sort}, choosable.` };
  } catch (error) {
    return refusal(error);
  }
}

/** The statuses users may show on their profile, as `status-icons` / `status-icon-set` / `status-icon-off` in the CLI. */
export default function ConsoleStatusIcons() {
  const { items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="console__main">
      <h1>Status icons</h1>
      {answer ? (
        <p className={`notice${"error" in answer ? " notice--warn" : ""}`} role={"error" in answer ? "alert" : "status"}>
          {"error" in answer ? answer.error : answer.done}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Icon</th>
              <th scope="col">Name</th>
              <th scope="col">Users read</th>
              <th scope="col">Sort</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.id}</td>
                <td>{item.icon}</td>
                <td>{item.name}</td>
                <td>{item.words || "(no words yet: add profile:statuses." + item.name + " to the locales)"}</td>
                <td>{item.sort}</td>
                <td>
                  {item.active ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" name="intent" value="retire" className="button button--secondary">
                        Retire {item.name}
                      </button>
                    </Form>
                  ) : (
                    "retired"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Form method="post" className="form card console__narrow">
        <h2>Add or change a status</h2>
        <p className="hint">The same id changes a status (and makes a retired one choosable again); a new id adds one.</p>
        <div className="field">
          <label htmlFor="status-id">Id</label>
          <input id="status-id" name="id" inputMode="numeric" pattern="[0-9]*" required />
        </div>
        <div className="field">
          <label htmlFor="status-name">Name (a lower-case key, like working)</label>
          <input id="status-name" name="name" autoCapitalize="none" spellCheck={false} required />
        </div>
        <div className="field">
          <label htmlFor="status-icon">Icon (one emoji)</label>
          <input id="status-icon" name="icon" required />
        </div>
        <div className="field">
          <label htmlFor="status-sort">Sort (optional; a new one goes last)</label>
          <input id="status-sort" name="sort" inputMode="numeric" />
        </div>
        <button type="submit" name="intent" value="set" className="button">
          Save the status
        </button>
      </Form>
    </main>
  );
}
