import { sql } from "drizzle-orm";
import type { CampaignTask } from "../../../../contract/campaign-states.ts";
import { CAMPAIGN_TASKS } from "../../../../contract/campaign-states.ts";
import { rowsOf } from "../../db/client.ts";
import type { DomainContext } from "../context.ts";
import type { UserRow } from "../profile/users.ts";

export interface CampaignTaskState {
  id: CampaignTask;
  done: boolean;
  required: boolean;
}

/**
 * The campaign's tasks (rules.md §7) and whether each is done, read from what the user did
 * elsewhere: the airdrop started, a social account bound and the official account followed, and
 * INVITE_FRIENDS invitees who started theirs. CAMPAIGN_REQUIRED_TASKS says which applying needs.
 */
export async function campaignTasks(ctx: DomainContext, user: UserRow): Promise<CampaignTaskState[]> {
  const [counts] = rowsOf<{ started: boolean; invited: number }>(
    await ctx.db.execute(sql`
      select exists(select 1 from minters where user_id = ${user.id}) as started,
             (select count(*)::int from users u join minters m on m.user_id = u.id where u.inviter_id = ${user.id}) as invited`),
  );
  const done: Record<CampaignTask, boolean> = {
    start_airdrop: counts.started,
    bind_social: !!user.socialHandle,
    follow_official: !!user.followedAt,
    invite_friends: counts.invited >= ctx.config.INVITE_FRIENDS,
  };
  const required = new Set(ctx.config.CAMPAIGN_REQUIRED_TASKS);
  return CAMPAIGN_TASKS.map((id) => ({ id, done: done[id], required: required.has(id) }));
}
