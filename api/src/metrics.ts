import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { rowsOf, type Database } from "#api/src/db/client.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { lastClosedRound, roundClosesAt, scheduleOf } from "#api/src/domain/airdrop/schedule.ts";
import { JOB_KINDS } from "#api/src/jobs/worker.ts";
import { Failure } from "#api/src/lib/failure.ts";

/**
 * The API's own series (docs/decisions/059). The counters are counted where the thing happens,
 * in memory; the gauges of the database (queue, rounds, pools) are read when Prometheus scrapes,
 * never on a request.
 */

const codesSent = new Counter({
  name: "vv_codes_sent_total",
  help: "One-time codes mailed, by purpose (register, login, change_email)",
  labelNames: ["purpose"] as const,
});

const codesRefused = new Counter({
  name: "vv_codes_refused_total",
  help: "Requests for a one-time code refused, by purpose and error code (too soon, too many, device limits, mail failed...)",
  labelNames: ["purpose", "code"] as const,
});

const claims = new Counter({
  name: "vv_claims_total",
  help: "Claims of the airdrop's rounds: paid (rounds were claimed), empty (nothing to claim) or refused",
  labelNames: ["outcome"] as const,
});

const roundsDistributed = new Counter({
  name: "vv_rounds_distributed_total",
  help: "Airdrop rounds this instance distributed",
});

const roundSeconds = new Histogram({
  name: "vv_round_distribution_seconds",
  help: "How long the distribution of one round took (its one transaction)",
  buckets: [0.05, 0.25, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
});

const roundParticipants = new Gauge({
  name: "vv_round_participants",
  help: "Users paid in the last round this instance distributed",
});

/** The code of a refusal: a Failure's own, anything else an internal error. */
const codeOf = (error: unknown) => (error instanceof Failure ? String(error.code) : "internal");

/** Counts a code request by how it ended, and passes its answer or its refusal on. */
export async function countCode<T>(purpose: string, sending: Promise<T>): Promise<T> {
  try {
    const sent = await sending;
    codesSent.inc({ purpose });
    return sent;
  } catch (error) {
    codesRefused.inc({ purpose, code: codeOf(error) });
    throw error;
  }
}

/** Counts a claim by how it ended, and passes its answer or its refusal on. */
export async function countClaim<T extends { rounds: number }>(claiming: Promise<T>): Promise<T> {
  try {
    const claimed = await claiming;
    claims.inc({ outcome: claimed.rounds > 0 ? "paid" : "empty" });
    return claimed;
  } catch (error) {
    claims.inc({ outcome: "refused" });
    throw error;
  }
}

/** A round this instance distributed, and how long it took. */
export function countRound(participants: number, seconds: number): void {
  roundsDistributed.inc();
  roundSeconds.observe(seconds);
  roundParticipants.set(participants);
}

interface QueueRow {
  kind: string;
  pending: number;
  due: number;
  oldest_due: number | null;
}

/**
 * A running instance's gauges, in a registry of its own (tests build many apps in one process,
 * each on its own database): read from the database when scraped, in one statement each.
 *
 * - The jobs queue by kind (jobs_due_idx covers them): waiting, due now, and the age of the
 *   oldest due job, which grows when the worker falls behind or stops.
 * - How late the round distribution is: 0 while every closed round is distributed; else the
 *   seconds since the first undistributed round closed (rounds before the first minter are
 *   skipped, as catchUp skips them). The scheduler ticks every few seconds, so a few seconds is
 *   normal; minutes mean no instance is distributing.
 * - The database's connections (Database.use), read from memory.
 */
export function instanceMetrics(ctx: DomainContext, database: Database): Registry {
  const registers = [new Registry()];
  // Each gauge collects when scraped, all at once: the first asks, the others share its answer.
  let reading: Promise<Map<string, QueueRow>> | undefined;
  // Due as the job worker sees it: by the API's clock.
  const queue = (now = ctx.clock.now()) =>
    (reading ??= ctx.db
      .execute(
        sql`select kind, count(*)::int as pending, (count(*) filter (where run_at <= ${now}))::int as due,
              extract(epoch from ${now}::timestamptz - min(run_at) filter (where run_at <= ${now}))::float8 as oldest_due
            from jobs where done_at is null and failed_at is null group by kind`,
      )
      .then((result) => new Map(rowsOf<QueueRow>(result).map((r) => [r.kind, r])))
      .finally(() => {
        reading = undefined;
      }));
  const queueGauge = (name: string, help: string, read: (row: QueueRow | undefined) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["kind"] as const,
      registers,
      async collect() {
        const byKind = await queue();
        for (const kind of new Set([...JOB_KINDS, ...byKind.keys()])) this.set({ kind }, read(byKind.get(kind)));
      },
    });
  queueGauge("vv_jobs_pending", "Jobs neither done nor given up, by kind", (row) => Number(row?.pending ?? 0));
  queueGauge("vv_jobs_due", "Jobs due now and not yet taken, by kind", (row) => Number(row?.due ?? 0));
  queueGauge("vv_jobs_oldest_due_age_seconds", "Seconds since the oldest due job fell due, by kind (0 when none is due)", (row) =>
    Math.max(0, Number(row?.oldest_due ?? 0)),
  );
  new Gauge({
    name: "vv_round_distribution_lag_seconds",
    help: "Seconds since the first closed round not yet distributed closed (0 when all are)",
    registers,
    async collect() {
      const now = ctx.clock.now();
      const target = lastClosedRound(scheduleOf(ctx), now);
      const [done] = rowsOf<{ round: number | null }>(await ctx.db.execute(sql`select max(round_number) as round from rounds`));
      if (done.round !== null && Number(done.round) >= target) return void this.set(0);
      const [first] = rowsOf<{ round: number | null }>(await ctx.db.execute(sql`select min(mint_from_round) as round from minters`));
      const from = first.round === null ? target + 1 : Math.max(Number(done.round ?? 0) + 1, Number(first.round));
      this.set(from > target ? 0 : (now.getTime() - roundClosesAt(scheduleOf(ctx), from).getTime()) / 1000);
    },
  });
  new Gauge({
    name: "vv_db_pool_connections",
    help: "Database connections by pool (requests, jobs; pglite: its one session) and state (busy, idle)",
    labelNames: ["pool", "state"] as const,
    registers,
    collect() {
      for (const use of database.use()) {
        this.set({ pool: use.pool, state: "busy" }, use.busy);
        this.set({ pool: use.pool, state: "idle" }, use.idle);
      }
    },
  });
  new Gauge({
    name: "vv_db_pool_waiting",
    help: "Queries waiting for a database connection (PGlite: for their turn), by pool",
    labelNames: ["pool"] as const,
    registers,
    collect() {
      for (const use of database.use()) this.set({ pool: use.pool }, use.waiting);
    },
  });
  return registers[0];
}
