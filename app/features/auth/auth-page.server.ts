import { redirect } from "@remix-run/node";
import { getEnv } from "#app/utils/env.server.ts";
import { fixedT } from "#app/utils/translations.server.ts";
import { routes } from "#contract/routes.ts";
import { INVITE_PARAM } from "#contract/web-paths.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { requestContext, type RequestContext } from "#app/utils/request.server.ts";
import { passkeysHere } from "#app/features/passkeys/passkeys-here.server.ts";

/**
 * Who invited the visitor, as a teammate would see them, and their campaign share image (the
 * link preview); nothing for a wrong code (the form says so).
 */
async function inviterOf(ctx: RequestContext, code: string) {
  try {
    return await callApi(routes.team.inviter, ctx.caller, { query: { invite_code: code } });
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * The loader of /login and /register: signed-in users go on to the app; others get
 * the page's localized meta. No profile is loaded and nothing is written: the device id
 * comes with the first sign-in.
 */
export async function authPageLoader(request: Request, mode: "login" | "register") {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  if (ctx.caller.token) throw redirect("/airdrop");
  const t = fixedT(ctx.locale, "auth");
  const invite = url.searchParams.get(INVITE_PARAM)?.trim() || undefined;
  const inviter = mode === "register" && invite ? await inviterOf(ctx, invite) : undefined;
  return {
    title: t(`${mode}.title`),
    description: t(`${mode}.description`),
    publicUrl: getEnv().PUBLIC_URL,
    redirectTo: url.searchParams.get("redirectTo") ?? undefined,
    invite,
    inviter: inviter ? { nickname: inviter.nickname, alias: inviter.alias } : undefined,
    shareImage: inviter?.share_image ?? undefined,
    passkeys: mode === "login" && passkeysHere(request, ctx),
  };
}
