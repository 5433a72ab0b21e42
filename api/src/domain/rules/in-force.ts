import type { DomainContext } from "#api/src/domain/context.ts";
import type { Rules } from "./rule-keys.ts";

/**
 * The rules in force at `at` (now, by default): how every domain function reads a rule. A round's
 * pay reads roundRules instead.
 */
export function rules(ctx: DomainContext, at: Date = ctx.clock.now()): Rules {
  return ctx.ruleBook.at(at).values;
}

/** The rules a round is paid by: the version in force while it ran (RuleBook.forRound). */
export function roundRules(ctx: DomainContext, round: number): Rules {
  return ctx.ruleBook.forRound(round).values;
}

/** The number of the version in force at `at`. */
export function ruleVersionAt(ctx: DomainContext, at: Date): number {
  return ctx.ruleBook.at(at).version;
}

/** The number of the version a round is paid by, for the line that records the pay. */
export function roundRuleVersion(ctx: DomainContext, round: number): number {
  return ctx.ruleBook.forRound(round).version;
}
