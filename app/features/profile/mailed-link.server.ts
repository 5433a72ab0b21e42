import { data } from "@remix-run/node";
import type { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { requestContext } from "#app/utils/request.server.ts";

/** The calls a mailed link's token confirms. */
type MailedLinkCall = typeof routes.push.unsubscribeRoundEmail | typeof routes.sessions.endByLink;

/**
 * The button of a page a mailed link opens (/unsubscribe, /sessions/end): the signed token in
 * the page's own address, cut to `maxLength`, is all the API needs; whoever is signed in here
 * does not matter. Opening the page changes nothing, as mail scanners open links.
 */
export async function confirmMailedLink(request: Request, spec: MailedLinkCall, maxLength: number) {
  const { caller } = await requestContext(request);
  const token = (new URL(request.url).searchParams.get("token") ?? "").trim().slice(0, maxLength);
  try {
    await callApi(spec, caller, { body: { token } });
    return { done: true as const };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ code: error.code }, { status: 400 });
  }
}
