import { and, asc, eq, gt } from "drizzle-orm";
import type { LedgerLineView } from "#contract/ledger.ts";
import type { ExportFormat } from "#contract/ledger-kinds.ts";
import { ledger } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { profile } from "#api/src/domain/profile/users.ts";
import { writtenName } from "#api/src/domain/profile/people.ts";
import type { StreamedFile } from "#api/src/plugins/route.ts";
import { namesOf, view } from "./history.ts";

const BATCH = 1000;

/** Every line of the user's ledger, oldest first, a batch at a time: a long history is never read whole. */
async function* allLines(ctx: DomainContext, userId: number): AsyncGenerator<LedgerLineView> {
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), gt(ledger.id, after)))
      .orderBy(asc(ledger.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const names = await namesOf(ctx, rows);
    for (const row of rows) yield view(row, names);
    after = rows[rows.length - 1].id;
    if (rows.length < BATCH) return;
  }
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; text a spreadsheet
 * would run as a formula (= + - @ at its start) is kept as text with a leading apostrophe.
 * Numbers (amounts, "-1.25000000") are written as they are, so they stay numbers.
 */
function field(value: string | number | null | undefined, text = false): string {
  let out = value === null || value === undefined ? "" : String(value);
  if (text && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

const row = (fields: string[]) => `${fields.join(",")}\r\n`;

const LEDGER_COLUMNS = [
  "id",
  "time_utc",
  "kind",
  "asset",
  "amount",
  "rule_version",
  "round",
  "own_power",
  "team_power_level1",
  "team_power_level2",
  "vv_per_power",
  "claimed_rounds",
  "exchange",
  "stone_power",
  "bonus_percent",
  "gift_side",
  "other_person",
  "team_moved_in",
  "reason",
];

function csvLine(line: LedgerLineView, language: string | undefined): string {
  const person = line.gift?.other ?? line.team?.member ?? line.team?.to ?? null;
  return row([
    field(line.id),
    field(iso(line.at)),
    field(line.kind),
    field(line.asset),
    field(line.amount),
    field(line.rule_version),
    field(line.round?.number),
    field(line.round?.own),
    field(line.round?.team_l1),
    field(line.round?.team_l2),
    field(line.round?.rate),
    field(line.rounds?.join(" ")),
    field(line.exchange?.id),
    field(line.exchange?.stone_power),
    field(line.exchange?.bonus_percent),
    field(line.gift?.side),
    field(person ? writtenName(language, person) : null, true),
    field(line.team ? String(line.team.moved_in) : null),
    field(line.reason, true),
  ]);
}

/**
 * The user's data to take away (data portability): `json`, the profile and every ledger line;
 * `ledger.csv`, one row per line; `profile.csv`, one row per field. CSV as spreadsheets open it
 * right: UTF-8 with a byte order mark, CRLF rows, ISO 8601 times in UTC, amounts as decimal
 * strings. Streamed as it is read.
 */
export async function exportData(ctx: DomainContext, userId: number, format: ExportFormat, language?: string): Promise<StreamedFile> {
  const me = await profile(ctx, userId);
  const stamp = iso(Math.floor(ctx.clock.now().getTime() / 1000));
  const base = `vv-${me.display_id}-${stamp.slice(0, 10)}`;
  if (format === "profile.csv") {
    return {
      type: "text/csv; charset=utf-8",
      name: `${base}-profile.csv`,
      text: (async function* () {
        yield "\uFEFF" + row(["field", "value"]);
        for (const [key, value] of Object.entries(me))
          yield row([field(key), field(typeof value === "object" ? JSON.stringify(value) : value, true)]);
      })(),
    };
  }
  if (format === "ledger.csv") {
    return {
      type: "text/csv; charset=utf-8",
      name: `${base}-history.csv`,
      text: (async function* () {
        yield "\uFEFF" + row(LEDGER_COLUMNS);
        for await (const line of allLines(ctx, userId)) yield csvLine(line, language);
      })(),
    };
  }
  return {
    type: "application/json; charset=utf-8",
    name: `${base}.json`,
    text: (async function* () {
      yield `{"exported_at":${JSON.stringify(stamp)},"profile":${JSON.stringify(me)},"ledger":[`;
      let first = true;
      for await (const line of allLines(ctx, userId)) {
        yield (first ? "" : ",") + JSON.stringify(line);
        first = false;
      }
      yield "]}\n";
    })(),
  };
}
