import type { routes } from "#contract/routes.ts";
import { callConsole, postedForm, refusal } from "./console-session.server.ts";

/** One decision posted from a review queue: approve, or reject with the chosen reason; the API checks the reason is on its list. */
export async function decide(request: Request, spec: typeof routes.operators.reviewAvatar | typeof routes.operators.reviewPhoto) {
  const form = await postedForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const body =
    form.get("intent") === "approve"
      ? { approve: true, note: text("note") }
      : { approve: false, reason: text("reason"), note: text("note") };
  try {
    await callConsole(request, spec, { params: { user_id: text("user_id") }, body: body as never });
    return { done: text("user_id") };
  } catch (error) {
    return refusal(error);
  }
}
