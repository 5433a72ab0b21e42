import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { ErrorCode } from "#contract/errors.ts";
import type { LanguageCode } from "#contract/languages.ts";
import type { RouteSpec } from "#contract/route.ts";
import { ApiError, callApi, type Caller } from "./api.server.ts";
import { toAppealPage } from "./appeal-pass.server.ts";
import { appFromRequest } from "./app-client.server.ts";
import { detectLocale } from "#lib/visitor-language.ts";
import { hoursMinutesText } from "./format.ts";
import { readSession, signedOutCookies, withCookies, type BrowserSession } from "./session.server.ts";
import { redirectWithToast } from "./toast.server.ts";
import type { Toast } from "./toast.ts";

export interface RequestContext {
  locale: LanguageCode;
  caller: Caller;
  session: BrowserSession;
}

export async function requestContext(request: Request): Promise<RequestContext> {
  const [session, locale, app] = await Promise.all([readSession(request), detectLocale(request), appFromRequest(request)]);
  const caller: Caller = {
    token: session.token,
    did: session.did,
    locale,
    requestId: request.headers.get("x-request-id") ?? randomUUID(),
    clientIp: request.headers.get("x-client-ip") || undefined,
    userAgent: request.headers.get("user-agent") || undefined,
    app,
  };
  return { locale, caller, session };
}

/**
 * The toast for a failed call: its code, and the server's text in case we do not know the code.
 * A refusal that is a wait says how long (`{{wait}}`), in the reader's words when `locale` is given.
 */
export function errorToast(error: unknown, locale?: string): Toast {
  if (!(error instanceof ApiError)) throw error;
  const toast: Toast = { kind: "error", code: error.code, message: error.message };
  return locale && error.retryAfter ? { ...toast, params: { wait: hoursMinutesText(locale, error.retryAfter) } } : toast;
}

function loginPath(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}

/** Signed-in pages: anonymous visitors go to /login and come back here afterwards. */
export async function requireSignedIn(request: Request): Promise<RequestContext> {
  const ctx = await requestContext(request);
  if (!ctx.caller.token) throw redirect(loginPath(request));
  return ctx;
}

/**
 * A call made for a signed-in page. An expired or banned login clears the session and
 * sends the user to /login with the reason as a toast (a banned one that carries its appeal pass
 * to the appeal page instead); other failures are thrown on.
 */
export async function callSignedIn<S extends RouteSpec>(
  request: Request,
  ctx: RequestContext,
  spec: S,
  input?: Parameters<typeof callApi<S>>[2],
): Promise<z.infer<S["response"]>> {
  try {
    return await callApi(spec, ctx.caller, input);
  } catch (error) {
    const appeal = await toAppealPage(ctx.session, error);
    if (appeal) throw appeal;
    if (error instanceof ApiError && (error.code === ErrorCode.loginExpired || error.code === ErrorCode.accountBanned)) {
      const headers = withCookies(await signedOutCookies(ctx.session));
      throw await redirectWithToast(loginPath(request), errorToast(error), { headers });
    }
    throw error;
  }
}

/**
 * For loaders: when the API cannot answer, the page becomes a 503 carrying the error code,
 * which the error boundary shows in the reader's language with a way to try again.
 */
export async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError) throw data({ code: error.code, message: error.message }, { status: 503 });
    throw error;
  }
}
