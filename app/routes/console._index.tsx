import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { consoleToken } from "#app/features/console/console-session.server.ts";

/** The console opens on the first review queue, or on the sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await consoleToken(request)) ? "/console/avatars" : "/console/login");
}
