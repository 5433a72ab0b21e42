import { and, eq, isNull, sql } from "drizzle-orm";
import { ErrorCode } from "../../../contract/errors.ts";
import type { BonusTask } from "../../../contract/mint.ts";
import { minters, users } from "../db/schema.ts";
import { SocialUnavailable } from "../social/x-api.ts";
import { HANDLE } from "../social/social.ts";
import type { DomainContext } from "./context.ts";
import { uniqueViolation } from "./db-errors.ts";
import { Failure } from "./failure.ts";
import { grantPower, grantedReasons } from "./grants.ts";

export const BonusType = { bind: 1, follow: 2, invite: 3, upgrade: 4 } as const;

/** The client that is asking: the native apps report their platform and version code. */
export interface AppClient {
  os?: string;
  vcode?: string;
}

// English for API clients; the web app shows its own translation by bonus_type.
const TEXT: Record<number, [string, string]> = {
  1: ["Bind your X account", "Link your social account to your VV profile."],
  2: ["Follow the official account", "Follow us on X, then claim 5 minutes later."],
  3: ["Invite 3 friends", "Three friends you invited start their airdrop."],
  4: ["Upgrade the app", "Install the latest version of the app."],
};

/** The power grant each task pays, once per user; the upgrade is once per app version. */
function reasonOf(ctx: DomainContext, type: number): string {
  return type === BonusType.upgrade ? `upgrade:${ctx.config.APP_LATEST_VCODE}` : ["", "bind", "follow", "invite"][type];
}

/** When the follow reward opens: FOLLOW_WAIT_SECONDS after the follow was recorded. */
export function followClaimAt(user: { followedAt: Date | null }, config: { FOLLOW_WAIT_SECONDS: number }): Date | null {
  return user.followedAt ? new Date(user.followedAt.getTime() + config.FOLLOW_WAIT_SECONDS * 1000) : null;
}

function onLatestApp(ctx: DomainContext, app: AppClient): boolean {
  return (app.os === "android" || app.os === "ios") && Number(app.vcode) >= ctx.config.APP_LATEST_VCODE;
}

async function startedInvitees(ctx: DomainContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(minters, eq(minters.userId, users.id))
    .where(eq(users.inviterId, userId));
  return row.n;
}

/** Every bonus task with whether it can be claimed now, and the upgrade popup flag. */
export async function listTasks(ctx: DomainContext, userId: number, app: AppClient) {
  const now = ctx.clock.now();
  const [[user], granted, invited] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, userId)),
    grantedReasons(ctx.db, userId),
    startedInvitees(ctx, userId),
  ]);
  const followAt = followClaimAt(user, ctx.config);
  const tasks: { type: number; power: number; ready: boolean; availableAt: Date | null }[] = [
    { type: BonusType.bind, power: ctx.config.BIND_POWER, ready: !!user.socialHandle, availableAt: null },
    { type: BonusType.follow, power: ctx.config.FOLLOW_POWER, ready: !!followAt && followAt <= now, availableAt: followAt },
    { type: BonusType.invite, power: ctx.config.INVITE_POWER, ready: invited >= ctx.config.INVITE_FRIENDS, availableAt: null },
    { type: BonusType.upgrade, power: ctx.config.UPGRADE_POWER, ready: onLatestApp(ctx, app), availableAt: null },
  ];
  const list: BonusTask[] = tasks.map((t) => ({
    user_id: userId,
    bonus_type: t.type,
    title: TEXT[t.type][0],
    description: TEXT[t.type][1],
    can_collect: t.ready && !granted.has(reasonOf(ctx, t.type)),
    collected: granted.has(reasonOf(ctx, t.type)),
    power: t.power,
    available_at: t.availableAt ? Math.floor(t.availableAt.getTime() / 1000) : null,
  }));
  const upgrade = list.find((t) => t.bonus_type === BonusType.upgrade)!;
  return { list, gp_pop: upgrade.can_collect, power_amount: String(ctx.config.UPGRADE_POWER) };
}

/** Claims one bonus task's power, once; each refusal says what is missing. */
export async function collectBonus(ctx: DomainContext, userId: number, type: number, app: AppClient) {
  const { list } = await listTasks(ctx, userId, app);
  const task = list.find((t) => t.bonus_type === type)!;
  if (task.collected) throw new Failure(ErrorCode.bonusCollected);
  if (!task.can_collect) {
    if (type === BonusType.bind) throw new Failure(ErrorCode.bindSocialFirst);
    if (type === BonusType.follow) throw new Failure(task.available_at ? ErrorCode.followWait : ErrorCode.followFirst);
    if (type === BonusType.invite) throw new Failure(ErrorCode.inviteNotEnough);
    throw new Failure(ErrorCode.bonusUnavailable);
  }
  const granted = await ctx.db.transaction((tx) =>
    grantPower(tx, { userId, reason: reasonOf(ctx, type), amount: task.power, at: ctx.clock.now() }),
  );
  if (!granted) throw new Failure(ErrorCode.bonusCollected);
  return { bonus_type: type, power: task.power };
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
export async function bindHandle(ctx: DomainContext, userId: number, input: string): Promise<{ twitter: string }> {
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
    followedAt = ctx.clock.now();
    const [row] = await ctx.db
      .update(users)
      .set({ followedAt: sql`coalesce(${users.followedAt}, ${followedAt})` })
      .where(eq(users.id, userId))
      .returning({ followedAt: users.followedAt });
    followedAt = row.followedAt!;
  }
  const at = Math.floor(followedAt.getTime() / 1000);
  return { followed_at: at, claim_at: at + ctx.config.FOLLOW_WAIT_SECONDS };
}
