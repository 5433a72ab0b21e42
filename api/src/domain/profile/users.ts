import { eq } from "drizzle-orm";
import type { User } from "#contract/profile.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { aliasOf } from "#contract/people.ts";
import { users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { inviteLink } from "#api/src/domain/team/invite-link.ts";

export type UserRow = typeof users.$inferSelect;

/** A user as the wire shows them to themselves. */
export function toUser(ctx: DomainContext, row: UserRow): User {
  return {
    id: row.id,
    display_id: row.displayId,
    name: row.name,
    alias: aliasOf(row.displayId),
    avatar: row.avatar,
    avatar_new: row.avatarNew,
    avatar_status: row.avatarStatus,
    avatar_reject_reason: row.avatarRejectReason,
    user_status_icon: row.statusIcon,
    btc: unitsToDecimal(row.btc),
    vv: unitsToDecimal(row.vv),
    email: row.email ?? "",
    lang: row.lang,
    ui_lang: row.uiLang,
    invite_code: row.inviteCode,
    invite_link: inviteLink(ctx, row.inviteCode),
    twitter: row.socialHandle ?? "",
    inviter_id: row.inviterId,
    register_at: toEpochSeconds(row.createdAt),
  };
}

async function loadUser(ctx: DomainContext, userId: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function profile(ctx: DomainContext, userId: number): Promise<User> {
  return toUser(ctx, await loadUser(ctx, userId));
}
