import { and, eq, isNull, sql } from "drizzle-orm";
import { jobs } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * How long a taken job is left to its worker before another may take it again: longer than
 * the mailer's SMTP timeouts and a push send's, so only a worker that died mid-job loses it.
 */
const LEASE_SECONDS = 300;

export interface JobInput {
  kind: string;
  payload: unknown;
  /** A second job with the same key is not queued. */
  dedupeKey?: string;
  /** Not before; now when unset. */
  runAt?: Date;
  /** Dropped unsent when a worker takes it after this. */
  expiresAt?: Date;
}

/** Queues jobs to run after the transaction commits; with `ctx` from `inTransaction`, they are part of it. */
export async function enqueueJobs(ctx: DomainContext, input: JobInput[]): Promise<void> {
  if (input.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db
    .insert(jobs)
    .values(
      input.map((j) => ({
        kind: j.kind,
        payload: j.payload,
        dedupeKey: j.dedupeKey ?? null,
        runAt: j.runAt ?? now,
        expiresAt: j.expiresAt ?? null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** What a handler made of its job. A thrown error is a `retry` with its message. */
export type JobOutcome =
  | { kind: "done" }
  /**
   * Try again after the usual back-off, or later when the other side asked for more; with
   * `payload`, the next attempt runs on it (what this one got done, so it is not done twice).
   */
  | { kind: "retry"; error: string; notBefore?: Date; payload?: unknown }
  /** Not yet, through no failure: run at `until`, the attempt not counted. */
  | { kind: "hold"; until: Date }
  /** Cannot succeed: given up at once. */
  | { kind: "fail"; error: string };

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  dedupeKey: string | null;
  attempts: number;
  expiresAt: Date | null;
}

export type JobHandler = (ctx: DomainContext, job: Job) => Promise<JobOutcome | void>;

export interface JobsResult {
  /** Jobs this pass took: as many as JOBS_BATCH means more may be waiting. */
  taken: number;
  done: number;
  failed: number;
  /** Past their expiry: dropped unsent. */
  expired: number;
  held: number;
}

/**
 * Runs the due jobs of the handled kinds. Up to JOBS_BATCH jobs are taken with FOR UPDATE SKIP
 * LOCKED and leased in one short statement, then run at once, outside any transaction (a slow
 * SMTP server or push service holds no lock and, on PGlite, never blocks the API's queries), so
 * one slow push service holds up the batch by its own timeout, not by the sum of them. A failure
 * is retried after OUTBOX_RETRY_SECONDS x 2^(attempts-1), and given up after OUTBOX_MAX_ATTEMPTS.
 */
export async function runDueJobs(ctx: DomainContext, handlers: Record<string, JobHandler>): Promise<JobsResult> {
  const now = ctx.clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const kinds = Object.keys(handlers);
  const taken = await ctx.db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAt: leaseEnd })
    .where(
      sql`${jobs.id} in (
        select id from ${jobs}
        where done_at is null and failed_at is null and run_at <= ${now}
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by run_at, id limit ${ctx.config.JOBS_BATCH}
        for update skip locked)`,
    )
    .returning();
  const settled = await Promise.all(taken.map((row) => runJob(ctx, handlers, row, now)));
  const result: JobsResult = { taken: taken.length, done: 0, failed: 0, expired: 0, held: 0 };
  for (const kind of settled) result[kind] += 1;
  return result;
}

/** Runs one leased job and records what became of it. */
async function runJob(
  ctx: DomainContext,
  handlers: Record<string, JobHandler>,
  row: Job,
  now: Date,
): Promise<"done" | "failed" | "expired" | "held"> {
  // Only the worker holding the lease may settle the job: a late answer after the lease
  // ran out must not overwrite what the next worker decided.
  const leased = and(eq(jobs.id, row.id), eq(jobs.attempts, row.attempts), isNull(jobs.doneAt), isNull(jobs.failedAt));
  if (row.expiresAt && row.expiresAt <= now) {
    await ctx.db.update(jobs).set({ failedAt: now, lastError: "expired" }).where(leased);
    return "expired";
  }
  let outcome: JobOutcome;
  try {
    outcome = (await handlers[row.kind](ctx, row)) ?? { kind: "done" };
  } catch (error) {
    outcome = { kind: "retry", error: String((error as Error).message ?? error) };
  }
  const at = ctx.clock.now();
  if (outcome.kind === "done") {
    await ctx.db.update(jobs).set({ doneAt: at, lastError: null }).where(leased);
    return "done";
  }
  if (outcome.kind === "hold") {
    await ctx.db
      .update(jobs)
      .set({ runAt: outcome.until, attempts: row.attempts - 1 })
      .where(leased);
    return "held";
  }
  const giveUp = outcome.kind === "fail" || row.attempts >= ctx.config.OUTBOX_MAX_ATTEMPTS;
  const backOff = new Date(at.getTime() + ctx.config.OUTBOX_RETRY_SECONDS * 1000 * 2 ** (row.attempts - 1));
  const retryAt = outcome.kind === "retry" && outcome.notBefore && outcome.notBefore > backOff ? outcome.notBefore : backOff;
  await ctx.db
    .update(jobs)
    .set({
      lastError: outcome.error.slice(0, 500),
      ...(giveUp ? { failedAt: at } : { runAt: retryAt }),
      ...(outcome.kind === "retry" && outcome.payload !== undefined ? { payload: outcome.payload } : {}),
    })
    .where(leased);
  return "failed";
}
