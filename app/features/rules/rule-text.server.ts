import type { RuleName, RuleValues, StoneRunWire } from "#contract/rules.ts";
import { durationText, isolate, percentText } from "#app/utils/format.ts";
import { listFormat, numberFormat } from "#app/utils/intl.ts";
import type { Translator } from "#app/utils/translate.ts";

/**
 * The rules written for a reader: each as a sentence, each value in the reader's language and
 * digits, isolated so an amount keeps its order inside a right-to-left sentence.
 */
export interface RuleWriter {
  /** One rule's value alone, as the list of changes shows it. */
  value(name: RuleName, values: RuleValues): string;
  /** The label of a rule, for the list of changes. */
  label(name: RuleName): string;
  /** The version's rules as sentences, by topic. */
  sections(values: RuleValues): RuleSection[];
  /** A length of time, isolated. */
  duration(seconds: number): string;
  /** Labels one after the other, the way the language lists them. */
  list(labels: string[]): string;
}

interface RuleSection {
  id: "rounds" | "power" | "team" | "stones" | "gifts";
  heading: string;
  items: { text: string; list?: string[] }[];
}

export function ruleWriter({ t, language: locale }: Translator): RuleWriter {
  const num = (n: number) => isolate(numberFormat(locale, {}).format(n));
  const percent = (n: number) => percentText(locale, n);
  const duration = (s: number) => isolate(durationText(locale, s));
  const days = (n: number) => numberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long" }).format(n);
  // The decimal string itself is formatted, not a float: every one of its 8 places stays exact.
  const vv = (amount: string) =>
    isolate(`${numberFormat(locale, { maximumFractionDigits: 8 }).format(amount as unknown as number)}\u00a0VV`);
  // Each percentage isolated too: "5%" beside a right-to-left "or" would otherwise lose its order.
  const ratios = (list: number[]) => isolate(listFormat(locale, { type: "disjunction" }).format(list.map((r) => percentText(locale, r))));

  /** The schedule's runs, one line each: "stones 1 to 32: 1 day apart". */
  function stoneRuns(runs: StoneRunWire[]): string[] {
    let from = 1;
    return runs.flatMap((run) => {
      const gap = isolate(days(run.every_days));
      if (run.count === null) return [t("rules:stone.rest", { from: num(from), gap })];
      if (run.count === 0) return [];
      const line =
        run.count === 1
          ? t("rules:stone.single", { from: num(from), gap })
          : t("rules:stone.run", { from: num(from), to: num(from + run.count - 1), gap });
      from += run.count;
      return [line];
    });
  }

  /** The schedule on one line, for the list of changes: "32 × 1 day, 16 × 2 days, …, then 32 days apart". */
  function stoneRunsShort(runs: StoneRunWire[]): string {
    const parts = runs.map((run) =>
      run.count === null
        ? t("rules:stone.restShort", { gap: days(run.every_days) })
        : t("rules:stone.runShort", { n: numberFormat(locale, {}).format(run.count), gap: days(run.every_days) }),
    );
    return isolate(listFormat(locale, { type: "unit", style: "short" }).format(parts));
  }

  const value = (name: RuleName, v: RuleValues): string => {
    switch (name) {
      case "round_seconds":
      case "follow_wait_seconds":
      case "remind_gap_seconds":
        return duration(v[name]);
      case "vv_per_power_per_round":
        return vv(v[name]);
      case "team_l1_percent":
      case "team_l2_percent":
        return percent(v[name]);
      case "stone_schedule":
        return stoneRunsShort(v[name]);
      case "stone_ratios":
        return ratios(v[name]);
      case "notice_hours":
        return duration(v[name] * 3600);
      default:
        return num(v[name]);
    }
  };

  const labels: Record<RuleName, string> = {
    round_seconds: t("rules:label.roundSeconds"),
    vv_per_power_per_round: t("rules:label.vvPerPower"),
    suspend_threshold: t("rules:label.suspendThreshold"),
    start_power: t("rules:label.startPower"),
    team_l1_percent: t("rules:label.level1Percent"),
    team_l2_percent: t("rules:label.level2Percent"),
    bind_power: t("rules:label.bindPower"),
    follow_power: t("rules:label.followPower"),
    follow_wait_seconds: t("rules:label.followWait"),
    invite_power: t("rules:label.invitePower"),
    invite_friends: t("rules:label.inviteFriends"),
    upgrade_power: t("rules:label.upgradePower"),
    remind_per_day: t("rules:label.remindPerDay"),
    remind_gap_seconds: t("rules:label.remindGap"),
    stone_schedule: t("rules:label.stoneSchedule"),
    stone_max: t("rules:label.stoneMax"),
    stone_power_min: t("rules:label.stonePowerMin"),
    stone_power_max: t("rules:label.stonePowerMax"),
    stone_ratios: t("rules:label.stoneRatios"),
    gift_boxes_per_day: t("rules:label.giftBoxesPerDay"),
    gift_boxes_max: t("rules:label.giftBoxesMax"),
    gift_power: t("rules:label.giftPower"),
    notice_hours: t("rules:label.noticeHours"),
  };

  const sections = (v: RuleValues): RuleSection[] => [
    {
      id: "rounds",
      heading: t("rules:section.rounds"),
      items: [
        { text: t("rules:rule.roundLength", { duration: duration(v.round_seconds) }) },
        { text: t("rules:rule.vvPerPower", { amount: vv(v.vv_per_power_per_round) }) },
        { text: t("rules:rule.pause", { count: v.suspend_threshold, rounds: num(v.suspend_threshold) }) },
      ],
    },
    {
      id: "power",
      heading: t("rules:section.power"),
      items: [
        { text: t("rules:rule.start", { power: num(v.start_power) }) },
        { text: t("rules:rule.bind", { power: num(v.bind_power) }) },
        { text: t("rules:rule.follow", { power: num(v.follow_power), wait: duration(v.follow_wait_seconds) }) },
        { text: t("rules:rule.invite", { count: v.invite_friends, friends: num(v.invite_friends), power: num(v.invite_power) }) },
        { text: t("rules:rule.upgrade", { power: num(v.upgrade_power) }) },
      ],
    },
    {
      id: "team",
      heading: t("rules:section.team"),
      items: [
        { text: t("rules:rule.level1", { percent: percent(v.team_l1_percent) }) },
        { text: t("rules:rule.level2", { percent: percent(v.team_l2_percent) }) },
        { text: t("rules:rule.remind", { count: v.remind_per_day, times: num(v.remind_per_day), gap: duration(v.remind_gap_seconds) }) },
      ],
    },
    {
      id: "stones",
      heading: t("rules:section.stones"),
      items: [
        { text: t("rules:rule.stoneSchedule"), list: stoneRuns(v.stone_schedule) },
        { text: t("rules:rule.stoneMax", { count: v.stone_max, stones: num(v.stone_max) }) },
        {
          text: t("rules:rule.stonePower", {
            min: num(v.stone_power_min),
            max: num(v.stone_power_max),
            ratios: ratios(v.stone_ratios),
          }),
        },
      ],
    },
    {
      id: "gifts",
      heading: t("rules:section.gifts"),
      items: [
        { text: t("rules:rule.giftBoxes", { count: v.gift_boxes_per_day, boxes: num(v.gift_boxes_per_day), max: num(v.gift_boxes_max) }) },
        { text: t("rules:rule.giftPower", { power: num(v.gift_power) }) },
      ],
    },
  ];

  return {
    value,
    label: (name) => labels[name],
    sections,
    duration,
    list: (items) => listFormat(locale, { type: "unit", style: "short" }).format(items),
  };
}
