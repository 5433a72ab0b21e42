import { z } from "zod";
import { route } from "./route.ts";
import { EXCHANGE_QUOTA, STONE_KINDS } from "./tool-kinds.ts";
import { aliasField, emptyResult, epochSeconds, nicknameField } from "./wire.ts";

const exchangeId = z.number().int().positive();
const stoneId = z.number().int().positive();

/** A participant as the others see them: never an e-mail. */
const forceMemberSchema = z.object({
  user_id: z.number().int(),
  user_display_id: z.string().describe("The display id with its middle masked"),
  name: z
    .string()
    .describe(
      "Kept as the released native apps read it: the nickname, or the masked display id when there is none. Newer clients show `user_name`, or else `alias`",
    ),
  user_name: nicknameField("participant"),
  alias: aliasField("participant"),
  power: z.number().int().describe("The stone's power"),
  buff_ratio: z.number().int().describe("The stone's bonus rate, percent"),
  success_power: z
    .number()
    .int()
    .describe("Power this participant gains: power + power x the sum of every participant's rate (so far, while forming)"),
  is_me: z.boolean(),
  is_leader: z.boolean(),
});
export type ForceMember = z.infer<typeof forceMemberSchema>;

const exchangeStatusSchema = z.enum(["wait", "completed", "cancelled"]);

export const exchangeInfoSchema = z.object({
  team_id: z.number().int(),
  code: z.string().describe("The exchange code others join with"),
  status: exchangeStatusSchema.describe("wait: forming; completed: everyone gained; cancelled by the leader"),
  member_count: z.number().int().describe("The participant quota, the leader included"),
  members: z.array(forceMemberSchema).describe("Joined participants, leader first; waiting slots are member_count - members.length"),
  is_leader: z.boolean(),
  created_at: epochSeconds,
  completed_at: epochSeconds.nullable(),
});
export type ExchangeInfo = z.infer<typeof exchangeInfoSchema>;

const forceStoneSchema = z.object({
  force_stone_id: z.number().int(),
  name: z.enum(STONE_KINDS),
  power: z.number().int(),
  buff_ratio: z.number().int().describe("Bonus rate, percent: 5, 10, 15 or 20"),
  status: z.enum(["init", "wait"]).describe("init: free to use; wait: in a forming exchange"),
  team_info: exchangeInfoSchema.nullable(),
});
export type ForceStone = z.infer<typeof forceStoneSchema>;

export const stoneListResult = z.object({
  list: z.array(forceStoneSchema).describe("The user's unused stones, at most 5, oldest first"),
  max_stones: z.number().int(),
  next_stone_at: epochSeconds.nullable().describe("When the next stone falls due (null: none ahead)"),
  open_team: exchangeInfoSchema.nullable().describe("The one forming exchange the user is in, if any"),
  server_time: epochSeconds,
});

const code = z.string().trim().max(32);
const createExchangeBody = z.object({
  force_stone_id: stoneId,
  member_count: z.number().int().min(EXCHANGE_QUOTA.min).max(EXCHANGE_QUOTA.max),
});
const joinExchangeBody = z.object({ code, force_stone_id: stoneId });
const startExchangeBody = z.object({ team_id: exchangeId });
const exchangeParams = z.object({ team_id: z.coerce.number().int().positive() });
const memberParams = exchangeParams.extend({ user_id: z.coerce.number().int().positive() });

const giftBoxSchema = z.object({
  id: z.number().int(),
  code: z.string().describe("The gift code to share (8 characters)"),
  created_at: epochSeconds,
});

export const giftListResult = z.object({
  list: z.array(giftBoxSchema).describe("The user's unused gift boxes, at most 10, newest first"),
  used_force_box: z.boolean().describe("Whether the user has used someone's gift code before"),
  max_boxes: z.number().int(),
  per_day: z.number().int(),
  gift_power: z.number().int().describe("Power each side gains when a code is used"),
});

const useGiftBody = z.object({ code });
export const useGiftResult = z.object({
  sender_power: z.number().int().describe("Power the box's owner gained"),
  recipient_power: z.number().int().describe("Power the user who entered the code gained"),
  sender_name: z
    .string()
    .describe(
      "Kept as the released native apps read it: the box owner's nickname, or their display id masked. Newer clients show `sender_nickname`, or else `sender_alias`",
    ),
  sender_nickname: nicknameField("box owner"),
  sender_alias: aliasField("box owner"),
  joined_team: z.boolean().describe("Whether the user became the sender's level-1 member"),
});

const codeLookupQuery = z.object({
  code: z
    .string()
    .max(64)
    .describe("A code as typed or pasted: with or without its prefix (INV-, SWAP-, GIFT-), any case, spaces and dashes ignored"),
});
const prefixedCode = z.string().describe("The code with its kind's prefix, as the web app shows it (SWAP-K7Q2M9XA)");
export const codeLookupResult = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("exchange"),
    code: prefixedCode,
    team_id: z.number().int(),
    quota: z.number().int().describe("The participant quota, the leader included"),
    joined: z.number().int().describe("Participants so far"),
    is_member: z.boolean().describe("Whether the user is in it already"),
    leader_nickname: nicknameField("leader who started it"),
    leader_alias: aliasField("leader who started it"),
  }),
  z.object({
    kind: z.literal("gift"),
    code: prefixedCode,
    owner_nickname: nicknameField("box owner"),
    owner_alias: aliasField("box owner"),
    power: z.number().int().describe("Power each side gains when it is opened"),
  }),
  z.object({
    kind: z.literal("invite"),
    code: prefixedCode,
    inviter_nickname: nicknameField("code's owner"),
    inviter_alias: aliasField("code's owner"),
    own: z.boolean().describe("Whether it is the user's own invite code"),
    can_bind: z.boolean().describe("Whether POST /v1/user/invite_code/ would make its owner the user's inviter now"),
  }),
]);
export type CodeLookup = z.infer<typeof codeLookupResult>;

export const toolsRoutes = {
  lookupCode: route({
    method: "GET",
    path: "/v1/mint/code/",
    summary:
      "What a typed code is (invite, exchange or gift) and what it opens; refused with that call's own error when it cannot be used (own, used, completed, full...)",
    auth: true,
    query: codeLookupQuery,
    response: codeLookupResult,
  }),
  stones: route({
    method: "GET",
    path: "/v1/mint/force_stone/",
    summary: "The user's magic stones, each with its exchange",
    auth: true,
    response: stoneListResult,
  }),
  createExchange: route({
    method: "POST",
    path: "/v1/mint/force_stone/team/",
    summary: "Start an exchange with a stone and a participant quota",
    auth: true,
    body: createExchangeBody,
    response: exchangeInfoSchema,
  }),
  joinExchange: route({
    method: "POST",
    path: "/v1/mint/force_stone/team/join/",
    summary: "Join an exchange by its code with a stone",
    auth: true,
    body: joinExchangeBody,
    response: exchangeInfoSchema,
  }),
  startExchange: route({
    method: "POST",
    path: "/v1/mint/force_stone/team/start/",
    summary: "Complete a full exchange (the leader; idempotent)",
    auth: true,
    body: startExchangeBody,
    response: exchangeInfoSchema,
  }),
  exchange: route({
    method: "GET",
    path: "/v1/mint/force_stone/team/{team_id}/",
    summary: "An exchange the user is or was in",
    auth: true,
    params: exchangeParams,
    response: exchangeInfoSchema,
  }),
  cancelExchange: route({
    method: "DELETE",
    path: "/v1/mint/force_stone/team/{team_id}/",
    summary: "Cancel a forming exchange (the leader); every stone returns",
    auth: true,
    params: exchangeParams,
    response: emptyResult,
  }),
  removeMember: route({
    method: "DELETE",
    path: "/v1/mint/force_stone/team/{team_id}/member/{user_id}/",
    summary: "Remove a participant (the leader) or leave (oneself); the stone returns",
    auth: true,
    params: memberParams,
    response: emptyResult,
  }),
  gifts: route({
    method: "GET",
    path: "/v1/mint/force_box/",
    summary: "The user's unused gift boxes",
    auth: true,
    response: giftListResult,
  }),
  useGift: route({
    method: "POST",
    path: "/v1/mint/force_box/use/",
    summary: "Use another user's gift code: both gain power",
    auth: true,
    body: useGiftBody,
    response: useGiftResult,
  }),
} as const;
