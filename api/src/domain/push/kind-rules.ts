import { eq } from "drizzle-orm";
import { publicUrl } from "#api/src/config.ts";
import { minters, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { writtenName } from "#api/src/domain/profile/people.ts";
import { enqueueMail } from "#api/src/mail/outbox.ts";
import { nudgeMail, reminderMail } from "#api/src/mail/templates.ts";
import type { Notification } from "./notification.ts";

/**
 * Whether the notification is still true when its time to be sent comes: a reminder to a member
 * who has restarted their airdrop since, or a nudge to one who has started it, has lost its point.
 */
export async function stillTrue(ctx: DomainContext, userId: number, notification: Notification): Promise<boolean> {
  if (notification.kind !== "remind") return true;
  const [minter] = await ctx.db.select({ suspendedAt: minters.suspendedAt }).from(minters).where(eq(minters.userId, userId));
  return notification.about === "not_started" ? !minter : Boolean(minter?.suspendedAt);
}

/**
 * What happens when no browser of the user's took the notification (all gone, or refusing it):
 * a reminder goes by e-mail as it would have without a browser subscribed; the others were news
 * the app shows anyway.
 */
export async function whenUnreached(ctx: DomainContext, userId: number, notification: Notification): Promise<void> {
  if (notification.kind !== "remind") return;
  const [member] = await ctx.db.select({ email: users.email, uiLang: users.uiLang }).from(users).where(eq(users.id, userId));
  if (!member?.email) return;
  await enqueueMail(ctx, [
    (notification.about === "not_started" ? nudgeMail : reminderMail)({
      to: member.email,
      from: writtenName(member.uiLang, { nickname: notification.from, alias: notification.fromAlias }),
      claimUrl: publicUrl(ctx.config, "/airdrop"),
      language: member.uiLang,
    }),
  ]);
}
