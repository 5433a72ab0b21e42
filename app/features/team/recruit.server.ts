import { routes } from "#contract/routes.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { qrPath } from "./qr.server.ts";

/** /recruit: the invite code and link, their QR code, and what inviting pays. */
export async function loadRecruit(request: Request) {
  const ctx = await requireSignedIn(request);
  const [invite, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.team.invite), pageTitle(request, "recruit.title", "team")]),
  );
  return { title, invite, qr: qrPath(invite.invite_link) };
}
