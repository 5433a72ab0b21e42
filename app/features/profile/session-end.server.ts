import { routes } from "#contract/routes.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { confirmMailedLink } from "./mailed-link.server.ts";

/**
 * /sessions/end?token=…: the new-device e-mail's "Not you?" link. Opening it changes nothing
 * (mail scanners open links): the page asks to confirm with a button, as /unsubscribe does.
 */
export async function loadSessionEnd(request: Request) {
  return { title: await pageTitle(request, "sessionEnd.title", "profile") };
}

/** The confirmation: the signed token alone names the session, whoever is signed in here. */
export function sessionEndAction(request: Request) {
  return confirmMailedLink(request, routes.sessions.endByLink, 128);
}
