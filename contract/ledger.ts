import { z } from "zod";
import { EXPORT_FORMATS, LEDGER_ASSETS, LEDGER_KINDS } from "./ledger-kinds.ts";
import { route } from "./route.ts";
import { aliasField, epochSeconds, moneyString, nicknameField } from "./wire.ts";

/** Lines per page of the history: it grows a page at a time, newest first. */
export const LEDGER_PAGE_SIZE = 20;

const historyQuery = z.object({
  kind: z.enum(LEDGER_KINDS).optional().describe("Only lines of this kind"),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .describe("next_cursor of the previous page; absent for the first page (newest lines first)"),
});

/** Another person a line names, looked up when it is read: null once their account is deleted (a line keeps the event, not the person). */
const personSchema = z.object({ nickname: nicknameField("person"), alias: aliasField("person") }).nullable();

const ledgerLineSchema = z.object({
  id: z.number().int(),
  at: epochSeconds,
  kind: z.enum(LEDGER_KINDS),
  asset: z.enum(LEDGER_ASSETS),
  amount: z
    .string()
    .describe("Signed. vv, unclaimed and btc: a decimal string with 8 places (-1.25000000); power and team: an integer (+10 is '10')"),
  rule_version: z.number().int().describe("The rules version that paid it; 0 for history carried over from before the ledger"),
  round: z
    .object({
      number: z.number().int(),
      own: z.number().int().nullable().describe("Own Soul Power (null before the ledger: not kept)"),
      team_l1: z.number().int().nullable().describe("Team Power from level-1 members"),
      team_l2: z.number().int().nullable().describe("Team Power from level-2 members"),
      power: z.number().int().describe("Effective power the round paid for"),
      rate: moneyString.nullable().describe("VV a power point earned that round"),
    })
    .nullable()
    .describe("A round's payment (kind round)"),
  rounds: z.array(z.number().int()).nullable().describe("The rounds a claim collected"),
  exchange: z
    .object({ id: z.number().int(), stone_power: z.number().int().nullable(), bonus_percent: z.number().int().nullable() })
    .nullable()
    .describe("An exchange's gain: the user's stone power plus that power times every participant's bonus together"),
  gift: z.object({ side: z.enum(["sender", "recipient"]), other: personSchema }).nullable(),
  team: z
    .object({
      moved_in: z.boolean().describe("true: a member moved into the user's team; false: the user moved, their inviter's account deleted"),
      member: personSchema.describe("Who moved in (moved_in)"),
      to: personSchema.describe("The user's new inviter (not moved_in); null when the deleted account had none"),
    })
    .nullable()
    .describe("A team move made by an account's deletion"),
  task: z.number().int().nullable().describe("The bonus task's bonus_type"),
  reason: z.string().nullable().describe("An operator's correction: why"),
});
export type LedgerLineView = z.infer<typeof ledgerLineSchema>;

export const historyResult = z.object({
  list: z.array(ledgerLineSchema),
  next_cursor: z.string().nullable().describe("Cursor of the next page; null on the last page"),
});
export type History = z.infer<typeof historyResult>;

const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS) });

export const ledgerRoutes = {
  export: route({
    method: "GET",
    path: "/v1/user/export/",
    summary:
      "The user's data to take away, streamed: `json` (the profile and every ledger line, oldest first, shaped as the history's lines), `ledger.csv` (one row per line) or `profile.csv` (one row per field). CSV: UTF-8 with a byte order mark, ISO 8601 times in UTC, amounts as decimal strings. Rate limited per user (RATE_EXPORTS_PER_USER_PER_HOUR)",
    auth: true,
    query: exportQuery,
    response: z.string().describe("The file"),
    file: ["application/json", "text/csv"],
  }),
  history: route({
    method: "GET",
    path: "/v1/mint/ledger/",
    summary: "The user's ledger: every change of VV, unclaimed VV, BTC and Soul Power, newest first, with what explains it",
    auth: true,
    query: historyQuery,
    response: historyResult,
  }),
} as const;
