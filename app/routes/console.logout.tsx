import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { routes } from "#contract/routes.ts";
import { callApi } from "#app/utils/api.server.ts";
import { consoleCaller, consoleToken, signedOut } from "#app/features/console/console-session.server.ts";

/** Ends the console session at the API, then forgets it here; an ended one is forgotten all the same. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await consoleToken(request);
  if (token) await callApi(routes.operators.signOut, consoleCaller(request, token)).catch(() => undefined);
  return redirect("/console/login", { headers: await signedOut() });
}

export const loader = () => redirect("/console");
