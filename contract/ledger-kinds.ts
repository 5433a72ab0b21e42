/**
 * What a ledger line can be, kept free of zod so the history page can import it (see
 * bonus-tasks.ts). The order is the history filter's.
 */
export const LEDGER_KINDS = [
  "round",
  "claim",
  "start",
  "task",
  "upgrade",
  "exchange",
  "gift",
  "team_move",
  "correction",
  "opening",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * What a line changes: VV in the balance, VV paid but not claimed yet, BTC, Soul Power, or the
 * level-1 team (a member moved in: amount 1; moved away: 0, for the member's own history).
 */
export const LEDGER_ASSETS = ["vv", "unclaimed", "btc", "power", "team"] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

/** What a user can take away: everything as JSON, or the history or the profile as CSV. */
export const EXPORT_FORMATS = ["json", "ledger.csv", "profile.csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
