import { z } from "zod";
import { userResult } from "./profile.ts";
import { route } from "./route.ts";

const bindInviteBody = z.object({ invite_code: z.string().trim().max(32) });
const inviteResult = z.object({
  invite_code: z.string(),
  invite_link: z.string(),
  level1_percent: z.number().int().describe("Share of minting level-1 members' own power in Team Power"),
  level2_percent: z.number().int().describe("Share of minting level-2 members' own power in Team Power"),
  invite_friends: z.number().int().describe("Level-1 invitees who must start their airdrop for the invite reward"),
  invite_power: z.number().int().describe("Soul Power the invite reward grants"),
});

export const teamRoutes = {
  bindInviter: route({ method: "POST", path: "/v1/user/invite_code/", summary: "Bind an inviter by invite code", auth: true, body: bindInviteBody, response: userResult }),
  invite: route({ method: "GET", path: "/v1/user/invite/", summary: "The user's invite code and link", auth: true, response: inviteResult }),
} as const;
