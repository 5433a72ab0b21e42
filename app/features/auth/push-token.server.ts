import { pushTokenBody } from "#contract/accounts.ts";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { field, postedForm } from "#app/utils/intent-action.server.ts";
import { requestContext } from "#app/utils/request.server.ts";

type PushTokenAnswer = { ok: true } | { ok: false; code: number };

/** The adapter's answer, JSON at the given status. */
const answer = (body: PushTokenAnswer, status = 200) => Response.json(body, { status });

/**
 * POST /native/push-token (token, platform): the native bridge hands over the app's push token
 * (docs/native-bridge.md) and the API binds it to the account and device of this session. The
 * adapter posts it by itself, so the answer is data, never a redirect to /login.
 */
export async function pushTokenAction(request: Request): Promise<Response> {
  const form = await postedForm(request);
  if (!(form instanceof FormData)) return answer({ ok: false, code: ErrorCode.badRequest }, 400);
  const ctx = await requestContext(request);
  if (!ctx.caller.token) return answer({ ok: false, code: ErrorCode.loginExpired }, 401);
  const body = pushTokenBody.safeParse({ token: field(form, "token"), platform: field(form, "platform") });
  if (!body.success) return answer({ ok: false, code: ErrorCode.badRequest }, 400);
  try {
    await callApi(routes.accounts.pushToken, ctx.caller, { body: body.data });
    return answer({ ok: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const status =
      error.code === ErrorCode.loginExpired || error.code === ErrorCode.accountBanned
        ? 401
        : error.code === ErrorCode.badRequest
          ? 400
          : 502;
    return answer({ ok: false, code: error.code }, status);
  }
}
