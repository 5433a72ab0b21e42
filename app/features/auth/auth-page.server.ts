import { json, redirect } from "@remix-run/node";
import { getEnv } from "~/utils/env.server.ts";
import { i18next } from "~/utils/i18next.server.ts";
import { ensureDevice, requestContext } from "~/utils/request.server.ts";

/**
 * The loader of /login and /register: signed-in users go on to the app; others get a
 * device id (kept in the session) and the page's localized meta. No profile is loaded here.
 */
export async function authPageLoader(request: Request, mode: "login" | "register") {
  const ctx = await requestContext(request);
  const url = new URL(request.url);
  if (ctx.caller.token) throw redirect("/airdrop");
  const cookie = await ensureDevice(ctx);
  const t = await i18next.getFixedT(ctx.locale, "auth");
  return json(
    {
      title: t(`${mode}.title`),
      description: t(`${mode}.description`),
      publicUrl: getEnv().PUBLIC_URL,
      redirectTo: url.searchParams.get("redirectTo") ?? undefined,
      invite: url.searchParams.get("invite") ?? undefined,
    },
    cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
  );
}
