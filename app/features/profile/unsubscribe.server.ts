import { routes } from "#contract/routes.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { confirmMailedLink } from "./mailed-link.server.ts";

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
export function unsubscribeAction(request: Request) {
  return confirmMailedLink(request, routes.push.unsubscribeRoundEmail, 200);
}
