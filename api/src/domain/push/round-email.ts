import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { unsubscribePath } from "#contract/web-paths.ts";
import { keyedHash, sameHash } from "#lib/crypto.ts";
import { publicUrl } from "#api/src/config.ts";
import { notificationSettings, userRounds, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { Job, JobOutcome } from "#api/src/jobs/queue.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { roundMail } from "#api/src/mail/templates.ts";
import { plainAmount } from "./notifications.ts";
import { settingsRowOf } from "./settings.ts";

/** What the distribution queues for a user who asked for round e-mails (its SQL writes the same shape). */
interface RoundEmailPayload {
  userId: number;
  round: number;
  /** Units of VV waiting to be claimed at the close. */
  amount: string;
}

const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function signature(ctx: DomainContext, userId: number): string {
  return keyedHash(ctx.config.API_SECRET, `round-email-unsubscribe:${userId}`);
}

/**
 * The token of a user's unsubscribe link: their id, signed. It does not expire, as a link in an
 * old e-mail must still work, and it can do one thing only: stop these e-mails.
 */
function unsubscribeToken(ctx: DomainContext, userId: number): string {
  return `${userId}.${signature(ctx, userId)}`;
}

/** Turns the round e-mail off for the account a token names (RFC 8058's one-click POST, or the web page's button). */
export async function unsubscribeRoundEmail(ctx: DomainContext, token: string): Promise<void> {
  const match = TOKEN.exec(token);
  if (!match || !sameHash(match[2], signature(ctx, Number(match[1])))) throw new Failure(ErrorCode.unsubscribeLinkInvalid);
  await ctx.db
    .update(notificationSettings)
    .set({ roundEmail: false, updatedAt: ctx.clock.now() })
    .where(eq(notificationSettings.userId, Number(match[1])));
}

/**
 * The job worker's handler for "round_email": the e-mail in the user's language now, to their
 * address now. Dropped when they turned it off since, have claimed already, or are gone.
 */
export async function sendRoundEmailJob(ctx: DomainContext, job: Job): Promise<JobOutcome> {
  const { userId, amount } = job.payload as RoundEmailPayload;
  const [user] = await ctx.db
    .select({ email: users.email, uiLang: users.uiLang, deletedAt: users.deletedAt, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.email || user.deletedAt || user.bannedAt) return { kind: "done" };
  if (!(await settingsRowOf(ctx, userId))?.roundEmail) return { kind: "done" };
  const [waiting] = await ctx.db
    .select({ id: userRounds.userId })
    .from(userRounds)
    .where(and(eq(userRounds.userId, userId), isNull(userRounds.collectedAt)))
    .limit(1);
  if (!waiting) return { kind: "done" };
  await ctx.mailer.send(
    roundMail({
      to: user.email,
      amount: plainAmount(amount),
      claimUrl: publicUrl(ctx.config, "/airdrop"),
      unsubscribeUrl: publicUrl(ctx.config, unsubscribePath(unsubscribeToken(ctx, userId), user.uiLang)),
      unsubscribeAddress: ctx.config.MAIL_UNSUBSCRIBE_ADDRESS,
      language: user.uiLang,
    }),
  );
  return { kind: "done" };
}
