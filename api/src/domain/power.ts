import { decimalToUnits } from "../../../contract/money.ts";

/** The numbers of rules.md §2-§3 that turn power into VV. */
export interface Rates {
  /** VV units (1e-8) paid per unit of effective power per round. */
  unitsPerPower: bigint;
  l1Percent: number;
  l2Percent: number;
}

export function ratesOf(config: { VV_PER_POWER_PER_ROUND: string; TEAM_L1_PERCENT: number; TEAM_L2_PERCENT: number }): Rates {
  return {
    unitsPerPower: decimalToUnits(config.VV_PER_POWER_PER_ROUND),
    l1Percent: config.TEAM_L1_PERCENT,
    l2Percent: config.TEAM_L2_PERCENT,
  };
}

/** Team Power: a share of the own power of level-1 and level-2 members who are minting, rounded down. */
export function teamPower(l1Sum: number, l2Sum: number, r: Rates): number {
  return Math.floor((l1Sum * r.l1Percent + l2Sum * r.l2Percent) / 100);
}

/**
 * One round's VV for a user, in units: effective power (own + the integer Team Power, the
 * `power` clients see) x VV_PER_POWER_PER_ROUND, exactly (rules.md §2, power is an integer).
 * Distribution's SQL uses the same formula.
 */
export function roundAmount(own: number, l1Sum: number, l2Sum: number, r: Rates): bigint {
  return BigInt(own + teamPower(l1Sum, l2Sum, r)) * r.unitsPerPower;
}
