import { data } from "@remix-run/node";
import { BonusType } from "#contract/bonus-tasks.ts";
import { routes } from "#contract/routes.ts";
import { minutesText, shortAmount } from "#app/utils/format.ts";
import { dispatchIntent, field, intent } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { welcomedCookie } from "#app/utils/cookies.server.ts";
import { clockTimeOf, withRoundTimes } from "./round-times.server.ts";
import { HANDLE_REFUSALS } from "./handle-refusals.ts";

/** Everything the /airdrop page shows, in one API call (the layout loads the profile beside it). */
export async function loadAirdrop(request: Request) {
  const ctx = await requireSignedIn(request);
  const [{ info, rounds, tasks }, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.airdrop.overview), pageTitle(request, "tabs.airdrop")]),
  );
  const upgradeLater = new URL(request.url).searchParams.get("upgrade") === "later";
  // The nickname is asked once the airdrop has started: before, starting is the one thing to do.
  const welcome = info.mint_status !== "not_open" && !(await welcomedCookie.parse(request.headers.get("Cookie")));
  const headers = welcome ? { "Set-Cookie": await welcomedCookie.serialize("1") } : undefined;
  return data(
    {
      title,
      info,
      roundEndsAt: clockTimeOf(request, ctx.locale, info.next_round_timestamp),
      rounds: withRoundTimes(request, ctx.locale, rounds.list),
      // The app-upgrade reward is for the native apps only: a browser has nothing to upgrade.
      tasks: tasks.list.filter((task) => task.bonus_type !== BonusType.appUpgrade || ctx.caller.app),
      inviteFriends: tasks.invite_friends,
      inviteStarted: tasks.invite_started,
      followWait: minutesText(ctx.locale, tasks.follow_wait_seconds),
      upgradePopup: tasks.gp_pop && !upgradeLater,
      // An older app is sent to the store while the reward for the new version is still to be had.
      storePopup: tasks.app_outdated && !upgradeLater && !tasks.list.some((t) => t.bonus_type === BonusType.appUpgrade && t.collected),
      upgradePower: tasks.power_amount,
      welcome,
    },
    { headers },
  );
}

/** The handle as typed, with the @ the API expects. */
function handleOf(form: FormData): string {
  const typed = field(form, "handle");
  return typed.startsWith("@") || !typed ? typed : `@${typed}`;
}

/**
 * The page's buttons, by intent: start, claim, bind the handle, record the follow, claim a
 * bonus. A refusal re-renders with the localized reason and keeps a typed handle.
 */
const INTENTS = {
  start: intent({
    call: ({ api }) => api(routes.airdrop.start),
    success: (r) => ({ kind: "success", key: "airdrop:toast.started", params: { power: r.power_granted } }),
  }),
  claim: intent({
    call: ({ api }) => api(routes.airdrop.claim),
    success: (r) => ({
      kind: "success",
      key: r.resumed ? "airdrop:toast.claimedResumed" : "airdrop:toast.claimed",
      params: { amount: shortAmount(r.amount) },
    }),
  }),
  bind: intent({
    call: ({ api, form }) => api(routes.airdrop.bindSocial, { body: { twitter: handleOf(form) } }),
    success: (r) => ({ kind: "success", key: "airdrop:toast.bound", params: { handle: r.twitter } }),
  }),
  follow: intent({
    call: async ({ api, ctx }) => {
      const followed = await api(routes.airdrop.recordFollow);
      return minutesText(ctx.locale, followed.claim_at - followed.followed_at);
    },
    success: (wait) => ({ kind: "success", key: "airdrop:toast.followed", params: { wait } }),
  }),
  bonus: intent({
    call: ({ api, form }) => api(routes.airdrop.claimBonus, { query: { bonus_type: field(form, "bonus_type") } }),
    success: (r) => ({ kind: "success", key: "airdrop:toast.bonus", params: { power: r.power } }),
  }),
};

export function airdropAction(request: Request) {
  return dispatchIntent(request, INTENTS, { page: "/airdrop", keep: ["handle"], inField: HANDLE_REFUSALS });
}
