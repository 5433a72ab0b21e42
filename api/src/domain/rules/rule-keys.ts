import type { z } from "zod";
import { apiConfigSchema, type ApiConfig } from "#api/src/config.ts";

/**
 * The settings a user's VV and Soul Power depend on: they are published on /rules and change only
 * as a rule version scheduled ahead (decision 049). The environment's values seed version 1.
 * ROUND_EPOCH is not one: moving it would renumber every round. The notice itself is one, so the
 * notice every path enforces is the one published, and shortening it is announced with the old one.
 */
export const RULE_KEYS = [
  "ROUND_SECONDS",
  "VV_PER_POWER_PER_ROUND",
  "SUSPEND_THRESHOLD",
  "START_POWER",
  "TEAM_L1_PERCENT",
  "TEAM_L2_PERCENT",
  "BIND_POWER",
  "FOLLOW_POWER",
  "FOLLOW_WAIT_SECONDS",
  "INVITE_POWER",
  "INVITE_FRIENDS",
  "UPGRADE_POWER",
  "REMIND_PER_DAY",
  "REMIND_GAP_SECONDS",
  "STONE_SCHEDULE",
  "STONE_MAX",
  "STONE_POWER_MIN",
  "STONE_POWER_MAX",
  "STONE_RATIOS",
  "GIFT_BOXES_PER_DAY",
  "GIFT_BOXES_MAX",
  "GIFT_POWER",
  "MIN_RULES_NOTICE_HOURS",
] as const;

export type RuleKey = (typeof RULE_KEYS)[number];

const pick = Object.fromEntries(RULE_KEYS.map((key) => [key, true])) as { [K in RuleKey]: true };

/** The rules' own validation: the same as the environment's, so a scheduled value passes the checks a start would. */
export const rulesSchema = apiConfigSchema.pick(pick);

export type Rules = z.infer<typeof rulesSchema>;

export function isRuleKey(key: string): key is RuleKey {
  return (RULE_KEYS as readonly string[]).includes(key);
}

/**
 * Rule values read from anywhere (the environment, a stored version, an operator's --set), in one
 * form: a VV amount without trailing zeros, so "0.010" and "0.01" are the same rule.
 */
export function readRules(values: unknown): Rules {
  const rules = rulesSchema.parse(values);
  return { ...rules, VV_PER_POWER_PER_ROUND: trimDecimal(rules.VV_PER_POWER_PER_ROUND) };
}

function trimDecimal(text: string): string {
  const trimmed = text.includes(".") ? text.replace(/\.?0+$/, "") : text;
  return trimmed.replace(/^0+(?=\d)/, "");
}

/** The rule settings of a loaded configuration: version 1's values, or what is compared with the version in force. */
export function rulesOfConfig(config: ApiConfig): Rules {
  return readRules(Object.fromEntries(RULE_KEYS.map((key) => [key, config[key]])));
}

/** The keys whose values differ between two rule sets, in the list's order. */
export function changedKeys(before: Rules, after: Rules): RuleKey[] {
  return RULE_KEYS.filter((key) => before[key] !== after[key]);
}
