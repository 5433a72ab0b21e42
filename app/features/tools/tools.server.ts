import { redirect } from "@remix-run/node";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError } from "#app/utils/api.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { hoursMinutesText } from "#app/utils/format.ts";
import { dispatchIntent, field, intent } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, errorToast, orUnavailable, requireSignedIn, type RequestContext } from "#app/utils/request.server.ts";
import type { Toast } from "#app/utils/toast.ts";
import { CODE_REFUSALS } from "./code-refusals.ts";
import { giftOpenedToast } from "./gift-reveal.tsx";
import type { CodeLookup } from "#contract/tools.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { personName, type Person } from "#app/components/person.tsx";
import { exchangePath } from "#contract/web-paths.ts";

/** Absolute links for sharing: a gift code opens /force with it filled in, an exchange code /swap. */
function shareLinks() {
  const base = getEnv().PUBLIC_URL.replace(/\/+$/, "");
  return { giftBase: `${base}/force?gift=`, swapBase: `${base}/swap?code=` };
}

/** A person's name as the reader of this request calls them, for a toast. */
function readersName(ctx: RequestContext, person: Person): string {
  return personName(translatorFor(ctx.locale).t, person);
}

/** Where a recognised exchange or invite code goes on: the stone to bring, or the offer to bind it (the Tools tab's code card). */
function codePath(found: CodeLookup): string {
  if (found.kind === "exchange") return found.is_member ? exchangePath(found.team_id) : `/swap?code=${encodeURIComponent(found.code)}`;
  return `/force?code=${encodeURIComponent(found.code)}#code`;
}

/** A code from a link (`?code=`, or a gift link's `?gift=`), or "" when there is none. */
function linkedCode(url: URL): string {
  return (url.searchParams.get("code") ?? url.searchParams.get("gift") ?? "").slice(0, 64);
}

/** What a typed code is, or its refusal as the toast the field shows: asked before anything else. */
type Recognition = { found?: CodeLookup; refusal?: Toast };

async function recognise(request: Request, ctx: RequestContext, code: string): Promise<Recognition> {
  try {
    return { found: await callSignedIn(request, ctx, routes.tools.lookupCode, { query: { code } }) };
  } catch (error) {
    return { refusal: errorToast(error) };
  }
}

/** /force, the Tools tab: the stones, the exchange being formed, the gift boxes, and the one field for any code. */
export async function loadTools(request: Request) {
  const ctx = await requireSignedIn(request);
  const typed = linkedCode(new URL(request.url));
  const [stones, gifts, title, code] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.tools.stones),
      callSignedIn(request, ctx, routes.tools.gifts),
      pageTitle(request, "tabs.tools"),
      typed ? recognise(request, ctx, typed) : ({} satisfies Recognition as Recognition),
    ]),
  );
  const wait = stones.next_stone_at === null ? 0 : stones.next_stone_at - stones.server_time;
  return {
    title,
    stones,
    gifts,
    nextStone: wait > 0 ? hoursMinutesText(ctx.locale, wait) : null,
    code: { typed, ...code },
    ...shareLinks(),
  };
}

/** /tools/code?code=…: what a code being typed is, for the code card to say before it is sent. */
export async function loadCodeLookup(request: Request): Promise<Recognition> {
  const ctx = await requireSignedIn(request);
  const typed = linkedCode(new URL(request.url));
  return typed ? recognise(request, ctx, typed) : {};
}

/**
 * The one code field: an exchange code goes on to choosing the stone, a gift code opens its box
 * at once (the page reveals it), an invite code is offered for binding when it still can be, and
 * anything else is refused next to the field, as typed.
 */
const useCode = intent({
  call: async ({ api, form, ctx }) => {
    const found = await api(routes.tools.lookupCode, { query: { code: field(form, "code") } });
    if (found.kind !== "gift") return { found };
    const opened = await api(routes.tools.useGift, { body: { code: found.code } });
    // The reveal names the box's owner as this reader calls them.
    return { found, opened: { ...opened, sender: readersName(ctx, { nickname: opened.sender_nickname, alias: opened.sender_alias }) } };
  },
  success: ({ opened }) => (opened ? giftOpenedToast(opened) : null),
  next: ({ found }) => (found.kind === "gift" ? "/force" : codePath(found)),
});

const TOOLS_INTENTS = {
  create: intent({
    call: ({ api, form }) =>
      api(routes.tools.createExchange, {
        body: { force_stone_id: Number(field(form, "stone")), member_count: Number(field(form, "quota")) },
      }),
    success: () => ({ kind: "success", key: "tools:toast.created" }),
    next: (exchange) => exchangePath(exchange.team_id),
  }),
  code: useCode,
  bind: intent({
    call: async ({ api, form, ctx }) => {
      await api(routes.team.bindInviter, { body: { invite_code: field(form, "code") } });
      const found = await api(routes.tools.lookupCode, { query: { code: field(form, "code") } });
      return found.kind === "invite" ? readersName(ctx, { nickname: found.inviter_nickname, alias: found.inviter_alias }) : "";
    },
    success: (inviter) => ({ kind: "success", key: "tools:toast.bound", params: { name: inviter } }),
    next: () => "/team",
  }),
};

export function toolsAction(request: Request) {
  return dispatchIntent(request, TOOLS_INTENTS, { page: "/force", keep: ["code"], inField: CODE_REFUSALS });
}

/**
 * /swap?code=…: the join step of a shared exchange link, where the stone to bring is chosen. The
 * code is looked up first: anything but an exchange this user can join goes to the Tools tab's
 * code card, which says what the code is or why it cannot be used, before a stone is asked for.
 */
export async function loadSwap(request: Request) {
  const ctx = await requireSignedIn(request);
  const typed = linkedCode(new URL(request.url));
  if (!typed) throw redirect("/force#code");
  const [stones, title, code] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.tools.stones),
      pageTitle(request, "swap.title", "tools"),
      recognise(request, ctx, typed),
    ]),
  );
  const found = code.found;
  if (found?.kind !== "exchange") throw redirect(`/force?code=${encodeURIComponent(typed)}#code`);
  // Already in it (a second tap on the link): show it.
  if (found.is_member) throw redirect(exchangePath(found.team_id));
  return { title, exchange: found, stones };
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
  return dispatchIntent(request, SWAP_INTENTS, { page: "/swap" });
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
