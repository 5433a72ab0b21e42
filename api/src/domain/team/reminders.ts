import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { publicUrl } from "#api/src/config.ts";
import { minters, remindedMembers, teamReminders, users } from "#api/src/db/schema.ts";
import { utcDay } from "#api/src/lib/clock.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { enqueueMail } from "#api/src/mail/outbox.ts";
import { nudgeMail, reminderMail } from "#api/src/mail/templates.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { pushWanted } from "#api/src/domain/push/devices.ts";
import { pushJob } from "#api/src/domain/push/notifications.ts";
import { personFields, writtenName } from "#api/src/domain/profile/people.ts";
import { levelCondition } from "./members.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

const DAY_MS = 86_400_000;

/** A reminder reaches the member by push: a device of theirs gets push and they have not turned reminders off. */
const pushable = (ctx: DomainContext) => sql<boolean>`${pushWanted(ctx.config, sql`${users.id}`, "remind")}`;

/**
 * Level-1 members a reminder is for, and whom it reaches (by push, or else by e-mail): those whose
 * airdrop is paused, and those who registered but never started it (no minter row), who get a nudge.
 */
function remindable(ctx: DomainContext, userId: number) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      uiLang: users.uiLang,
      pushable: pushable(ctx),
      notStarted: sql<boolean>`${minters.userId} is null`,
    })
    .from(users)
    .leftJoin(minters, eq(minters.userId, users.id))
    .where(
      and(
        levelCondition(userId, 1),
        or(isNotNull(minters.suspendedAt), isNull(minters.userId)),
        isNull(users.deletedAt),
        isNull(users.bannedAt),
        or(isNotNull(users.email), pushable(ctx)),
      ),
    );
}

/**
 * The sender's reminders today and their last one ever (the gap runs across midnight). One
 * query after the other: inside sendReminder's transaction they share one connection.
 */
async function usage(ctx: DomainContext, userId: number, day: string) {
  const [today] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamReminders)
    .where(and(eq(teamReminders.senderId, userId), eq(teamReminders.day, day)));
  const [last] = await ctx.db
    .select({ sentAt: teamReminders.sentAt })
    .from(teamReminders)
    .where(eq(teamReminders.senderId, userId))
    .orderBy(desc(teamReminders.day), desc(teamReminders.n))
    .limit(1);
  return { today: today.n, lastAt: last?.sentAt };
}

/** When the next reminder is allowed: after the gap, and tomorrow (UTC) once today's are used. */
function allowedAt(ctx: DomainContext, now: Date, used: { today: number; lastAt?: Date }): Date {
  const afterGap = used.lastAt ? used.lastAt.getTime() + rules(ctx).REMIND_GAP_SECONDS * 1000 : 0;
  const tomorrow = used.today >= rules(ctx).REMIND_PER_DAY ? Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS : 0;
  return new Date(Math.max(afterGap, tomorrow, now.getTime()));
}

/**
 * What the remind button needs (REMIND_PER_DAY reminders a UTC day, REMIND_GAP_SECONDS apart):
 * the wait, today's remaining reminders, how many are paused and how many never started.
 */
export async function reminderState(ctx: DomainContext, userId: number) {
  const now = ctx.clock.now();
  const [used, members] = await Promise.all([usage(ctx, userId, utcDay(now)), remindable(ctx, userId)]);
  const notStarted = members.filter((m) => m.notStarted).length;
  return {
    remaining_time: Math.ceil((allowedAt(ctx, now, used).getTime() - now.getTime()) / 1000),
    reminders_left_today: Math.max(0, rules(ctx).REMIND_PER_DAY - used.today),
    suspended_members: members.length - notStarted,
    not_started_members: notStarted,
    reminders_per_day: rules(ctx).REMIND_PER_DAY,
    gap_seconds: rules(ctx).REMIND_GAP_SECONDS,
  };
}

/**
 * Sends a reminder to every paused or never-started level-1 member who has had none today (from
 * anyone), in their language: a push to those push reaches who have not turned reminders off (a
 * browser subscribed, or the native app), an e-mail through the outbox to the others. The paused
 * are told to claim, the never-started invited to start. Refused without using the quota when
 * there is nobody to remind. The sender's row lock makes parallel reminders take turns, and the
 * key (sender, day, n) with n <= REMIND_PER_DAY holds the limit even if two got past it.
 */
export async function sendReminder(ctx: DomainContext, userId: number): Promise<{ reminded: number }> {
  return inTransaction(ctx, async (tx) => {
    const [sender] = await tx.db
      .select({ name: users.name, displayId: users.displayId })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const now = tx.clock.now();
    const day = utcDay(now);
    const members = await remindable(tx, userId);
    if (members.length === 0) throw new Failure(ErrorCode.remindNobody);
    const used = await usage(tx, userId, day);
    if (used.today >= rules(tx).REMIND_PER_DAY) throw new Failure(ErrorCode.remindDailyLimit);
    if (allowedAt(tx, now, used) > now) throw new Failure(ErrorCode.remindWait);
    const n = used.today + 1;
    await tx.db.insert(teamReminders).values({ senderId: userId, day, n, sentAt: now });
    const fresh = await tx.db
      .insert(remindedMembers)
      .values(members.map((m) => ({ memberId: m.id, day, senderId: userId })))
      .onConflictDoNothing()
      .returning({ memberId: remindedMembers.memberId });
    const from = personFields(sender);
    const due = new Set(fresh.map((f) => f.memberId));
    const reminded = members.filter((m) => due.has(m.id));
    const reminder = `${userId}-${day}-${n}`;
    const expiresAt = new Date(now.getTime() + tx.config.PUSH_REMIND_EXPIRY_SECONDS * 1000);
    await enqueueJobs(
      tx,
      reminded
        .filter((m) => m.pushable)
        .map((m) =>
          pushJob(
            m.id,
            {
              kind: "remind",
              url: "/airdrop",
              tag: "remind",
              reminder,
              from: from.nickname,
              fromAlias: from.alias,
              about: m.notStarted ? "not_started" : "paused",
            },
            { expiresAt },
          ),
        ),
    );
    const claimUrl = publicUrl(tx.config, "/airdrop");
    await enqueueMail(
      tx,
      reminded
        .filter((m) => !m.pushable)
        .map((m) =>
          (m.notStarted ? nudgeMail : reminderMail)({ to: m.email!, from: writtenName(m.uiLang, from), claimUrl, language: m.uiLang }),
        ),
    );
    return { reminded: reminded.length };
  });
}
