import { z } from "zod";
import { userResult } from "./profile.ts";
import { route } from "./route.ts";

const bindInviteBody = z.object({ invite_code: z.string().trim().max(32) });
const inviteResult = z.object({ invite_code: z.string(), invite_link: z.string() });

export const teamRoutes = {
  bindInviter: route({ method: "POST", path: "/v1/user/invite_code/", summary: "Bind an inviter by invite code", auth: true, body: bindInviteBody, response: userResult }),
  invite: route({ method: "GET", path: "/v1/user/invite/", summary: "The user's invite code and link", auth: true, response: inviteResult }),
} as const;
