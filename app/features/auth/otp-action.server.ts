import { json } from "@remix-run/node";
import { routes } from "../../../contract/routes.ts";
import { callApi } from "~/utils/api.server.ts";
import { langCookie } from "~/utils/cookies.server.ts";
import { field, postedForm } from "~/utils/intent-action.server.ts";
import { errorToast, requestContext } from "~/utils/request.server.ts";
import { safeRedirect } from "~/utils/safe-redirect.ts";
import { commitSession } from "~/utils/session.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import type { OtpActionData } from "./otp-form.tsx";

/**
 * The action behind /login and /register. "send" mails a code and re-renders the form
 * with what was typed; the final intent signs in, switches the UI to the user's
 * language and redirects. Failures come back as a localized toast, fields kept.
 */
export async function otpAction(request: Request, mode: "login" | "register") {
  const form = await postedForm(request);
  if (form instanceof Response) return form;
  const ctx = await requestContext(request);
  const email = field(form, "email");
  const invite = field(form, "invite");
  const kept = { email, invite: mode === "register" ? invite : undefined, redirectTo: field(form, "redirectTo") || undefined };

  if (field(form, "intent") === "send") {
    try {
      const sent = await callApi(routes.accounts.sendCode, ctx.caller, { body: { email, purpose: mode } });
      return json<OtpActionData>({ ...kept, sent: true, resendAfter: sent.resend_after, toast: { kind: "success", key: "auth:codeSent" } });
    } catch (error) {
      return json<OtpActionData>({ ...kept, sent: false, toast: errorToast(error) });
    }
  }

  const code = field(form, "code");
  if (!code) {
    return json<OtpActionData>({ ...kept, sent: field(form, "sent") === "1", toast: { kind: "error", key: "auth:codeRequired" } });
  }
  try {
    const result =
      mode === "login"
        ? await callApi(routes.accounts.login, ctx.caller, { body: { email, code } })
        : await callApi(routes.accounts.register, ctx.caller, {
            body: { email, code, invite_code: invite || undefined, ui_lang: ctx.locale, lang: ctx.locale },
          });
    ctx.session.set("token", result.token);
    ctx.session.set("did", result.did);
    const headers = new Headers();
    headers.append("Set-Cookie", await commitSession(ctx.session));
    headers.append("Set-Cookie", await langCookie.serialize(result.user.ui_lang));
    const welcome = { kind: "success", key: mode === "login" ? "auth:welcomeBack" : "auth:registered" } as const;
    return redirectWithToast(safeRedirect(field(form, "redirectTo")), welcome, { headers });
  } catch (error) {
    return json<OtpActionData>({ ...kept, sent: true, toast: errorToast(error) });
  }
}
