import { eq } from "drizzle-orm";
import { campaignApplications } from "../../db/schema.ts";
import type { DomainContext } from "../context.ts";

/** The web app's path of an approved applicant's share image: stable for as long as the invite code. */
export function shareImagePath(inviteCode: string): string {
  return `/campaign/share/${inviteCode}.png`;
}

/** The share image of a user's invite link preview, once their application is approved. */
export async function shareImageOf(ctx: DomainContext, user: { id: number; inviteCode: string }): Promise<string | null> {
  const [row] = await ctx.db.select({ status: campaignApplications.status }).from(campaignApplications).where(eq(campaignApplications.userId, user.id));
  return row?.status === "approved" ? shareImagePath(user.inviteCode) : null;
}
