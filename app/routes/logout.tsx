import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { revokeLogin } from "~/utils/account.server.ts";
import { requestContext } from "~/utils/request.server.ts";
import { signedOutCookie } from "~/utils/session.server.ts";
import { setToast } from "~/utils/toast.server.ts";

export const loader = () => redirect("/mine");

/** Revokes the token at the API (best effort: the session ends here either way). */
export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requestContext(request);
  await revokeLogin(ctx);
  const headers = new Headers();
  headers.append("Set-Cookie", await signedOutCookie(ctx.session));
  headers.append("Set-Cookie", await setToast({ kind: "success", key: "auth:loggedOut" }));
  return redirect("/login", { headers });
}
