import { data } from "@remix-run/node";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { requestContext } from "#app/utils/request.server.ts";

/**
 * /sessions/end?token=…: the new-device e-mail's "Not you?" link. Opening it changes nothing
 * (mail scanners open links): the page asks to confirm with a button, as /unsubscribe does.
 */
export async function loadSessionEnd(request: Request) {
  return { title: await pageTitle(request, "sessionEnd.title", "profile") };
}

/** The confirmation: the signed token alone names the session, whoever is signed in here. */
export async function sessionEndAction(request: Request) {
  const { caller } = await requestContext(request);
  const token = (new URL(request.url).searchParams.get("token") ?? "").trim().slice(0, 128);
  try {
    await callApi(routes.sessions.endByLink, caller, { body: { token } });
    return { done: true as const };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ code: error.code }, { status: 400 });
  }
}
