import { z } from "zod";
import { route } from "./route.ts";
import { aliasField, emptyResult, moneyString, epochSeconds } from "./wire.ts";

const language = z.string().trim().max(16);

export const userSchema = z.object({
  id: z.number().int(),
  display_id: z.string(),
  name: z.string().describe("The user's nickname, or empty"),
  alias: aliasField("user"),
  avatar: z.string(),
  avatar_new: z.string(),
  avatar_status: z.number().int(),
  avatar_reject_reason: z.string().describe("Why the last avatar was turned down (a reason key of contract/moderation.ts), or empty"),
  user_status_icon: z.number().int().nullable(),
  btc: moneyString,
  vv: moneyString,
  email: z.string(),
  lang: z.string(),
  ui_lang: z.string(),
  invite_code: z.string(),
  invite_link: z.string(),
  twitter: z.string().describe("The bound social handle, or empty"),
  inviter_id: z.number().int().nullable(),
  register_at: epochSeconds,
});
export type User = z.infer<typeof userSchema>;

const updateUserBody = z.object({
  name: z.string().max(200).optional(),
  ui_lang: language.optional(),
  lang: language.optional(),
});
export const userResult = z.object({ user: userSchema });
export const userWithPowerResult = z.object({ user: userSchema.extend({ power: z.number().int() }) });

const statusIconSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('A short English key ("working"), translated by the client'),
  icon: z.string().describe("One emoji"),
});
export type StatusIcon = z.infer<typeof statusIconSchema>;
export const statusConfigResult = z.object({
  list: z.array(statusIconSchema).describe("The statuses a user may choose, in display order"),
});
const setStatusBody = z.object({
  // Within the column's integer range: a number beyond it is a malformed request, not a database fault.
  id: z.number().int().min(1).max(2_147_483_647).nullable().describe("An id from the status list, or null to clear the status"),
});

const deleteAccountBody = z.object({
  confirm: z.string().max(100).describe("The word DELETE, exactly (surrounding spaces are ignored)"),
});

export const profileRoutes = {
  me: route({ method: "GET", path: "/v1/user/", summary: "The signed-in user's profile", auth: true, response: userSchema }),
  updatePut: route({
    method: "PUT",
    path: "/v1/user/",
    summary: "Update profile fields",
    auth: true,
    body: updateUserBody,
    response: userResult,
  }),
  updatePost: route({
    method: "POST",
    path: "/v1/user/",
    summary: "Update profile fields",
    auth: true,
    body: updateUserBody,
    response: userResult,
  }),
  airdropUser: route({ method: "GET", path: "/v1/mint/user/", summary: "The user's profile", auth: true, response: userSchema }),
  airdropUserWithPower: route({
    method: "GET",
    path: "/v1/mint/user/mine/",
    summary: "The user with their power",
    auth: true,
    response: userWithPowerResult,
  }),
  statusConfig: route({
    method: "GET",
    path: "/v1/mint/user/status/config/",
    summary: "The statuses a user may choose",
    auth: true,
    response: statusConfigResult,
  }),
  setStatus: route({
    method: "POST",
    path: "/v1/mint/user/status/",
    summary: "Show a status from the list, or clear it",
    auth: true,
    body: setStatusBody,
    response: emptyResult,
  }),
  deleteAccount: route({
    method: "POST",
    path: "/v1/user/delete/",
    summary: "Delete the account: personal data erased, every login revoked, the e-mail free to register again",
    auth: true,
    body: deleteAccountBody,
    response: emptyResult,
  }),
} as const;
