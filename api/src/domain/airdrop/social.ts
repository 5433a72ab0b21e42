import { and, eq, isNull, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { users } from "#api/src/db/schema.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { HANDLE } from "#api/src/social/social.ts";
import { SocialUnavailable } from "#api/src/social/x-api.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

/** The official account users follow, always with its @. */
export function officialHandle(ctx: DomainContext): string {
  const handle = ctx.config.X_OFFICIAL_HANDLE;
  return handle.startsWith("@") ? handle : `@${handle}`;
}

/** When the follow reward opens: FOLLOW_WAIT_SECONDS after the follow was recorded. */
export function followClaimAt(ctx: DomainContext, user: { followedAt: Date | null }): Date | null {
  return user.followedAt ? new Date(user.followedAt.getTime() + rules(ctx).FOLLOW_WAIT_SECONDS * 1000) : null;
}

async function askSocial<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SocialUnavailable) throw Object.assign(new Failure(ErrorCode.internal), { cause: error });
    throw error;
  }
}

/** Binds the user's one social handle after the network confirms it exists and is theirs. */
export async function bindSocialHandle(ctx: DomainContext, userId: number, input: string): Promise<{ twitter: string }> {
  const handle = input.trim();
  if (!HANDLE.test(handle)) throw new Failure(ErrorCode.socialInvalid);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (user.socialHandle) {
    if (user.socialHandle.toLowerCase() === handle.toLowerCase()) return { twitter: user.socialHandle };
    throw new Failure(ErrorCode.socialAlreadyBound);
  }
  const verdict = await askSocial(() => ctx.social.checkHandle(handle.slice(1), user.inviteCode));
  if (verdict !== "ok") throw new Failure(ErrorCode.socialInvalid);
  let updated: { id: number }[];
  try {
    updated = await ctx.db
      .update(users)
      .set({ socialHandle: handle })
      .where(and(eq(users.id, userId), isNull(users.socialHandle)))
      .returning({ id: users.id });
  } catch (error) {
    if (uniqueViolation(error)) throw new Failure(ErrorCode.socialTaken);
    throw error;
  }
  if (updated.length === 0) {
    // A concurrent call bound a handle first: the same one is fine (idempotent), another is not.
    const [now] = await ctx.db.select({ handle: users.socialHandle }).from(users).where(eq(users.id, userId));
    if (now?.handle?.toLowerCase() === handle.toLowerCase()) return { twitter: now.handle };
    throw new Failure(ErrorCode.socialAlreadyBound);
  }
  return { twitter: handle };
}

/** Records the follow once the network confirms it; the reward opens FOLLOW_WAIT_SECONDS later. */
export async function recordFollow(ctx: DomainContext, userId: number): Promise<{ followed_at: number; claim_at: number }> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user.socialHandle) throw new Failure(ErrorCode.bindSocialFirst);
  let followedAt = user.followedAt;
  if (!followedAt) {
    const follows = await askSocial(() => ctx.social.followsOfficial(user.socialHandle!.slice(1)));
    if (!follows) throw new Failure(ErrorCode.followFirst);
    const [row] = await ctx.db
      .update(users)
      .set({ followedAt: sql`coalesce(${users.followedAt}, ${ctx.clock.now()})` })
      .where(eq(users.id, userId))
      .returning({ followedAt: users.followedAt });
    followedAt = row.followedAt!;
  }
  return { followed_at: toEpochSeconds(followedAt), claim_at: toEpochSeconds(followClaimAt(ctx, { followedAt })!) };
}
