import type { DomainContext } from "#api/src/domain/context.ts";
import { enqueueJobs, runDueJobs, type Job } from "#api/src/jobs/queue.ts";
import type { MailMessage } from "./mailer.ts";

/** Queues mail for delivery after the transaction commits; with `ctx` from `inTransaction`, it is part of it. */
export async function enqueueMail(ctx: DomainContext, messages: MailMessage[]): Promise<void> {
  await enqueueJobs(
    ctx,
    messages.map((m) => ({ kind: "mail", payload: { to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers } })),
  );
}

/** The job worker's handler for "mail": one message, through the mailer; a thrown error is retried. */
export async function sendMailJob(ctx: DomainContext, job: Job): Promise<void> {
  await ctx.mailer.send(job.payload as MailMessage);
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/** Sends the mail that is due, and no other kind of job. */
export async function deliverDue(ctx: DomainContext): Promise<DeliveryResult> {
  const { done, failed } = await runDueJobs(ctx, { mail: sendMailJob });
  return { sent: done, failed };
}
