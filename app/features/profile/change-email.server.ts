import { routes } from "#contract/routes.ts";
import { dispatchIntent, field, intent, postedForm, Refusal, type ActionAnswer } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { errorToast, requireSignedIn, type RequestContext } from "#app/utils/request.server.ts";
import { ADDRESS_REFUSALS, CODE_REFUSALS } from "./change-email-fields.ts";

const PAGE = "/settings/email";

/** The step is in the address (`?to=`), so a reload or a browser without JavaScript stays on it. */
export async function loadChangeEmail(request: Request) {
  await requireSignedIn(request);
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) || null;
  return { title: await pageTitle(request, "emailChange.title", "profile"), to };
}

/** The API's refusal in the reader's words: a lock says how long it lasts. */
async function worded<T>(ctx: RequestContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Refusal(errorToast(error, ctx.locale));
  }
}

const INTENTS = {
  send: intent({
    call: async ({ api, form, ctx }) => {
      const email = field(form, "email");
      await worded(ctx, () => api(routes.accounts.changeEmailSend, { body: { email } }));
      return `${PAGE}?to=${encodeURIComponent(email)}`;
    },
    success: () => ({ kind: "success", key: "auth:codeSent" }),
    next: (to) => to,
  }),
  confirm: intent({
    call: async ({ api, form, ctx }) => {
      const code = field(form, "code");
      if (!code) throw new Refusal({ kind: "error", key: "auth:codeRequired", inPage: true });
      await worded(ctx, () => api(routes.accounts.changeEmail, { body: { email: field(form, "email"), code } }));
    },
    success: () => ({ kind: "success", key: "profile:emailChange.done" }),
    next: () => "/settings",
  }),
};

/**
 * Sends the code, then confirms it. A refusal of the address is shown by its field on the first
 * step; on the second (which has the code field) the address is no longer a field, so it is a toast.
 */
export async function changeEmailAction(request: Request): Promise<ActionAnswer> {
  const form = await postedForm(request);
  if (!(form instanceof FormData)) return form;
  const inField = field(form, "intent") === "confirm" ? CODE_REFUSALS : form.has("code") ? [] : ADDRESS_REFUSALS;
  return dispatchIntent(request, INTENTS, { page: PAGE, keep: ["email"], form, inField });
}
