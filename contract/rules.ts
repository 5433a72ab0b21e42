import { z } from "zod";
import { route } from "./route.ts";
import { epochSeconds, moneyString } from "./wire.ts";

const count = (what: string) => z.number().int().nonnegative().describe(what);

/** A run of the stone schedule: `count` stones, each `every_days` after the one before. */
const stoneRun = z.object({
  count: z.number().int().nonnegative().nullable().describe("How many stones come this way; null: every stone after the runs before"),
  every_days: z.number().int().nonnegative().describe("Days between two stones of this run"),
});
export type StoneRunWire = z.infer<typeof stoneRun>;

/** Every rule a user's VV and Soul Power depend on, as one version states them (rules.md §2-6). */
const ruleValuesSchema = z.object({
  round_seconds: count("How long a round lasts, in seconds"),
  vv_per_power_per_round: moneyString.describe("VV each point of effective power (own Soul Power + Team Power) earns in a round"),
  suspend_threshold: count("Unclaimed rounds a user may hold: holding this many when a round closes pauses the airdrop instead of paying"),
  start_power: count("Soul Power for starting the airdrop the first time"),
  team_l1_percent: count("Percent of the own power of minting level-1 members added as Team Power"),
  team_l2_percent: count("Percent of the own power of minting level-2 members added as Team Power"),
  bind_power: count("Soul Power for binding a social account (bonus task 1)"),
  follow_power: count("Soul Power for following the official account (bonus task 2)"),
  follow_wait_seconds: count("Seconds after the follow is recorded before its reward can be claimed"),
  invite_power: count("Soul Power of the invite reward (bonus task 3)"),
  invite_friends: count("Level-1 invitees who must have started their airdrop for the invite reward"),
  upgrade_power: count("Soul Power for updating the native app (bonus task 4)"),
  remind_per_day: count("Reminders a user may send their paused level-1 members per UTC day"),
  remind_gap_seconds: count("Seconds between two reminders"),
  stone_schedule: z.array(stoneRun).describe("When a user's magic stones fall due, counted in days from registration: the runs in order"),
  stone_max: count("Unused stones a user may hold; one falling due beyond that is forfeited"),
  stone_power_min: count("A new stone's least power"),
  stone_power_max: count("A new stone's greatest power"),
  stone_ratios: z.array(count("Percent")).describe("The buff ratios a new stone may have, in percent, lowest first"),
  gift_boxes_per_day: count("Gift boxes a user receives per UTC day"),
  gift_boxes_max: count("Unused gift boxes a user may hold; the rest of a day's are forfeited"),
  gift_power: count("Soul Power sender and recipient each gain when a gift code is used"),
  notice_hours: count("While this version is in force, a new version is scheduled at least this many hours ahead"),
});
export type RuleValues = z.infer<typeof ruleValuesSchema>;
export type RuleName = keyof RuleValues;

const ruleVersionSchema = z.object({
  version: z.number().int().positive().describe("The version's number; numbers of cancelled versions are not reused"),
  effective_at: epochSeconds.describe("When the version takes effect: always a round boundary"),
  values: ruleValuesSchema,
});
export type RuleVersionWire = z.infer<typeof ruleVersionSchema>;

export const publishedRulesResult = z.object({
  in_force: ruleVersionSchema.describe(
    "The version in force now. A round pays by the version in force while it ran (versions start only at round boundaries)",
  ),
  next: ruleVersionSchema.nullable().describe("The next version scheduled, or null when none is"),
  upcoming: z.array(ruleVersionSchema).describe("Every version scheduled and not yet in force, soonest first (next is the first)"),
  history: z.array(ruleVersionSchema).describe("Every version that has taken effect, newest first (in_force is the first)"),
  notice_hours: count(
    "The least notice a new version is published with (the version in force's notice_hours): it is scheduled at least this many hours ahead",
  ),
  server_time: epochSeconds,
});
export type PublishedRules = z.infer<typeof publishedRulesResult>;

export const rulesRoutes = {
  published: route({
    method: "GET",
    path: "/v1/rules/",
    summary: "The published rules: the version in force, those scheduled, and the history (no login needed)",
    auth: false,
    response: publishedRulesResult,
  }),
} as const;
