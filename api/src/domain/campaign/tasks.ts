import { eq } from "drizzle-orm";
import type { CampaignTask } from "#contract/campaign-states.ts";
import { CAMPAIGN_TASKS } from "#contract/campaign-states.ts";
import { minters } from "#api/src/db/schema.ts";
import { startedInvitees } from "#api/src/domain/airdrop/facts.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { UserRow } from "#api/src/domain/profile/users.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

export interface CampaignTaskState {
  id: CampaignTask;
  done: boolean;
  required: boolean;
}

/**
 * The campaign's tasks and whether each is done, read from what the user did
 * elsewhere: the airdrop started, a social account bound and the official account followed, and
 * INVITE_FRIENDS invitees who started theirs. CAMPAIGN_REQUIRED_TASKS says which applying needs.
 */
export async function campaignTasks(ctx: DomainContext, user: UserRow): Promise<CampaignTaskState[]> {
  const [minter, invited] = await Promise.all([
    ctx.db.select({ userId: minters.userId }).from(minters).where(eq(minters.userId, user.id)),
    startedInvitees(ctx, user.id),
  ]);
  const done: Record<CampaignTask, boolean> = {
    start_airdrop: minter.length > 0,
    bind_social: !!user.socialHandle,
    follow_official: !!user.followedAt,
    invite_friends: invited >= rules(ctx).INVITE_FRIENDS,
  };
  const required = new Set(ctx.config.CAMPAIGN_REQUIRED_TASKS);
  return CAMPAIGN_TASKS.map((id) => ({ id, done: done[id], required: required.has(id) }));
}
