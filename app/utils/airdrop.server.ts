import { json, redirect } from "@remix-run/node";
import { routes } from "../../contract/routes.ts";
import type { Toast } from "./toast.ts";
import { pageTitle } from "./page-title.server.ts";
import { callSignedIn, errorToast, orUnavailable, requireSignedIn } from "./request.server.ts";
import { setToast } from "./toast.server.ts";

/** Everything the /airdrop page shows, in one round of parallel API calls. */
export async function loadAirdrop(request: Request) {
  const ctx = await requireSignedIn(request);
  const [info, rounds, tasks, title] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.mintInfo),
      callSignedIn(request, ctx, routes.mintList),
      callSignedIn(request, ctx, routes.taskList),
      pageTitle(request, "tabs.airdrop"),
    ]),
  );
  const upgradeLater = new URL(request.url).searchParams.get("upgrade") === "later";
  const when = new Intl.DateTimeFormat(ctx.locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
  return json({
    title,
    info,
    rounds: rounds.list.map((r) => ({ ...r, when: `${when.format(new Date(r.airdrop_at * 1000))} UTC` })),
    tasks: tasks.list,
    upgradePopup: tasks.gp_pop && !upgradeLater,
    upgradePower: tasks.power_amount,
  });
}

export interface AirdropActionData {
  toast: Toast;
  twitter?: string;
}

/**
 * The page's buttons: start, claim, bind the handle, record the follow, claim a bonus.
 * Success redirects back with a toast (so a reload does not post again); a refusal
 * re-renders with the localized reason and keeps a typed handle.
 */
export async function airdropAction(request: Request) {
  const ctx = await requireSignedIn(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const twitter = String(form.get("twitter") ?? "").trim();
  let toast: Toast;
  try {
    if (intent === "start") {
      const started = await callSignedIn(request, ctx, routes.mintStart);
      toast = { kind: "success", key: "airdrop:toast.started", params: { power: started.power_granted } };
    } else if (intent === "collect") {
      const claimed = await callSignedIn(request, ctx, routes.mintCollect);
      toast = { kind: "success", key: claimed.resumed ? "airdrop:toast.claimedResumed" : "airdrop:toast.claimed", params: { amount: claimed.amount } };
    } else if (intent === "bind") {
      const bound = await callSignedIn(request, ctx, routes.bindTwitter, { body: { twitter: twitter.startsWith("@") || !twitter ? twitter : `@${twitter}` } });
      toast = { kind: "success", key: "airdrop:toast.bound", params: { handle: bound.twitter } };
    } else if (intent === "follow") {
      await callSignedIn(request, ctx, routes.followTwitter);
      toast = { kind: "success", key: "airdrop:toast.followed" };
    } else if (intent === "bonus") {
      const type = String(form.get("bonus_type") ?? "");
      const bonus = await callSignedIn(request, ctx, routes.bonusCollect, { query: { bonus_type: type } });
      toast = { kind: "success", key: "airdrop:toast.bonus", params: { power: bonus.power } };
    } else {
      return json<AirdropActionData>({ toast: { kind: "error", code: 100400 } });
    }
  } catch (error) {
    return json<AirdropActionData>({ toast: errorToast(error), twitter });
  }
  return redirect("/airdrop", { headers: { "Set-Cookie": await setToast(toast) } });
}
