import { redirect } from "@remix-run/node";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { fromEpochSeconds } from "#contract/time.ts";
import { ApiError } from "#app/utils/api.server.ts";
import { hoursMinutesText } from "#app/utils/format.ts";
import { dispatchIntent, intent, Refusal } from "#app/utils/intent-action.server.ts";
import { teamHref } from "./team-links.ts";
import { timeZoneOf } from "#app/utils/locale.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import {
  callSignedIn,
  errorToast,
  orUnavailable,
  requestContext,
  requireSignedIn,
  type RequestContext,
} from "#app/utils/request.server.ts";
import { dateTimeFormat } from "#app/utils/intl.ts";

/** `?level=2` shows level 2; anything else (absent, "3", "-1") shows level 1. */
function levelOf(url: URL): "1" | "2" {
  return url.searchParams.get("level") === "2" ? "2" : "1";
}

/** One page of the level's members, with each join time written for the reader's clock. */
async function membersPage(request: Request, ctx: RequestContext, level: "1" | "2", cursor: string | undefined) {
  const zone = timeZoneOf(request);
  const joined = dateTimeFormat(ctx.locale, { year: "numeric", month: "short", day: "numeric", timeZone: zone ?? "UTC" });
  const page = await callSignedIn(request, ctx, routes.team.members, { query: { level, cursor } });
  return { ...page, list: page.list.map((m) => ({ ...m, joined: joined.format(fromEpochSeconds(m.register_at)) })) };
}

/** A cursor that was edited, or outlived a change of the list's order: start over from the newest. */
async function orFirstPage<T>(work: Promise<T>, level: "1" | "2", cursor: string | undefined): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (cursor && error instanceof ApiError && error.code === ErrorCode.badRequest) throw redirect(teamHref(level));
    throw error;
  }
}

/** What the remind button says: how many are paused or never started, and when the next reminder may go. */
async function remindState(request: Request, ctx: RequestContext) {
  const state = await callSignedIn(request, ctx, routes.team.remindState);
  return {
    ...state,
    wait: state.remaining_time > 0 ? hoursMinutesText(ctx.locale, state.remaining_time) : "",
    gap: hoursMinutesText(ctx.locale, state.gap_seconds),
  };
}

/**
 * /team?level=1|2[&cursor=…]: one page of members with the counts and Team Power. The first
 * page also carries the remind state, and an empty team what inviting pays; the pages after it
 * (the "more" link, or the list growing as the user scrolls) carry only their members.
 */
export async function loadTeam(request: Request) {
  const ctx = await requireSignedIn(request);
  const url = new URL(request.url);
  const level = levelOf(url);
  const cursor = url.searchParams.get("cursor") || undefined;
  const [page, remind, title] = await orUnavailable(
    Promise.all([
      orFirstPage(membersPage(request, ctx, level, cursor), level, cursor),
      cursor ? null : remindState(request, ctx),
      pageTitle(request, "tabs.team"),
    ]),
  );
  const empty = !cursor && page.counts[`level${level}`].total === 0;
  const invite = empty ? await orUnavailable(callSignedIn(request, ctx, routes.team.invite)) : null;
  return { title, level, cursor: cursor ?? null, page, remind, invite };
}

/**
 * /team/members?level=…&cursor=…: the next page for the list that grows as the user scrolls.
 * A failure is answered as data, so the page keeps what it shows and offers to try again.
 */
export async function loadMoreMembers(request: Request) {
  const url = new URL(request.url);
  const ctx = await requestContext(request);
  if (!ctx.caller.token) throw redirect(`/login?redirectTo=${encodeURIComponent(teamHref(levelOf(url)))}`);
  try {
    return { page: await membersPage(request, ctx, levelOf(url), url.searchParams.get("cursor") || undefined), failed: null };
  } catch (error) {
    return { page: null, failed: errorToast(error) };
  }
}

const INTENTS = {
  remind: intent({
    call: async ({ api, ctx }) => {
      try {
        return await api(routes.team.remind);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== ErrorCode.remindWait) throw error;
        const state = await api(routes.team.remindState);
        throw new Refusal({
          kind: "error",
          key: "team:remind.waitToast",
          params: { wait: hoursMinutesText(ctx.locale, state.remaining_time) },
        });
      }
    },
    success: (r) => ({
      kind: "success",
      key: r.reminded > 0 ? "team:remind.sent" : "team:remind.alreadyReminded",
      params: { count: r.reminded },
      // For the native app's analytics (docs/native-bridge.md): only when a reminder went out.
      ...(r.reminded > 0 ? { event: { name: "remind_level_1", params: { count: r.reminded } } } : {}),
    }),
  }),
};

export function teamAction(request: Request) {
  return dispatchIntent(request, INTENTS, { page: "/team" });
}
