import { z } from "zod";
import { airdropStatusSchema } from "./airdrop.ts";
import { userResult } from "./profile.ts";
import { route } from "./route.ts";
import { aliasField, epochSeconds, nicknameField } from "./wire.ts";

const bindInviteBody = z.object({ invite_code: z.string().trim().max(32) });
const inviteResult = z.object({
  invite_code: z.string(),
  invite_link: z.string(),
  level1_percent: z.number().int().describe("Share of minting level-1 members' own power in Team Power"),
  level2_percent: z.number().int().describe("Share of minting level-2 members' own power in Team Power"),
  invite_friends: z.number().int().describe("Level-1 invitees who must start their airdrop for the invite reward"),
  invite_power: z.number().int().describe("Soul Power the invite reward grants"),
});

/** Members per page of the team list: the list grows a page at a time, newest first. */
export const TEAM_PAGE_SIZE = 20;

const teamListQuery = z.object({
  level: z.enum(["1", "2"]).describe("1: people the user invited; 2: people they invited"),
  cursor: z.string().max(64).optional().describe("next_cursor of the previous page; absent for the first page (newest members first)"),
});

/** What a teammate may see of another user: never their e-mail. */
const teamMemberSchema = z.object({
  user_id: z.number().int(),
  register_at: epochSeconds,
  power: z.number().int().describe("The member's own Soul Power"),
  mint_status: airdropStatusSchema,
  invite_reward: z.boolean().describe("Whether the member counts toward the invite reward (a level-1 member who started)"),
  name: z
    .string()
    .describe(
      "Kept as the released native apps read it: the member's nickname, or their display id masked (1234****89) when they have none. Newer clients show `nickname`, or else `alias`",
    ),
  nickname: nicknameField("member"),
  alias: aliasField("member"),
  avatar: z.string().describe("The member's approved avatar URL, or empty"),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

const levelCounts = z.object({ total: z.number().int(), minting: z.number().int() });

export const teamListResult = z.object({
  list: z.array(teamMemberSchema),
  next_cursor: z.string().nullable().describe("Cursor of the next page; null on the last page"),
  counts: z.object({ level1: levelCounts, level2: levelCounts }),
  team_power: z.number().int().describe("Team Power as the airdrop counts it (user_info's team_power): level1_power + level2_power"),
  level1_power: z.number().int().describe("Team Power from minting level-1 members, rounded down"),
  level2_power: z.number().int().describe("The rest of Team Power: from minting level-2 members (team_power - level1_power)"),
});
export type TeamList = z.infer<typeof teamListResult>;

export const remindStateResult = z.object({
  remaining_time: z
    .number()
    .int()
    .describe(
      "Seconds until a reminder may be sent (the gap since the last one, or the next UTC day once today's are used); 0 when allowed now",
    ),
  reminders_left_today: z.number().int().describe("Reminders still allowed this UTC day"),
  suspended_members: z.number().int().describe("Level-1 members whose airdrop is paused"),
  not_started_members: z
    .number()
    .int()
    .describe("Level-1 members who registered but never started the airdrop (a reminder nudges them to start)"),
  reminders_per_day: z.number().int().describe("Reminders allowed per UTC day"),
  gap_seconds: z.number().int().describe("Least time between two reminders"),
});
const remindResult = z.object({
  reminded: z
    .number()
    .int()
    .describe("Paused and never-started members who will receive a reminder by push or e-mail (each gets at most one a day, from anyone)"),
});

const inviterQuery = z.object({ invite_code: z.string().trim().max(32) });
const inviterResult = z.object({
  name: z
    .string()
    .describe(
      "Kept as the released native apps read it: the inviter's nickname, or their display id masked (1234****89). Newer clients show `nickname`, or else `alias`",
    ),
  nickname: nicknameField("inviter"),
  alias: aliasField("inviter"),
  share_image: z
    .string()
    .nullable()
    .describe("The inviter's campaign share image (web app path) once their application is approved: the invite link's preview image"),
});

export const teamRoutes = {
  inviter: route({
    method: "GET",
    path: "/v1/user/inviter/",
    summary: "Who an invite code belongs to, as a teammate would see them",
    auth: false,
    query: inviterQuery,
    response: inviterResult,
  }),
  bindInviter: route({
    method: "POST",
    path: "/v1/user/invite_code/",
    summary: "Bind an inviter by invite code",
    auth: true,
    body: bindInviteBody,
    response: userResult,
  }),
  invite: route({
    method: "GET",
    path: "/v1/user/invite/",
    summary: "The user's invite code and link",
    auth: true,
    response: inviteResult,
  }),
  members: route({
    method: "GET",
    path: "/v1/mint/team/",
    summary: "The user's level-1 or level-2 team, newest first, 20 a page",
    auth: true,
    query: teamListQuery,
    response: teamListResult,
  }),
  remindState: route({
    method: "GET",
    path: "/v1/mint/team/suspend_remind/",
    summary: "When the next reminder to paused teammates may be sent",
    auth: true,
    response: remindStateResult,
  }),
  remind: route({
    method: "POST",
    path: "/v1/mint/team/suspend_remind/",
    summary: "E-mail a reminder to every paused level-1 member",
    auth: true,
    response: remindResult,
  }),
} as const;
