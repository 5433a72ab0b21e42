import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { errorToast, requestContext } from "#app/utils/request.server.ts";
import { deviceIdCookies, withCookies } from "#app/utils/session.server.ts";
import { passkeysHere } from "./passkeys-here.server.ts";

/**
 * GET /passkeys/options?for=login|add: the API's options for the browser's passkey call, as JSON.
 * A sign-in's are bound to the device id, which a browser without one gets here as its cookie;
 * an addition's need the session. A refusal is a toast in the same JSON. Nothing is written.
 */
export async function loadPasskeyOptions(request: Request): Promise<Response> {
  const ctx = await requestContext(request);
  const purpose = new URL(request.url).searchParams.get("for");
  if (!passkeysHere(request, ctx) || (purpose !== "login" && purpose !== "add")) {
    return answer({ toast: { kind: "error", code: ErrorCode.notFound } }, 404);
  }
  try {
    if (purpose === "add") {
      if (!ctx.caller.token) return answer({ toast: { kind: "error", code: ErrorCode.loginExpired } }, 401);
      const { options } = await callApi(routes.passkeys.addOptions, ctx.caller);
      return answer({ options });
    }
    const { options, did } = await callApi(routes.passkeys.signInOptions, ctx.caller);
    return answer({ options }, 200, withCookies(await deviceIdCookies(ctx.session, did)));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return answer({ toast: errorToast(error, ctx.locale) });
  }
}

/** JSON for this reader alone: never kept by a cache. */
function answer(body: object, status = 200, headers = new Headers()): Response {
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}
