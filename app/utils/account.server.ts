import { routes } from "../../contract/routes.ts";
import type { User } from "../../contract/user.ts";
import { callApi } from "./api.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn, type RequestContext } from "./request.server.ts";

// Route modules call the API only through *.server.ts helpers like these: a route module
// that imported contract/routes.ts itself would carry zod into the browser bundle.

/** The signed-in user's profile, or a redirect to /login. */
export async function loadSignedInUser(request: Request): Promise<User> {
  const ctx = await requireSignedIn(request);
  return orUnavailable(callSignedIn(request, ctx, routes.me));
}

export async function saveDisplayLanguage(request: Request, ctx: RequestContext, uiLang: string): Promise<void> {
  await callSignedIn(request, ctx, routes.updateMePut, { body: { ui_lang: uiLang } });
}

/** Revokes the token at the API; the session ends at the caller either way. */
export async function revokeLogin(ctx: RequestContext): Promise<void> {
  if (ctx.caller.token) await callApi(routes.logout, ctx.caller).catch(() => undefined);
}
