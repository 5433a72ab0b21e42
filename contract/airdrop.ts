import { z } from "zod";
import { BONUS_TASK_ORDER } from "./bonus-tasks.ts";
import { route } from "./route.ts";
import { epochSeconds, moneyString } from "./wire.ts";

/** `mint_status` on the wire: where a user's airdrop stands (not started, waiting, in progress, paused). */
export const airdropStatusSchema = z.enum(["not_open", "wait", "minting", "suspend"]);
export type AirdropStatus = z.infer<typeof airdropStatusSchema>;

export const airdropInfoSchema = z.object({
  user_id: z.number().int(),
  btc: moneyString,
  vv: moneyString,
  power: z.number().int().describe("Effective power: own Soul Power + Team Power"),
  own_power: z.number().int(),
  team_power: z.number().int(),
  last_collect_at: epochSeconds.nullable(),
  follow_twitter: z.union([z.literal(0), z.literal(1)]),
  twitter: z.string().describe("The bound social handle, or empty"),
  official_twitter: z.string().describe("The official account to follow"),
  follow_claim_at: epochSeconds.nullable().describe("When the follow reward becomes claimable"),
  mint_status: airdropStatusSchema,
  un_collect_round: z.number().int(),
  un_collect_amount: moneyString,
  suspend_threshold: z.number().int().describe("Unclaimed rounds at which the airdrop pauses"),
  next_round_number: z.number().int(),
  next_round_timestamp: epochSeconds.describe("When the round in progress closes"),
  round_seconds: z.number().int().describe("Length of a round"),
  next_round_token: moneyString.describe("What the user gets when that round closes, at current power"),
  round_token: moneyString.describe("One round's VV at current power"),
  server_time: epochSeconds,
});
export type AirdropInfo = z.infer<typeof airdropInfoSchema>;

const airdropRoundSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  round_number: z.number().int(),
  airdrop_at: epochSeconds,
  amount: moneyString,
  power: z.number().int(),
  collected: z.boolean(),
  round_total: moneyString.describe("VV airdropped to everyone in that round"),
  round_claims: z.number().int().describe("How many of that round's rows have been claimed"),
  distributed: z.boolean(),
});
export type AirdropRound = z.infer<typeof airdropRoundSchema>;
export const roundListResult = z.object({
  list: z.array(airdropRoundSchema),
  next_before: z.number().int().nullable().describe("`before` for the next (older) page; null on the last page"),
});
const roundListQuery = z.object({
  // Within the column's integer range: a number beyond it is a malformed request, not a database fault.
  before: z.coerce.number().int().positive().max(2_147_483_647).optional().describe("Only rounds numbered below this (paging)"),
  size: z.coerce.number().int().min(1).max(50).optional().describe("Rounds per page, 50 unless given"),
});

const bonusTypeNumber = z
  .number()
  .int()
  .refine((n) => (BONUS_TASK_ORDER as readonly number[]).includes(n), "a bonus_type");
const bonusTaskSchema = z.object({
  user_id: z.number().int(),
  bonus_type: bonusTypeNumber,
  title: z.string(),
  description: z.string(),
  can_collect: z.boolean(),
  collected: z.boolean(),
  power: z.number().int(),
  available_at: epochSeconds.nullable(),
});
export type BonusTask = z.infer<typeof bonusTaskSchema>;
export const taskListResult = z.object({
  list: z.array(bonusTaskSchema),
  gp_pop: z.boolean().describe("Show the app-upgrade reward popup"),
  power_amount: z.string().describe("Power the app-upgrade reward grants"),
  app_outdated: z.boolean().describe("The native app is below the latest version: offer the store, and the upgrade reward with it"),
  invite_friends: z.number().int().describe("Level-1 invitees who must start their airdrop for the invite reward"),
  invite_started: z.number().int().describe("Level-1 invitees who have started their airdrop so far"),
  follow_wait_seconds: z.number().int().describe("Wait between following and claiming the follow reward"),
});

export const claimResult = z.object({ amount: moneyString, rounds: z.number().int(), resumed: z.boolean() });
const startResult = z.object({ mint_status: airdropStatusSchema, power_granted: z.number().int() });
const claimBonusQuery = z.object({ bonus_type: z.coerce.number().pipe(bonusTypeNumber) });
export const claimBonusResult = z.object({ bonus_type: z.number().int(), power: z.number().int() });
const socialHandleBody = z.object({ twitter: z.string().trim().max(64) });
export const socialHandleResult = z.object({ twitter: z.string() });
export const followResult = z.object({ followed_at: epochSeconds, claim_at: epochSeconds });

/** What the airdrop screen shows at once: one call, one token check, the account read once. */
const airdropOverviewResult = z.object({ info: airdropInfoSchema, rounds: roundListResult, tasks: taskListResult });

// Wire names: "mint" is the airdrop, "collect" a claim, "twitter" the social handle.
export const airdropRoutes = {
  info: route({
    method: "GET",
    path: "/v1/mint/user_info/",
    summary: "Airdrop state, power and the next round",
    auth: true,
    response: airdropInfoSchema,
  }),
  rounds: route({
    method: "GET",
    path: "/v1/mint/list/",
    summary: "The user's airdrop rounds, newest first, paged by round number",
    auth: true,
    query: roundListQuery,
    response: roundListResult,
  }),
  start: route({ method: "POST", path: "/v1/mint/start/", summary: "Start the free airdrop", auth: true, response: startResult }),
  claim: route({ method: "POST", path: "/v1/mint/collect/", summary: "Claim every unclaimed round", auth: true, response: claimResult }),
  overview: route({
    method: "GET",
    path: "/v1/mint/overview/",
    summary: "The airdrop screen in one call: user_info, the first page of list, and task/list",
    auth: true,
    response: airdropOverviewResult,
  }),
  tasks: route({
    method: "GET",
    path: "/v1/mint/task/list/",
    summary: "Bonus tasks and the upgrade popup flag",
    auth: true,
    response: taskListResult,
  }),
  claimBonus: route({
    method: "POST",
    path: "/v1/mint/task/bonus/collect/",
    summary: "Claim a bonus task's power",
    auth: true,
    query: claimBonusQuery,
    response: claimBonusResult,
  }),
  bindSocial: route({
    method: "PUT",
    path: "/v1/mint/twitter/",
    summary: "Bind the social handle",
    auth: true,
    body: socialHandleBody,
    response: socialHandleResult,
  }),
  recordFollow: route({
    method: "POST",
    path: "/v1/mint/twitter/follow/",
    summary: "Record that the official account is followed",
    auth: true,
    response: followResult,
  }),
} as const;
