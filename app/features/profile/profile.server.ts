import type { User } from "#contract/profile.ts";
import { routes } from "#contract/routes.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { loadHistory } from "#app/features/ledger/history.server.ts";

// Route modules call the API only through *.server.ts modules like this one: a route module
// that imported contract/routes.ts itself would carry zod into the browser bundle.

/** The signed-in user's profile, or a redirect to /login: the app layout loads it once for every tab. */
export async function loadSignedInUser(request: Request): Promise<User> {
  const ctx = await requireSignedIn(request);
  return orUnavailable(callSignedIn(request, ctx, routes.profile.me));
}

/** /mine: the statuses (to show the user's icon) and a page of the user's history (ledger/history.server.ts). */
export async function loadProfilePage(request: Request) {
  const ctx = await requireSignedIn(request);
  const url = new URL(request.url);
  const [statuses, history, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.profile.statusConfig), loadHistory(request, ctx), pageTitle(request, "tabs.profile")]),
  );
  return { title, statuses: statuses.list, history, confirmLogout: url.searchParams.get("confirm") === "logout" };
}
