import type { LedgerLineView } from "#contract/ledger.ts";
import type { Translator } from "#app/utils/translate.ts";
import { isolate, percentText, shortAmount } from "#app/utils/format.ts";
import { personName, type Person } from "#app/components/person.tsx";

type TFunction = Translator["t"];
type Line = Pick<LedgerLineView, "kind" | "asset" | "amount" | "round" | "rounds" | "exchange" | "gift" | "team" | "task" | "reason">;

/** A person a line names, as the reader sees them: a deleted account is said to be one. */
function who(t: TFunction, person: Person | null | undefined): string {
  return person ? isolate(personName(t, person)) : t("ledger:line.deleted");
}

/** What explains a line, in a sentence of the reader's language ("Round 1234: (100 own + 25 team) power × 0.01 = 1.25 VV"). */
export function lineText({ t, language }: Translator, line: Line): string {
  switch (line.kind) {
    case "round": {
      const r = line.round!;
      if (r.own === null || r.rate === null) return t("ledger:line.roundCarried", { round: r.number, power: r.power });
      const amount = shortAmount(line.amount);
      return t("ledger:line.round", {
        round: r.number,
        own: r.own,
        team: (r.team_l1 ?? 0) + (r.team_l2 ?? 0),
        rate: shortAmount(r.rate),
        amount,
      });
    }
    case "claim":
      return t("ledger:line.claim", { count: line.rounds?.length ?? 0 });
    case "task":
      return t("ledger:line.task", { task: t(`ledger:tasks.t${line.task}`) });
    case "exchange": {
      const e = line.exchange!;
      if (e.stone_power === null || e.bonus_percent === null) return t("ledger:line.exchangeCarried");
      return t("ledger:line.exchange", { power: e.stone_power, bonus: percentText(language, e.bonus_percent) });
    }
    case "gift":
      return t(line.gift?.side === "sender" ? "ledger:line.giftSender" : "ledger:line.giftRecipient", { name: who(t, line.gift?.other) });
    case "team_move": {
      const team = line.team!;
      if (team.moved_in) return t("ledger:line.teamMoveIn", { member: who(t, team.member) });
      return team.to ? t("ledger:line.teamMoveOut", { to: who(t, team.to) }) : t("ledger:line.teamMoveOutNone");
    }
    case "correction":
      return t("ledger:line.correction", { reason: line.reason ?? "" });
    default:
      return t(`ledger:line.${line.kind}`);
  }
}

/** The signed amount and its unit ("+1.25 VV to claim", "−30 Soul Power"); none for a team move. */
export function amountText(t: TFunction, line: Pick<LedgerLineView, "asset" | "amount">): string | null {
  if (line.asset === "team") return null;
  const negative = line.amount.startsWith("-");
  const abs = line.amount.replace("-", "");
  const value = `${negative ? "−" : "+"}${line.asset === "power" ? abs : shortAmount(abs)}`;
  return t(`ledger:asset.${line.asset}`, { amount: value });
}
