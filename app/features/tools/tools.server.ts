import { redirect } from "@remix-run/node";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError } from "#app/utils/api.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { hoursMinutesText } from "#app/utils/format.ts";
import { dispatchIntent, field, intent } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, errorToast, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { personName } from "#app/components/person.tsx";
import { exchangePath } from "#contract/web-paths.ts";

/** Absolute links for sharing: a gift code opens /force with it filled in, an exchange code /swap. */
function shareLinks() {
  const base = getEnv().PUBLIC_URL.replace(/\/+$/, "");
  return { giftBase: `${base}/force?gift=`, swapBase: `${base}/swap?code=` };
}

/** /force, the Tools tab: the stones, the exchange being formed, and the gift boxes. */
export async function loadTools(request: Request) {
  const ctx = await requireSignedIn(request);
  const [stones, gifts, title] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.tools.stones),
      callSignedIn(request, ctx, routes.tools.gifts),
      pageTitle(request, "tabs.tools"),
    ]),
  );
  const wait = stones.next_stone_at === null ? 0 : stones.next_stone_at - stones.server_time;
  return {
    title,
    stones,
    gifts,
    nextStone: wait > 0 ? hoursMinutesText(ctx.locale, wait) : null,
    giftCode: new URL(request.url).searchParams.get("gift")?.slice(0, 32) ?? "",
    ...shareLinks(),
  };
}

const TOOLS_INTENTS = {
  create: intent({
    call: ({ api, form }) =>
      api(routes.tools.createExchange, {
        body: { force_stone_id: Number(field(form, "stone")), member_count: Number(field(form, "quota")) },
      }),
    success: () => ({ kind: "success", key: "tools:toast.created" }),
    next: (exchange) => exchangePath(exchange.team_id),
  }),
  gift: intent({
    call: async ({ api, form, ctx }) => {
      const r = await api(routes.tools.useGift, { body: { code: field(form, "code") } });
      // The toast names the sender as this reader calls them.
      return { ...r, sender: personName(translatorFor(ctx.locale).t, { nickname: r.sender_nickname, alias: r.sender_alias }) };
    },
    success: (r) => ({
      kind: "success",
      key: r.joined_team ? "tools:toast.giftJoined" : "tools:toast.gift",
      params: { name: r.sender, power: r.recipient_power },
    }),
  }),
};

export function toolsAction(request: Request) {
  return dispatchIntent(request, TOOLS_INTENTS, { page: "/force", keep: ["code"] });
}

/** /swap?code=…: the join step of a shared exchange link; the stone to bring is chosen here. */
export async function loadSwap(request: Request) {
  const ctx = await requireSignedIn(request);
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim().toUpperCase().slice(0, 32);
  const [stones, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.tools.stones), pageTitle(request, "swap.title", "tools")]),
  );
  // Already in this exchange (a second tap on the link): show it.
  if (code && stones.open_team?.code === code) throw redirect(exchangePath(stones.open_team.team_id));
  return { title, code, stones };
}

const SWAP_INTENTS = {
  join: intent({
    call: async ({ api, form, ctx }) => {
      const exchange = await api(routes.tools.joinExchange, {
        body: { code: field(form, "code"), force_stone_id: Number(field(form, "stone")) },
      });
      return { exchange, me: exchange.members.find((m) => m.is_me), locale: ctx.locale };
    },
    success: ({ exchange, me }) =>
      exchange.status === "completed"
        ? { kind: "success", key: "tools:toast.completed", params: { power: me?.success_power ?? 0 } }
        : { kind: "success", key: "tools:toast.joined" },
    next: ({ exchange }) => exchangePath(exchange.team_id),
  }),
};

export function swapAction(request: Request) {
  return dispatchIntent(request, SWAP_INTENTS, { page: "/swap", keep: ["code"] });
}

type Confirm = { kind: "cancel" } | { kind: "leave" } | { kind: "remove"; userId: number };

/** `?confirm=cancel|leave|remove:<user id>`: the confirmation sheet the page shows (a link opens it, so it works without JavaScript). */
function confirmOf(url: URL): Confirm | null {
  const value = url.searchParams.get("confirm") ?? "";
  if (value === "cancel" || value === "leave") return { kind: value };
  const remove = /^remove:(\d{1,15})$/.exec(value);
  return remove ? { kind: "remove", userId: Number(remove[1]) } : null;
}

/** /swap/<exchange id>: an exchange the user is or was in, as it forms and once it is done. */
export async function loadExchange(request: Request, exchangeId: string | undefined) {
  const ctx = await requireSignedIn(request);
  if (!exchangeId || !/^\d{1,15}$/.test(exchangeId)) throw redirect("/force");
  const load = Promise.all([
    callSignedIn(request, ctx, routes.tools.exchange, { params: { team_id: exchangeId } }),
    pageTitle(request, "exchange.title", "tools"),
  ]);
  try {
    const [exchange, title] = await load;
    return { title, exchange, confirm: confirmOf(new URL(request.url)), ...shareLinks() };
  } catch (error) {
    // Not one of theirs (or an id that was typed): back to the Tools tab, saying why.
    if (error instanceof ApiError && (error.code === ErrorCode.exchangeNotMember || error.code === ErrorCode.badRequest)) {
      throw await redirectWithToast("/force", errorToast(error));
    }
    return orUnavailable(Promise.reject(error));
  }
}

const EXCHANGE_INTENTS = {
  cancel: intent({
    call: ({ api, form }) => api(routes.tools.cancelExchange, { params: { team_id: field(form, "exchange") } }),
    success: () => ({ kind: "success", key: "tools:toast.cancelled" }),
    next: () => "/force",
  }),
  leave: intent({
    // The member is the user themself; the API refuses anyone else unless the user leads.
    call: ({ api, form }) =>
      api(routes.tools.removeMember, { params: { team_id: field(form, "exchange"), user_id: field(form, "member") } }),
    success: () => ({ kind: "success", key: "tools:toast.left" }),
    next: () => "/force",
  }),
  remove: intent({
    call: async ({ api, form }) => {
      await api(routes.tools.removeMember, { params: { team_id: field(form, "exchange"), user_id: field(form, "member") } });
      return field(form, "exchange");
    },
    success: () => ({ kind: "success", key: "tools:toast.removed" }),
    next: (exchangeId) => exchangePath(Number(exchangeId)),
  }),
};

export function exchangeAction(request: Request, exchangeId: string | undefined) {
  return dispatchIntent(request, EXCHANGE_INTENTS, { page: exchangePath(Number(exchangeId)) });
}
