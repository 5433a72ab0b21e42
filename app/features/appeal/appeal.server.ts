import { data } from "@remix-run/node";
import { APPEAL_MAX_CHARS, APPEAL_MIN_CHARS } from "#contract/appeals.ts";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { APPEAL_PAGE } from "#app/utils/appeal-pass.server.ts";
import { appealCookie } from "#app/utils/cookies.server.ts";
import { field, postedForm, refusalToast } from "#app/utils/intent-action.server.ts";
import { readerTimes } from "#app/utils/locale.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { orUnavailable, requestContext } from "#app/utils/request.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

/**
 * /appeal (decision 066): a banned account, once it proved itself, reads why and appeals with the
 * pass its refusal carried (the cookie). Without a pass, or with one that has run out, the page
 * asks to sign in again, which gives a new one.
 */

async function passOf(request: Request): Promise<string | undefined> {
  const pass: unknown = await appealCookie().parse(request.headers.get("Cookie"));
  return typeof pass === "string" && pass ? pass : undefined;
}

const forgetPass = async () => ({ "Set-Cookie": await appealCookie().serialize("", { maxAge: 0 }) });

export async function loadAppeal(request: Request) {
  const ctx = await requestContext(request);
  const title = await pageTitle(request, "pageTitle", "appeal");
  const limits = { min: APPEAL_MIN_CHARS, max: APPEAL_MAX_CHARS };
  const pass = await passOf(request);
  if (!pass) return data({ title, limits, standing: null });
  const standing = await orUnavailable(
    callApi(routes.appeals.standing, ctx.caller, { body: { pass } }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.appealPassInvalid) return null;
      throw error;
    }),
  );
  if (!standing) return data({ title, limits, standing: null }, { headers: await forgetPass() });
  const date = readerTimes(request, ctx.locale, { dateStyle: "long" });
  return data({
    title,
    limits,
    standing: {
      banned: standing.banned,
      reason: standing.reason,
      since: standing.banned_at === null ? null : date(standing.banned_at),
      appeal: standing.appeal && { status: standing.appeal.status, sent: date(standing.appeal.created_at) },
      from: standing.appeal_from === null ? null : date(standing.appeal_from),
    },
  });
}

export async function appealAction(request: Request) {
  const form = await postedForm(request);
  if (!(form instanceof FormData)) return form;
  const ctx = await requestContext(request);
  const text = field(form, "text");
  const pass = await passOf(request);
  if (!pass) return { toast: { kind: "error" as const, code: ErrorCode.appealPassInvalid }, fields: { text } };
  try {
    await callApi(routes.appeals.send, ctx.caller, { body: { pass, text } });
  } catch (error) {
    return { toast: refusalToast(error, [ErrorCode.appealLength]), fields: { text } };
  }
  return redirectWithToast(APPEAL_PAGE, { kind: "success", key: "appeal:sent" });
}
