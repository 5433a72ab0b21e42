import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { GIFTS_PATH } from "#contract/web-paths.ts";
import { giftBoxes, giftPairs, users } from "#api/src/db/schema.ts";
import { utcDay } from "#api/src/lib/clock.ts";
import { randomCode } from "#lib/crypto.ts";
import { bareCode } from "#contract/codes.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { inGoodStanding, requireGoodStanding, shareStanding } from "#api/src/domain/accounts/standing.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { grantPower } from "#api/src/domain/power/grants.ts";
import { pushJob } from "#api/src/domain/push/notifications.ts";
import { pushWantedAmong } from "#api/src/domain/push/devices.ts";
import { legacyName, personFields, type PersonRow } from "#api/src/domain/profile/people.ts";
import { lockInviteTree, wouldLoop } from "#api/src/domain/team/invites.ts";
import { countOf, lockProgress, saveProgress } from "./progress.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

const DAY_MS = 86_400_000;
const GIFT_CODE = /^[A-Z0-9]{4,16}$/;

function nextDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
}

/**
 * Makes the user's gift boxes of every UTC day since last time, GIFT_BOXES_PER_DAY a day, up
 * to GIFT_BOXES_MAX unused (the rest of a day's are forfeited). The unused count only drops
 * when someone uses a box, and a use makes the owner's due boxes first, so lateness is exact.
 */
async function makeDueBoxes(tx: DomainContext, userId: number): Promise<void> {
  const progress = await lockProgress(tx, userId);
  const now = tx.clock.now();
  const today = utcDay(now);
  const first = progress.boxDay ? nextDay(progress.boxDay) : utcDay(progress.registeredAt);
  if (first > today) return;
  const [{ n: unused }] = await tx.db
    .select({ n: countOf })
    .from(giftBoxes)
    .where(and(eq(giftBoxes.ownerId, userId), isNull(giftBoxes.usedAt)));
  const rows = [];
  for (let day = first; day <= today && unused + rows.length < rules(tx).GIFT_BOXES_MAX; day = nextDay(day)) {
    const room = rules(tx).GIFT_BOXES_MAX - unused - rows.length;
    for (let i = 0; i < Math.min(rules(tx).GIFT_BOXES_PER_DAY, room); i++) {
      rows.push({ ownerId: userId, code: randomCode(8), day, createdAt: now });
    }
  }
  if (rows.length) await tx.db.insert(giftBoxes).values(rows);
  await saveProgress(tx, userId, { boxDay: today });
}

/** The user's unused gift boxes, newest first, and whether they have used someone's code. */
export async function giftList(ctx: DomainContext, userId: number) {
  await inTransaction(ctx, (tx) => makeDueBoxes(tx, userId));
  // Read once they are made, outside the transaction, whose one connection runs one query at a time.
  const [boxes, [used]] = await Promise.all([
    ctx.db
      .select()
      .from(giftBoxes)
      .where(and(eq(giftBoxes.ownerId, userId), isNull(giftBoxes.usedAt)))
      .orderBy(desc(giftBoxes.createdAt), desc(giftBoxes.id)),
    ctx.db
      .select({ n: countOf })
      .from(giftBoxes)
      .where(and(eq(giftBoxes.usedBy, userId), isNotNull(giftBoxes.usedAt))),
  ]);
  return {
    list: boxes.map((b) => ({ id: b.id, code: b.code, created_at: toEpochSeconds(b.createdAt) })),
    used_force_box: used.n > 0,
    max_boxes: rules(ctx).GIFT_BOXES_MAX,
    per_day: rules(ctx).GIFT_BOXES_PER_DAY,
    gift_power: rules(ctx).GIFT_POWER,
  };
}

/**
 * The gift's team rule: the recipient becomes the sender's level-1 member when they
 * have no inviter, or have no team and registered after the sender, and no loop results.
 */
async function joinSendersTeam(tx: DomainContext, senderId: number, recipientId: number): Promise<boolean> {
  await lockInviteTree(tx);
  const [recipient] = await tx.db
    .select({ inviterId: users.inviterId, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, recipientId));
  const [sender] = await tx.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, senderId));
  const [team] = await tx.db
    .select({ n: countOf })
    .from(users)
    .where(and(eq(users.inviterId, recipientId), isNull(users.deletedAt)));
  if (recipient.inviterId === senderId) return false;
  const eligible = recipient.inviterId === null || (team.n === 0 && recipient.createdAt > sender.createdAt);
  if (!eligible || (await wouldLoop(tx, senderId, recipientId))) return false;
  await tx.db.update(users).set({ inviterId: senderId }).where(eq(users.id, recipientId));
  return true;
}

/**
 * What a gift code opens for this user, or the error using it would answer: their own, its owner
 * gone, used, or a pair that has activated a box before. Asked without locks, so a code that
 * cannot be used is refused at once; useGift settles the race.
 */
export async function giftByCode(ctx: DomainContext, userId: number, code: string) {
  if (!GIFT_CODE.test(code)) return undefined;
  const [box] = await ctx.db
    .select({
      ownerId: giftBoxes.ownerId,
      usedAt: giftBoxes.usedAt,
      name: users.name,
      displayId: users.displayId,
      deletedAt: users.deletedAt,
      bannedAt: users.bannedAt,
    })
    .from(giftBoxes)
    .innerJoin(users, eq(users.id, giftBoxes.ownerId))
    .where(eq(giftBoxes.code, code));
  if (!box) return undefined;
  if (box.ownerId === userId) throw new Failure(ErrorCode.giftOwn);
  if (!inGoodStanding(box)) throw new Failure(ErrorCode.giftCodeWrong);
  if (box.usedAt) throw new Failure(ErrorCode.giftUsed);
  const [low, high] = [Math.min(userId, box.ownerId), Math.max(userId, box.ownerId)];
  const [pair] = await ctx.db
    .select({ boxId: giftPairs.boxId })
    .from(giftPairs)
    .where(and(eq(giftPairs.userLow, low), eq(giftPairs.userHigh, high)));
  if (pair) throw new Failure(ErrorCode.giftPairDone);
  return { code, owner: box, power: rules(ctx).GIFT_POWER };
}

/**
 * Uses another user's gift code: both gain GIFT_POWER, the box is used, and the pair may never
 * activate a box between them again (either way round). The code's owner, when a browser of
 * theirs is subscribed, is told who used it by a push queued in this transaction. The box row lock and the pair key
 * settle races: of two users with one code, or one pair with two codes, one wins. Both accounts'
 * standing is held from the start: a code whose owner is deleted or banned is no one's code
 * (an ended account gives nothing), and a deletion or ban either sees this use or is seen by it.
 */
export async function useGift(ctx: DomainContext, userId: number, rawCode: string) {
  const code = bareCode("gift", rawCode);
  if (code === "") throw new Failure(ErrorCode.giftCodeRequired);
  if (!code || !GIFT_CODE.test(code)) throw new Failure(ErrorCode.giftCodeWrong);
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    const [found] = await tx.db.select({ ownerId: giftBoxes.ownerId }).from(giftBoxes).where(eq(giftBoxes.code, code));
    if (!found) throw new Failure(ErrorCode.giftCodeWrong);
    if (found.ownerId === userId) throw new Failure(ErrorCode.giftOwn);
    if (!inGoodStanding(await shareStanding(tx, found.ownerId))) throw new Failure(ErrorCode.giftCodeWrong);
    await makeDueBoxes(tx, found.ownerId);
    const [box] = await tx.db.select().from(giftBoxes).where(eq(giftBoxes.code, code)).for("update");
    if (box.usedAt) throw new Failure(ErrorCode.giftUsed);
    const [low, high] = [Math.min(userId, box.ownerId), Math.max(userId, box.ownerId)];
    const [pair] = await tx.db.insert(giftPairs).values({ userLow: low, userHigh: high, boxId: box.id }).onConflictDoNothing().returning();
    if (!pair) throw new Failure(ErrorCode.giftPairDone);
    const now = tx.clock.now();
    await tx.db.update(giftBoxes).set({ usedBy: userId, usedAt: now }).where(eq(giftBoxes.id, box.id));
    const joined = await joinSendersTeam(tx, box.ownerId, userId);
    const power = rules(tx).GIFT_POWER;
    await grantPower(tx, box.ownerId, {
      reason: `gift:${box.id}:sender`,
      amount: power,
      kind: "gift",
      details: { box: box.id, side: "sender", with: userId },
    });
    await grantPower(tx, userId, {
      reason: `gift:${box.id}:recipient`,
      amount: power,
      kind: "gift",
      details: { box: box.id, side: "recipient", with: box.ownerId },
    });
    const names = await tx.db
      .select({ id: users.id, name: users.name, displayId: users.displayId })
      .from(users)
      .where(inArray(users.id, [box.ownerId, userId]));
    const person = (id: number): PersonRow => names.find((n) => n.id === id)!;
    if ((await pushWantedAmong(tx, [box.ownerId], "gift")).size) {
      const { nickname, alias } = personFields(person(userId));
      await enqueueJobs(tx, [
        pushJob(box.ownerId, {
          kind: "gift",
          url: GIFTS_PATH,
          tag: `gift-${box.id}`,
          box: box.id,
          from: nickname,
          fromAlias: alias,
          power,
        }),
      ]);
    }
    const sender = personFields(person(box.ownerId));
    return {
      sender_power: power,
      recipient_power: power,
      sender_name: legacyName(person(box.ownerId)),
      sender_nickname: sender.nickname,
      sender_alias: sender.alias,
      joined_team: joined,
    };
  });
}

/**
 * What deleting or banning an account does to its gift boxes, in that
 * transaction: the unused ones are void, marked used by no one, so no code of theirs works again
 * and they never count as unused. Under the tool progress lock, so none is being made meanwhile,
 * and today's count as made, so a list that was waiting for the lock makes none after.
 */
export async function voidUnusedBoxes(tx: DomainContext, userId: number): Promise<void> {
  await lockProgress(tx, userId);
  const now = tx.clock.now();
  await tx.db
    .update(giftBoxes)
    .set({ usedAt: now })
    .where(and(eq(giftBoxes.ownerId, userId), isNull(giftBoxes.usedAt)));
  await saveProgress(tx, userId, { boxDay: utcDay(now) });
}
