import { LEDGER_KINDS, type LedgerKind } from "#contract/ledger-kinds.ts";
import { routes } from "#contract/routes.ts";
import { readerTimes } from "#app/utils/locale.server.ts";
import { callSignedIn, type RequestContext } from "#app/utils/request.server.ts";

/**
 * A page of the user's history for /mine: `?kind=` filters it, `?cursor=` is the next page (plain
 * links and a GET form, so it works without JavaScript). A claim is two lines on the wire (out of
 * unclaimed, into the balance); the page shows the one a person reads, the balance's. Times are
 * written here, in the phone's time zone once known, else in UTC and saying so.
 */
export async function loadHistory(request: Request, ctx: RequestContext) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get("kind") ?? "";
  const kind = (LEDGER_KINDS as readonly string[]).includes(wanted) ? (wanted as LedgerKind) : undefined;
  const cursorParam = url.searchParams.get("cursor") ?? "";
  const cursor = /^\d{1,18}$/.test(cursorParam) ? cursorParam : undefined;
  const page = await callSignedIn(request, ctx, routes.ledger.history, { query: { kind, cursor } });
  const when = readerTimes(request, ctx.locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return {
    kind: kind ?? null,
    paged: cursor !== undefined,
    next: page.next_cursor,
    lines: page.list
      .filter((line) => !(line.kind === "claim" && line.asset === "unclaimed"))
      .map((line) => ({ ...line, when: when(line.at) })),
  };
}

export type HistoryPage = Awaited<ReturnType<typeof loadHistory>>;
