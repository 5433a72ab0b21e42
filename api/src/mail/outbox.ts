import { and, eq, isNull, sql } from "drizzle-orm";
import { mailOutbox } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { MailMessage } from "./mailer.ts";

/** Rows one pass takes; the rest wait for the next pass. */
const BATCH = 20;
/**
 * How long a taken row is left to its worker before another may take it again: longer than
 * the mailer's SMTP timeouts, so only a worker that died mid-send loses its rows.
 */
const LEASE_SECONDS = 300;

/** Queues mail for delivery after the transaction commits; with `ctx` from `inTransaction`, it is part of it. */
export async function enqueueMail(ctx: DomainContext, messages: MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db.insert(mailOutbox).values(
    messages.map((m) => ({
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/**
 * Sends the mail that is due. Rows are taken with FOR UPDATE SKIP LOCKED and leased in one
 * short statement, then sent outside any transaction (a slow SMTP server holds no lock and,
 * on PGlite, never blocks the API's queries). A failure is retried after
 * OUTBOX_RETRY_SECONDS x 2^(attempts-1), and given up after OUTBOX_MAX_ATTEMPTS.
 */
export async function deliverDue(ctx: DomainContext): Promise<DeliveryResult> {
  const now = ctx.clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const taken = await ctx.db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseEnd })
    .where(
      sql`${mailOutbox.id} in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        order by next_attempt_at, id limit ${BATCH}
        for update skip locked)`,
    )
    .returning();
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const row of taken) {
    // Only the worker holding the lease may settle the row: a late answer after the lease
    // ran out must not overwrite what the next worker decided.
    const leased = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), isNull(mailOutbox.sentAt));
    try {
      await ctx.mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      await ctx.db.update(mailOutbox).set({ sentAt: ctx.clock.now(), lastError: null }).where(leased);
      result.sent += 1;
    } catch (error) {
      const at = ctx.clock.now();
      const giveUp = row.attempts >= ctx.config.OUTBOX_MAX_ATTEMPTS;
      const retryAt = new Date(at.getTime() + ctx.config.OUTBOX_RETRY_SECONDS * 1000 * 2 ** (row.attempts - 1));
      await ctx.db
        .update(mailOutbox)
        .set({
          lastError: String((error as Error).message ?? error).slice(0, 500),
          ...(giveUp ? { failedAt: at } : { nextAttemptAt: retryAt }),
        })
        .where(leased);
      result.failed += 1;
    }
  }
  return result;
}
