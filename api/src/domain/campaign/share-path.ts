import { eq } from "drizzle-orm";
import { campaignSharePath } from "#contract/web-paths.ts";
import { campaignApplications } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/** The share image of a user's invite link preview, once their application is approved. */
export async function shareImageOf(ctx: DomainContext, user: { id: number; inviteCode: string }): Promise<string | null> {
  const [row] = await ctx.db
    .select({ status: campaignApplications.status })
    .from(campaignApplications)
    .where(eq(campaignApplications.userId, user.id));
  return row?.status === "approved" ? campaignSharePath(user.inviteCode) : null;
}
