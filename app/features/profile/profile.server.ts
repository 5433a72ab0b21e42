import type { User } from "#contract/profile.ts";
import { routes } from "#contract/routes.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { withRoundTimes } from "#app/features/airdrop/round-times.server.ts";

const ROUNDS_PAGE = 20;

// Route modules call the API only through *.server.ts modules like this one: a route module
// that imported contract/routes.ts itself would carry zod into the browser bundle.

/** The signed-in user's profile, or a redirect to /login: the app layout loads it once for every tab. */
export async function loadSignedInUser(request: Request): Promise<User> {
  const ctx = await requireSignedIn(request);
  return orUnavailable(callSignedIn(request, ctx, routes.profile.me));
}

/**
 * /mine: the statuses (to show the user's icon) and a page of the rounds the user earned,
 * newest first; `?before=<round>` is the next page, a plain link without JavaScript.
 */
export async function loadProfilePage(request: Request) {
  const ctx = await requireSignedIn(request);
  const url = new URL(request.url);
  const before = /^\d{1,10}$/.test(url.searchParams.get("before") ?? "") ? url.searchParams.get("before")! : undefined;
  const [statuses, rounds, title] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.profile.statusConfig),
      callSignedIn(request, ctx, routes.airdrop.rounds, { query: { before, size: String(ROUNDS_PAGE) } }),
      pageTitle(request, "tabs.profile"),
    ]),
  );
  return {
    title,
    statuses: statuses.list,
    rounds: withRoundTimes(request, ctx.locale, rounds.list),
    nextBefore: rounds.next_before,
    paged: Boolean(before),
    confirmLogout: url.searchParams.get("confirm") === "logout",
  };
}
