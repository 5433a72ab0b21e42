import { data } from "@remix-run/node";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { langCookie } from "#lib/visitor-language.ts";
import { field, postedForm, type StatusRefusal } from "#app/utils/intent-action.server.ts";
import { errorToast, requestContext, type RequestContext } from "#app/utils/request.server.ts";
import { passkeysHere } from "#app/features/passkeys/passkeys-here.server.ts";
import { postedCredential } from "#app/features/passkeys/posted-credential.server.ts";
import { toAppealPage } from "#app/utils/appeal-pass.server.ts";
import { safeRedirect } from "#app/utils/safe-redirect.ts";
import { deviceIdCookies, signedInCookies, withCookies } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Toast } from "#app/utils/toast.ts";
import type { OtpActionData } from "./otp-form.tsx";
import { DISPOSABLE_EMAIL_KEY, inFieldIfItsOwn } from "./otp-fields.ts";

/**
 * The toast with the native app's analytics event (docs/native-bridge.md): whether the API said yes,
 * and its code when it said no. Registering is a "login" event with `method: "register"`.
 */
function withEvent(toast: Toast, name: "click_get_otp" | "login", mode: "login" | "register" | "passkey"): Toast {
  const params: Record<string, string | number | boolean> = { method: mode, success: toast.kind !== "error" };
  if (toast.kind === "error" && toast.code !== undefined) params.reason = toast.code;
  // Sign-up under pressure: the form's own panel says what happens (a spent or early proof stays a toast).
  const inPanel = toast.code === ErrorCode.signupProofRequired;
  const keyed = toast.code === ErrorCode.disposableEmail ? { ...toast, key: DISPOSABLE_EMAIL_KEY } : toast;
  return { ...inFieldIfItsOwn(keyed), ...(inPanel ? { inPage: true } : {}), event: { name, params } };
}

/**
 * The action behind /login and /register. "send" mails a code and re-renders the form
 * with what was typed; the final intent signs in, switches the UI to the user's
 * language and redirects; "passkey" signs in with the passkey the page's script posts. Failures come back localized, fields kept: next to the field they
 * are about, else as a toast.
 */
export async function otpAction(request: Request, mode: "login" | "register"): Promise<OtpActionData | StatusRefusal | Response> {
  const form = await postedForm(request);
  if (!(form instanceof FormData)) return form;
  const ctx = await requestContext(request);
  const email = field(form, "email");
  const invite = field(form, "invite");
  const kept = { email, invite: mode === "register" ? invite : undefined, redirectTo: field(form, "redirectTo") || undefined };

  // Only under pressure does the page post a proof (decision 065); the API ignores it otherwise.
  const proof = mode === "register" ? field(form, "proof") || undefined : undefined;

  if (field(form, "intent") === "send") {
    try {
      const sent = await callApi(routes.accounts.sendCode, ctx.caller, {
        body: { email, purpose: mode, ...(mode === "register" ? { invite_code: invite || undefined, proof } : {}) },
      });
      const toast = withEvent({ kind: "success", key: "auth:codeSent" }, "click_get_otp", mode);
      const headers = withCookies(await deviceIdCookies(ctx.session, sent.did));
      return data({ ...kept, sent: true, resendAfter: sent.resend_after, toast } satisfies OtpActionData, { headers });
    } catch (error) {
      const asked = await proofAsked(ctx, error, { email, intent: "send", posted: proof });
      return { ...kept, sent: false, ...asked, toast: withEvent(errorToast(error), "click_get_otp", mode) };
    }
  }

  if (field(form, "intent") === "passkey") {
    const body = postedCredential(form, routes.passkeys.signIn.body);
    if (!body) return { ...kept, sent: false, toast: withEvent({ kind: "error", code: ErrorCode.badRequest }, "login", "passkey") };
    try {
      const result = await callApi(routes.passkeys.signIn, ctx.caller, { body });
      return await signedIn(
        ctx,
        result,
        field(form, "redirectTo"),
        withEvent({ kind: "success", key: "auth:welcomeBack" }, "login", "passkey"),
      );
    } catch (error) {
      return (
        (await toAppealPage(ctx.session, error)) ?? {
          ...kept,
          sent: false,
          toast: withEvent(errorToast(error, ctx.locale), "login", "passkey"),
        }
      );
    }
  }

  const code = field(form, "code");
  if (!code) {
    return { ...kept, sent: field(form, "sent") === "1", toast: inFieldIfItsOwn({ kind: "error", key: "auth:codeRequired" }) };
  }
  try {
    const result =
      mode === "login"
        ? await callApi(routes.accounts.login, ctx.caller, { body: { email, code } })
        : await callApi(routes.accounts.register, ctx.caller, {
            body: { email, code, invite_code: invite || undefined, ui_lang: ctx.locale, lang: ctx.locale, proof },
          });
    const welcome = withEvent({ kind: "success", key: mode === "login" ? "auth:welcomeBack" : "auth:registered" }, "login", mode);
    // After a code, the page offers a passkey for next time (where passkeys can be used here).
    return await signedIn(ctx, result, field(form, "redirectTo"), passkeysHere(request, ctx) ? { ...welcome, offer: "passkey" } : welcome);
  } catch (error) {
    const appeal = await toAppealPage(ctx.session, error);
    if (appeal) return appeal;
    const asked = mode === "register" ? await proofAsked(ctx, error, { email, intent: "register", posted: proof }) : {};
    return { ...kept, sent: true, ...asked, toast: withEvent(errorToast(error, ctx.locale), "login", mode) };
  }
}

const PROOF_CODES: readonly number[] = [ErrorCode.signupProofRequired, ErrorCode.signupProofInvalid, ErrorCode.signupWaitNotOver];

/**
 * A sign-up step the API wants a proof for: the challenge for the page's script to solve, and the
 * wait ticket for a browser without one (an early ticket is kept, with the time it still has to
 * wait). The plain "proof required" needs no toast: the page says what happens.
 */
async function proofAsked(
  ctx: RequestContext,
  error: unknown,
  input: { email: string; intent: "send" | "register"; posted?: string },
): Promise<Pick<OtpActionData, "proof">> {
  if (!(error instanceof ApiError) || !PROOF_CODES.includes(error.code)) return {};
  const { wait_ticket, wait_seconds, ...challenge } = await callApi(routes.accounts.signupChallenge, ctx.caller, {
    body: { email: input.email },
  });
  const early = error.code === ErrorCode.signupWaitNotOver ? input.posted : undefined;
  return {
    proof: {
      intent: input.intent,
      challenge,
      waitTicket: early ?? wait_ticket,
      waitSeconds: early ? (error.retryAfter ?? wait_seconds) : wait_seconds,
    },
  };
}

/** A sign-in that worked, whatever proved it: the session's cookies, the user's language, the page asked for with the welcome. */
async function signedIn(
  ctx: RequestContext,
  result: { token: string; did: string; user: { ui_lang: string } },
  redirectTo: string,
  welcome: Toast,
) {
  const headers = withCookies(await signedInCookies(ctx.session, result));
  headers.append("Set-Cookie", await langCookie.serialize(result.user.ui_lang));
  return redirectWithToast(safeRedirect(redirectTo), welcome, { headers });
}
