import { data } from "@remix-run/node";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { requestContext } from "#app/utils/request.server.ts";

function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").trim().slice(0, 200);
}

/**
 * /unsubscribe?token=…: the round e-mail's unsubscribe link. Opening it changes nothing (mail
 * scanners open links): the page asks to confirm with a button.
 */
export async function loadUnsubscribe(request: Request) {
  return { title: await pageTitle(request, "unsubscribe.title", "profile") };
}

/**
 * The confirmation, and RFC 8058's one-click POST that mail clients send to the same address
 * (body `List-Unsubscribe=One-Click`, no cookies): the token alone names the account.
 */
export async function unsubscribeAction(request: Request) {
  const { caller } = await requestContext(request);
  try {
    await callApi(routes.push.unsubscribeRoundEmail, caller, { body: { token: tokenOf(request) } });
    return { done: true as const };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ code: error.code }, { status: 400 });
  }
}
