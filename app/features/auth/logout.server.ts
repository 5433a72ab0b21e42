import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { field, postedForm } from "#app/utils/intent-action.server.ts";
import { requestContext } from "#app/utils/request.server.ts";
import { safeRedirect } from "#app/utils/safe-redirect.ts";
import { signedOutCookies, withCookies } from "#app/utils/session.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

/** Answers that say the token is dead already: the login has ended, whatever this call did. */
const ALREADY_ENDED: ReadonlySet<number> = new Set([ErrorCode.loginExpired, ErrorCode.accountBanned]);

/** The page the logout was asked from (its sheet still open), for a try again; /mine otherwise. */
function backTo(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/mine";
  try {
    const url = new URL(referer);
    return safeRedirect(url.pathname + url.search, "/mine");
  } catch {
    return "/mine";
  }
}

/**
 * Revokes the token at the API, then ends the session here. When the API cannot revoke it (no
 * answer, the database down, a refusal), the cookie stays and the user is told to try again:
 * a "logged out" that left the token alive would let the old cookie back in later.
 * A token the API no longer accepts (expired, revoked, the account banned or deleted) is signed
 * out as usual. The page's script adds the browser's Web Push endpoint, so the API stops
 * notifying a browser that is signed out.
 */
export async function logoutAction(request: Request): Promise<Response> {
  const ctx = await requestContext(request);
  const form = await postedForm(request);
  const endpoint = form instanceof FormData ? field(form, "web_push_endpoint") : "";
  if (ctx.caller.token) {
    try {
      await callApi(routes.accounts.logout, ctx.caller, { body: { web_push_endpoint: endpoint || undefined } });
    } catch (error) {
      const ended = error instanceof ApiError && ALREADY_ENDED.has(error.code);
      if (!ended) return redirectWithToast(backTo(request), { kind: "error", key: "auth:logoutFailed" });
    }
  }
  const headers = withCookies(await signedOutCookies(ctx.session));
  return redirectWithToast("/login", { kind: "success", key: "auth:loggedOut" }, { headers });
}
