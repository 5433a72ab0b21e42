import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { LEDGER_PAGE_SIZE, type History, type LedgerLineView } from "#contract/ledger.ts";
import type { LedgerKind } from "#contract/ledger-kinds.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { ledger, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { personFields, type PersonFields } from "#api/src/domain/profile/people.ts";

type Row = typeof ledger.$inferSelect;
type Details = Record<string, unknown>;
export type Names = Map<number, PersonFields | null>;

const MONEY_ASSETS = new Set(["vv", "unclaimed", "btc"]);

const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
const person = (names: Names, id: unknown) => (typeof id === "number" ? (names.get(id) ?? null) : null);

/** The people a page of lines names, by id: looked up now, so a deleted account's name is gone. */
function peopleIn(rows: readonly Row[]): number[] {
  const ids = new Set<number>();
  for (const { details } of rows) {
    for (const key of ["with", "member", "to"]) {
      const id = (details as Details)[key];
      if (typeof id === "number") ids.add(id);
    }
  }
  return [...ids];
}

/** One line as the history shows it: the amount signed, and what explains it for its kind. */
export function view(row: Row, names: Names): LedgerLineView {
  const d = row.details as Details;
  const isRound = row.kind === "round";
  const own = num(d.own);
  const l1 = num(d.team_l1);
  const l2 = num(d.team_l2);
  const rate = num(d.rate);
  const ratios = Array.isArray(d.ratios) ? (d.ratios as { ratio: number }[]) : null;
  return {
    id: row.id,
    at: toEpochSeconds(row.at),
    kind: row.kind as LedgerKind,
    asset: row.asset as LedgerLineView["asset"],
    amount: MONEY_ASSETS.has(row.asset) ? unitsToDecimal(row.amount) : row.amount.toString(),
    rule_version: row.ruleVersion,
    round: isRound
      ? {
          number: num(d.round) ?? 0,
          own,
          team_l1: l1,
          team_l2: l2,
          power: own !== null && l1 !== null && l2 !== null ? own + l1 + l2 : (num(d.power) ?? 0),
          rate: rate === null ? null : unitsToDecimal(BigInt(rate)),
        }
      : null,
    rounds: row.kind === "claim" && Array.isArray(d.rounds) ? (d.rounds as number[]) : null,
    exchange:
      row.kind === "exchange"
        ? {
            id: num(d.exchange) ?? 0,
            stone_power: num(d.stone_power),
            bonus_percent: ratios ? ratios.reduce((sum, r) => sum + r.ratio, 0) : null,
          }
        : null,
    gift: row.kind === "gift" ? { side: d.side === "sender" ? "sender" : "recipient", other: person(names, d.with) } : null,
    team: row.kind === "team_move" ? { moved_in: row.amount > 0n, member: person(names, d.member), to: person(names, d.to) } : null,
    task: row.kind === "task" ? num(d.task) : null,
    reason: row.kind === "correction" && typeof d.reason === "string" ? d.reason : null,
  };
}

/** The people some lines name, looked up now. A deleted account is no one: its line keeps the event, not the person. */
export async function namesOf(ctx: DomainContext, rows: readonly Row[]): Promise<Names> {
  const ids = peopleIn(rows);
  const people = ids.length
    ? await ctx.db
        .select({ id: users.id, name: users.name, displayId: users.displayId, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return new Map(people.map((p) => [p.id, p.deletedAt ? null : personFields(p)]));
}

/**
 * A page of the user's ledger, newest first, keyset paged on the line id (the cursor is the last
 * id shown), optionally of one kind. The people lines name are looked up for this read.
 */
export async function history(ctx: DomainContext, userId: number, query: { kind?: LedgerKind; cursor?: string }): Promise<History> {
  const where: SQL[] = [eq(ledger.userId, userId)];
  if (query.kind) where.push(eq(ledger.kind, query.kind));
  if (query.cursor) where.push(lt(ledger.id, Number(query.cursor)));
  const rows = await ctx.db
    .select()
    .from(ledger)
    .where(and(...where))
    .orderBy(desc(ledger.id))
    .limit(LEDGER_PAGE_SIZE + 1);
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  const names = await namesOf(ctx, page);
  return {
    list: page.map((row) => view(row, names)),
    next_cursor: rows.length > LEDGER_PAGE_SIZE ? String(page[page.length - 1].id) : null,
  };
}
