import { z } from "zod";
import { route } from "./route.ts";
import { moneyString, epochSeconds } from "./wire.ts";

const language = z.string().trim().max(16);

export const userSchema = z.object({
  id: z.number().int(),
  display_id: z.string(),
  name: z.string(),
  avatar: z.string(),
  avatar_new: z.string(),
  avatar_status: z.number().int(),
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

export const profileRoutes = {
  me: route({ method: "GET", path: "/v1/user/", summary: "The signed-in user's profile", auth: true, response: userSchema }),
  updatePut: route({ method: "PUT", path: "/v1/user/", summary: "Update profile fields", auth: true, body: updateUserBody, response: userResult }),
  updatePost: route({ method: "POST", path: "/v1/user/", summary: "Update profile fields", auth: true, body: updateUserBody, response: userResult }),
  airdropUser: route({ method: "GET", path: "/v1/mint/user/", summary: "The user's profile", auth: true, response: userSchema }),
  airdropUserWithPower: route({ method: "GET", path: "/v1/mint/user/mine/", summary: "The user with their power", auth: true, response: userWithPowerResult }),
} as const;
