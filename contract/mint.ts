import { z } from "zod";
import { moneyString, userSchema } from "./user.ts";

export const mintStatusSchema = z.enum(["not_open", "wait", "minting", "suspend"]);
export type MintStatus = z.infer<typeof mintStatusSchema>;

const epochSeconds = z.number().int().describe("Epoch seconds");

export const mintInfoSchema = z.object({
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
  mint_status: mintStatusSchema,
  un_collect_round: z.number().int(),
  un_collect_amount: moneyString,
  suspend_threshold: z.number().int().describe("Unclaimed rounds at which the airdrop pauses"),
  next_round_number: z.number().int(),
  next_round_timestamp: epochSeconds.describe("When the round in progress closes"),
  next_round_token: moneyString.describe("What the user gets when that round closes, at current power"),
  round_token: moneyString.describe("One round's VV at current power"),
  server_time: epochSeconds,
});
export type MintInfo = z.infer<typeof mintInfoSchema>;

export const mintRoundSchema = z.object({
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
export type MintRound = z.infer<typeof mintRoundSchema>;
export const mintListResult = z.object({ list: z.array(mintRoundSchema) });

export const bonusTypeSchema = z.coerce.number().int().min(1).max(4);
export const bonusTaskSchema = z.object({
  user_id: z.number().int(),
  bonus_type: z.number().int(),
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
});

export const collectResult = z.object({ amount: moneyString, rounds: z.number().int(), resumed: z.boolean() });
export const startResult = z.object({ mint_status: mintStatusSchema, power_granted: z.number().int() });
export const bonusCollectQuery = z.object({ bonus_type: bonusTypeSchema });
export const bonusCollectResult = z.object({ bonus_type: z.number().int(), power: z.number().int() });
export const twitterBody = z.object({ twitter: z.string().trim().max(64) });
export const twitterResult = z.object({ twitter: z.string() });
export const followResult = z.object({ followed_at: epochSeconds, claim_at: epochSeconds });
export const mintMineResult = z.object({ user: userSchema.extend({ power: z.number().int() }) });
