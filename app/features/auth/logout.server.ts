import { routes } from "../../../contract/routes.ts";
import { callApi } from "~/utils/api.server.ts";
import { requestContext } from "~/utils/request.server.ts";
import { signedOutCookie } from "~/utils/session.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";

/** Revokes the token at the API (best effort: the session ends here either way). */
export async function logoutAction(request: Request): Promise<Response> {
  const ctx = await requestContext(request);
  if (ctx.caller.token) await callApi(routes.accounts.logout, ctx.caller).catch(() => undefined);
  const headers = new Headers({ "Set-Cookie": await signedOutCookie(ctx.session) });
  return redirectWithToast("/login", { kind: "success", key: "auth:loggedOut" }, { headers });
}
