import { and, eq, isNull, sql } from "drizzle-orm";
import { bareCode } from "#contract/codes.ts";
import { ErrorCode } from "#contract/errors.ts";
import type { User } from "#contract/profile.ts";
import { rowsOf } from "#api/src/db/client.ts";
import { users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inGoodStanding, requireGoodStanding, shareStanding } from "#api/src/domain/accounts/standing.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { legacyName, personFields } from "#api/src/domain/profile/people.ts";
import { profile, toUser, type UserRow } from "#api/src/domain/profile/users.ts";
import { writeLines } from "#api/src/domain/ledger/lines.ts";
import { shareImageOf } from "#api/src/domain/campaign/share-path.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

/** The user's invite code and link, and what inviting pays (Team Power's shares, the invite reward). */
export async function inviteOf(ctx: DomainContext, userId: number) {
  const user = await profile(ctx, userId);
  return {
    invite_code: user.invite_code,
    invite_link: user.invite_link,
    level1_percent: rules(ctx).TEAM_L1_PERCENT,
    level2_percent: rules(ctx).TEAM_L2_PERCENT,
    invite_friends: rules(ctx).INVITE_FRIENDS,
    invite_power: rules(ctx).INVITE_POWER,
  };
}

/** What the register page shows for an invite code: what a teammate may see, and the link preview image. */
export async function inviterName(ctx: DomainContext, code: string) {
  const inviter = await inviterByCode(ctx, code);
  return { name: legacyName(inviter), ...personFields(inviter), share_image: await shareImageOf(ctx, inviter) };
}

// Invite codes are letters and digits; anything else (a NUL byte would fail in SQL) is simply wrong.
export const INVITE_CODE = /^[A-Z0-9]{1,32}$/;

/**
 * The account an invite code belongs to; a deleted or banned account's code is no one's: no one
 * joins an account that has ended.
 */
export async function inviterByCode(ctx: DomainContext, code: string): Promise<UserRow> {
  const wanted = bareCode("invite", code);
  if (!wanted || !INVITE_CODE.test(wanted)) throw new Failure(ErrorCode.invalidInviteCode);
  const [inviter] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.inviteCode, wanted), isNull(users.deletedAt), isNull(users.bannedAt)));
  if (!inviter) throw new Failure(ErrorCode.invalidInviteCode);
  return inviter;
}

/**
 * What an invite code is to a signed-in user: whose it is, and whether they may still bind it
 * (bindInviter's rules: no inviter yet, not their own, no loop).
 */
export async function inviteByCode(ctx: DomainContext, userId: number, code: string) {
  const inviter = await inviterByCode(ctx, code);
  const own = inviter.id === userId;
  const [me] = await ctx.db.select({ inviterId: users.inviterId }).from(users).where(eq(users.id, userId));
  const canBind = !own && me?.inviterId === null && !(await wouldLoop(ctx, inviter.id, userId));
  return { inviter, own, canBind };
}

/**
 * Inside the transaction that attaches someone to `inviterId` (found by its code before it):
 * holds the inviter's standing, so a deletion or ban that committed meanwhile is seen (the code
 * is then wrong) and one still to come sees the new member (a deletion moves it up).
 * Call it before locking any row.
 */
export async function holdInviter(tx: DomainContext, inviterId: number): Promise<void> {
  if (!inGoodStanding(await shareStanding(tx, inviterId))) throw new Failure(ErrorCode.invalidInviteCode);
}

/**
 * One change of the invite tree at a time, for the rest of the transaction: two concurrent
 * binds (A takes B's code, B takes A's) would each see no loop in their own snapshot and
 * together close one. Take it before locking any user row.
 */
export async function lockInviteTree(tx: DomainContext): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended('invite-tree', 0))`);
}

/** Whether making `inviterId` the inviter of `userId` would close a loop: `userId` is above them already. */
export async function wouldLoop(tx: DomainContext, inviterId: number, userId: number): Promise<boolean> {
  const loop = await tx.db.execute(sql`
    with recursive up(id, depth) as (
      select inviter_id, 1 from users where id = ${inviterId}
      union all
      select u.inviter_id, up.depth + 1 from users u join up on u.id = up.id where up.depth < 64
    )
    select id from up where id = ${userId} limit 1`);
  return rowsOf(loop).length > 0;
}

/**
 * Makes the owner of `code` this user's inviter (level 1). Refused when one is bound
 * already, for one's own code, and when it would close a loop in the invite tree.
 */
export async function bindInviter(ctx: DomainContext, userId: number, code: string): Promise<User> {
  const inviter = await inviterByCode(ctx, code);
  if (inviter.id === userId) throw new Failure(ErrorCode.invalidInviteCode);
  const row = await inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    await holdInviter(tx, inviter.id);
    await lockInviteTree(tx);
    if (await wouldLoop(tx, inviter.id, userId)) throw new Failure(ErrorCode.invalidInviteCode);
    const [updated] = await tx.db
      .update(users)
      .set({ inviterId: inviter.id })
      .where(and(eq(users.id, userId), isNull(users.inviterId)))
      .returning();
    if (!updated) throw new Failure(ErrorCode.inviteAlreadyBound);
    return updated;
  });
  return toUser(ctx, row);
}

/**
 * A deleted account's level-1 members move up to its own inviter, or have none when it had
 * none, so no one stays under an account that is gone; their own members stay with them. In the
 * deletion's transaction.
 */
export async function moveMembersUp(tx: DomainContext, userId: number): Promise<{ members: number[]; to: number | null }> {
  await lockInviteTree(tx);
  const [gone] = await tx.db.select({ inviterId: users.inviterId }).from(users).where(eq(users.id, userId));
  const moved = await tx.db.update(users).set({ inviterId: gone.inviterId }).where(eq(users.inviterId, userId)).returning({ id: users.id });
  // Each move is a line in the member's history and, when there is one, in their new inviter's:
  // the reason a team (and its Team Power) changed.
  const to = gone.inviterId;
  await writeLines(tx, [
    ...moved.map((m) => ({
      userId: m.id,
      kind: "team_move" as const,
      asset: "team" as const,
      amount: 0,
      ref: `team_move:${userId}`,
      details: { from: userId, to },
    })),
    ...(to === null
      ? []
      : moved.map((m) => ({
          userId: to,
          kind: "team_move" as const,
          asset: "team" as const,
          amount: 1,
          ref: `team_move:${userId}`,
          details: { member: m.id, from: userId },
        }))),
  ]);
  return { members: moved.map((m) => m.id), to };
}
