import type { Logger } from "pino";
import type { DomainContext } from "#api/src/domain/context.ts";
import { sendPushJob } from "#api/src/domain/push/notifications.ts";
import { sendRoundEmailJob } from "#api/src/domain/push/round-email.ts";
import { sendMailJob } from "#api/src/mail/outbox.ts";
import { runDueJobs, type JobHandler, type JobsResult } from "./queue.ts";
import { repeat, type Repeating } from "./repeat.ts";

/** Each kind of job and what runs it. */
const handlers: Record<string, JobHandler> = { mail: sendMailJob, push: sendPushJob, round_email: sendRoundEmailJob };

/** The kinds the queue's metrics always report, 0 when none is waiting. */
export const JOB_KINDS = Object.keys(handlers);

/** Runs every kind of job that is due, once. */
export function runJobs(ctx: DomainContext): Promise<JobsResult> {
  return runDueJobs(ctx, handlers);
}

/**
 * Runs the due jobs every OUTBOX_TICK_MS, after the requests that queued them have answered,
 * and pass after pass while passes come back full: a round's close queues a job for each user,
 * and they go out as fast as the push services take them, not JOBS_BATCH a tick. Several
 * instances may run it: each takes different jobs (SKIP LOCKED).
 */
export function startJobWorker(ctx: DomainContext, log: Logger): Repeating {
  let stopping = false;
  const worker = repeat({ what: "jobs", everyMs: ctx.config.OUTBOX_TICK_MS, log }, async () => {
    let result: JobsResult;
    do {
      result = await runJobs(ctx);
      if (result.taken > 0) log.info(result, "jobs run");
    } while (result.taken >= ctx.config.JOBS_BATCH && !stopping);
  });
  return {
    tick: worker.tick,
    stop() {
      stopping = true;
      return worker.stop();
    },
  };
}
