import type { ActionFunctionArgs } from "@remix-run/node";
import { routes } from "#contract/routes.ts";
import { callApi } from "#app/utils/api.server.ts";
import { consoleCaller, postedForm, refusal } from "#app/features/console/console-session.server.ts";

/** The options of an operator's passkey ceremony (sign-in, or enrolment with the mailed code), as JSON for the page's script. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const caller = consoleCaller(request);
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    const answer =
      form.get("for") === "enrol"
        ? await callApi(routes.operators.enrolOptions, caller, { body: { email: text("email"), code: text("code") } })
        : await callApi(routes.operators.signInOptions, caller);
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return Response.json(refusal(error), { headers: { "Cache-Control": "no-store" } });
  }
}
