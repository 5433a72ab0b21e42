import { json, redirectDocument } from "@remix-run/node";
import { normalizeLanguage } from "../../../contract/languages.ts";
import type { User } from "../../../contract/profile.ts";
import { routes } from "../../../contract/routes.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { langCookie } from "~/utils/cookies.server.ts";
import { field } from "~/utils/intent-action.server.ts";
import { pageTitle } from "~/utils/page-title.server.ts";
import { callSignedIn, errorToast, orUnavailable, requireSignedIn } from "~/utils/request.server.ts";
import { setToast } from "~/utils/toast.server.ts";
import type { Toast } from "~/utils/toast.ts";

// Route modules call the API only through *.server.ts modules like this one: a route module
// that imported contract/routes.ts itself would carry zod into the browser bundle.

/** The signed-in user's profile, or a redirect to /login: the app layout loads it once for every tab. */
export async function loadSignedInUser(request: Request): Promise<User> {
  const ctx = await requireSignedIn(request);
  return orUnavailable(callSignedIn(request, ctx, routes.profile.me));
}

export async function loadProfilePage(request: Request) {
  const confirmLogout = new URL(request.url).searchParams.get("confirm") === "logout";
  return json({ title: await pageTitle(request, "tabs.profile"), confirmLogout });
}

/**
 * Saves the display language on the account, so every device follows it. The page then loads
 * anew as a whole document: every string, the direction and the translations change.
 */
export async function profileAction(request: Request) {
  const ctx = await requireSignedIn(request);
  const uiLang = normalizeLanguage(field(await request.formData(), "ui_lang"));
  const headers = new Headers();
  let toast: Toast;
  if (!uiLang) {
    toast = { kind: "error", code: ErrorCode.badRequest };
  } else {
    try {
      await callSignedIn(request, ctx, routes.profile.updatePut, { body: { ui_lang: uiLang } });
      headers.append("Set-Cookie", await langCookie.serialize(uiLang));
      toast = { kind: "success", key: "common:saved" };
    } catch (error) {
      toast = errorToast(error);
    }
  }
  headers.append("Set-Cookie", await setToast(toast));
  return redirectDocument("/mine", { headers });
}
