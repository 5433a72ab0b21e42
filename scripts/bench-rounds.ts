// Round-distribution benchmark (one statement per round close, api/src/domain/airdrop/distribution.ts). Not a test.
//
// For each size N: a fresh PostgreSQL database, migrated by openDatabase, N users and N
// minters bulk-loaded with set-based SQL, then distributeRound timed for a few consecutive
// rounds with the default config's threshold and rates, plus one idempotent re-run.
//
//   npx tsx scripts/bench-rounds.ts [--sizes 10000,100000,1000000] [--rounds 3] [--explain] [--no-jit] [--subscribed 0]
//
// BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/test); each
// size gets a database `vv_bench_<random>` there, dropped at the end even on failure.
// --explain adds EXPLAIN (ANALYZE, BUFFERS) of the distribution statement at the largest size:
// the exact statement distributeRound sends, run for the next round in a rolled-back transaction.
// --no-jit runs with `jit = off` set on the bench databases, to compare with the server default.
// --subscribed P gives P% of the users a browser subscribed to push, so each round also queues
// their notifications (the statement's `notified` step); compare with the default 0.
// Each payment's ledger line is counted, and the median close is held to a budget per million
// users (BUDGET_MS_PER_MILLION): over it, the command exits 1.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { apiConfigSchema, type ApiConfig } from "#api/src/config.ts";
import { openDatabase, rowsOf, type Db } from "#api/src/db/client.ts";
import { distributeRound } from "#api/src/domain/airdrop/distribution.ts";
import { roundClosesAt, uniformSchedule, type Schedule } from "#api/src/domain/airdrop/schedule.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { ratesOf } from "#api/src/domain/power/team-power.ts";
import { wellFormedHandleAdapter } from "#api/src/social/social.ts";

/**
 * A round's close, its ledger lines included, must take at most this long per million users
 * (the median of the timed rounds; never less than BUDGET_FLOOR_MS, for the fixed costs of a
 * small table). Rounds last hours; a minute per million leaves room for the claims that crowd in.
 */
const BUDGET_MS_PER_MILLION = 60_000;
const BUDGET_FLOOR_MS = 2_000;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The first timed round; rounds before it are history (already distributed). */
const FIRST_ROUND = 10;

interface Options {
  sizes: number[];
  rounds: number;
  explain: boolean;
  jit: boolean;
  subscribedPercent: number;
}

interface SizeResult {
  users: number;
  loadMs: number;
  roundMs: number[];
  inserted: number;
  preSuspended: number;
  newlySuspended: number;
  noopMs: number;
  /** Push jobs the timed rounds queued. */
  queued: number;
  explain?: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { sizes: [10_000, 100_000, 1_000_000], rounds: 3, explain: false, jit: true, subscribedPercent: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? "";
    if (flag === "--sizes") {
      options.sizes = value()
        .split(",")
        .map((s) => Number(s.trim().replace(/_/g, "")));
      if (options.sizes.length === 0 || options.sizes.some((n) => !Number.isInteger(n) || n < 10)) {
        throw new Error("--sizes wants a comma-separated list of integers >= 10");
      }
    } else if (flag === "--rounds") {
      options.rounds = Number(value());
      if (!Number.isInteger(options.rounds) || options.rounds < 1) throw new Error("--rounds wants an integer >= 1");
    } else if (flag === "--explain") {
      options.explain = true;
    } else if (flag === "--no-jit") {
      options.jit = false;
    } else if (flag === "--subscribed") {
      options.subscribedPercent = Number(value());
      if (!(options.subscribedPercent >= 0 && options.subscribedPercent <= 100)) throw new Error("--subscribed wants a percentage, 0-100");
    } else if (flag === "--help" || flag === "-h") {
      console.log(
        "usage: npx tsx scripts/bench-rounds.ts [--sizes 10000,100000,1000000] [--rounds 3] [--explain] [--no-jit] [--subscribed 0]",
      );
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${arg}`);
    }
  }
  return options;
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//");
const ms = (from: number) => performance.now() - from;

/** Databases created and not yet dropped, so a failure or Ctrl-C still drops them. */
const pendingDrops = new Set<string>();

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  pendingDrops.delete(name);
}

/** The bulk load: users with a two-level invite tree, minters, history rounds and unclaimed rows. */
async function load(db: Db, n: number, subscribedPercent: number): Promise<void> {
  const r0 = FIRST_ROUND;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    // ~70% of users were invited by a uniformly chosen earlier user: early users get the
    // biggest teams, and most teams have a second level.
    await tx.execute(sql`
      insert into users (id, display_id, email, invite_code, inviter_id, power, created_at)
      select i, 'u' || i, 'u' || i || '@bench.local', 'c' || i,
        case when i > 1 and random() < 0.7 then 1 + floor(random() * (i - 1))::bigint end,
        100 + floor(random() * 301)::int,
        timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${n}::bigint) as i`);
    await tx.execute(sql`select setval('users_id_seq', ${n}::bigint)`);
    // Everyone started the airdrop; ~5% only start with a later round (still "wait"),
    // ~10% are suspended.
    await tx.execute(sql`
      insert into minters (user_id, mint_from_round, suspended_at, started_at)
      select i, case when random() < 0.05 then ${r0} + 1 + floor(random() * 2)::int else 1 + floor(random() * ${r0})::int end,
        case when random() < 0.10 then timestamptz '2026-01-01' + ${r0 - 1} * interval '8 hours' end,
        timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${n}::bigint) as i`);
    await tx.execute(sql`
      insert into rounds (round_number, closes_at, distributed, distributed_at)
      select r, timestamptz '2026-01-01' + r * interval '8 hours', true, timestamptz '2026-01-01' + r * interval '8 hours'
      from generate_series(1, ${r0 - 1}) as r`);
    // Unclaimed rounds: 0-2 for active minters, the threshold (3) for suspended ones.
    await tx.execute(sql`
      insert into user_rounds (user_id, round_number, power, amount, airdrop_at)
      select m.user_id, g.r, u.power, u.power::bigint * 1000000, timestamptz '2026-01-01' + g.r * interval '8 hours'
      from (
        select user_id, case when suspended_at is not null then 3 else floor(random() * 3)::int end as k
        from minters
      ) m
      join users u on u.id = m.user_id
      cross join lateral generate_series(${r0} - m.k, ${r0 - 1}) as g(r)`);
    // Nothing is sent here: only which users have a browser matters to the statement.
    await tx.execute(sql`
      insert into web_push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      select id, 'https://push.example/' || id, 'p256dh', 'auth', timestamptz '2026-01-02'
      from users where random() * 100 < ${subscribedPercent}`);
  });
  // VACUUM as well as ANALYZE, so the first timed round does not also pay for setting hint bits
  // on a million freshly loaded rows (long-lived tables are vacuumed by autovacuum).
  await db.execute(sql`vacuum (analyze) users, minters, user_rounds, rounds, web_push_subscriptions, jobs`);
}

/**
 * Between rounds (untimed), what users do: about half of the minting users with unclaimed
 * rounds collect them, and a tenth of the suspended ones collect and rejoin from the next
 * round, as POST /v1/mint/collect/ would. Without it every round pays fewer users.
 */
async function claims(db: Db, round: number, schedule: Schedule): Promise<void> {
  const at = new Date(roundClosesAt(schedule, round).getTime() + 3_600_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table claimers on commit drop as
      select user_id, suspended_at is not null as rejoin from minters
      where case when suspended_at is null then random() < 0.5 else random() < 0.1 end`);
    await tx.execute(sql`
      with paid as (
        update user_rounds ur set collected_at = ${at}
        from claimers c where c.user_id = ur.user_id and ur.collected_at is null
        returning ur.user_id, ur.amount
      )
      update users u set vv = u.vv + p.total
      from (select user_id, sum(amount)::bigint as total from paid group by user_id) p
      where p.user_id = u.id`);
    await tx.execute(sql`
      update minters m set last_collect_at = ${at},
        suspended_at = case when c.rejoin then null else m.suspended_at end,
        mint_from_round = case when c.rejoin then ${round + 2} else m.mint_from_round end
      from claimers c where c.user_id = m.user_id`);
  });
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement distributeRound really sends, for `round`: a
 * stand-in Db hands distributeRound a transaction whose execute prefixes that statement with
 * EXPLAIN, keeps the plan and throws, so the transaction rolls back and nothing is paid.
 */
async function explainDistribution(ctx: DomainContext, round: number): Promise<string> {
  const db = ctx.db;
  const dialect = new PgDialect();
  let plan: string | undefined;
  const stop = new Error("explained");
  const standIn = {
    transaction: (fn: (tx: Db) => Promise<unknown>) =>
      db.transaction((tx) =>
        fn(
          new Proxy(tx, {
            get(target, prop, receiver) {
              if (prop !== "execute") return Reflect.get(target, prop, receiver);
              return async (query: SQL) => {
                if (!dialect.sqlToQuery(query).sql.includes("insert into user_rounds")) return target.execute(query);
                const result = await target.execute(sql`explain (analyze, buffers, verbose off) ${query}`);
                plan = rowsOf<{ "QUERY PLAN": string }>(result)
                  .map((r) => r["QUERY PLAN"])
                  .join("\n");
                throw stop;
              };
            },
          }) as unknown as Db,
        ),
      ),
  } as unknown as Db;
  try {
    await distributeRound({ ...ctx, db: standIn }, round);
  } catch (error) {
    if (error !== stop) throw error;
  }
  if (plan === undefined) throw new Error("the distribution statement was not seen (lock not taken?)");
  return plan;
}

/** The API's context at one second past the close of `round`, as the scheduler would run it. */
function contextAt(db: Db, config: ApiConfig, round: number): DomainContext {
  const at = new Date(roundClosesAt(uniformSchedule(config), round).getTime() + 1000);
  const unused = () => Promise.reject(new Error("not used by distribution"));
  return {
    db,
    config,
    ruleBook: environmentRuleBook(config),
    clock: { now: () => at },
    mailer: { target: "none", send: unused },
    social: wellFormedHandleAdapter,
  };
}

async function benchSize(n: number, options: Options, config: ApiConfig, explain: boolean) {
  const schedule = uniformSchedule(config);
  const name = `vv_bench_${randomBytes(5).toString("hex")}`;
  await admin((c) => c.query(`create database "${name}"`));
  pendingDrops.add(name);
  if (!options.jit) await admin((c) => c.query(`alter database "${name}" set jit = off`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({ url: url.toString() });
    const { db } = database;
    const t0 = performance.now();
    await load(db, n, options.subscribedPercent);
    const loadMs = ms(t0);
    const count = async (query: SQL) => Number(rowsOf<{ c: string | number }>(await db.execute(query))[0].c);
    const preSuspended = await count(sql`select count(*) as c from minters where suspended_at is not null`);
    process.stderr.write(`  ${n} users: loaded in ${(loadMs / 1000).toFixed(1)} s (${preSuspended} suspended)\n`);

    const result: SizeResult = { users: n, loadMs, roundMs: [], inserted: 0, preSuspended, newlySuspended: 0, noopMs: 0, queued: 0 };
    const last = FIRST_ROUND + options.rounds - 1;
    for (let round = FIRST_ROUND; round <= last; round++) {
      const expected = await count(sql`select count(*) as c from minters where suspended_at is null and mint_from_round <= ${round}`);
      const t = performance.now();
      const out = await distributeRound(contextAt(db, config, round), round);
      const took = ms(t);
      if (!out?.fresh) throw new Error(`round ${round} was not distributed (${out ? "already done" : "lock busy"})`);
      if (out.participants + out.suspended !== expected) {
        throw new Error(`round ${round}: ${out.participants} paid + ${out.suspended} suspended, expected ${expected} active minters`);
      }
      result.roundMs.push(took);
      if (round < last) await claims(db, round, schedule);
      result.inserted += out.participants;
      result.newlySuspended += out.suspended;
      process.stderr.write(`    round ${round}: ${took.toFixed(0)} ms, ${out.participants} rows, ${out.suspended} suspended\n`);
    }
    const t = performance.now();
    const again = await distributeRound(contextAt(db, config, last), last);
    result.noopMs = ms(t);
    if (again?.fresh !== false) throw new Error(`re-running round ${last} was not a no-op`);
    result.queued = await count(sql`select count(*) as c from jobs where kind = 'push'`);
    const paidTwice = await count(
      sql`select count(*) as c from (select 1 from user_rounds group by user_id, round_number having count(*) > 1) d`,
    );
    if (paidTwice !== 0) throw new Error(`${paidTwice} (user, round) pairs paid twice`);
    // Every payment has its ledger line, written by the same statement (docs/decisions/050).
    const lines = await count(
      sql`select count(*) as c from ledger where kind = 'round' and (details->>'round')::int between ${FIRST_ROUND} and ${last}`,
    );
    if (lines !== result.inserted) throw new Error(`${result.inserted} payments but ${lines} ledger lines`);

    if (explain) result.explain = await explainDistribution(contextAt(db, config, last + 1), last + 1);
    return result;
  } finally {
    await database?.close().catch(() => undefined);
    await dropDatabase(name);
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function table(results: SizeResult[]): string {
  const head = ["users", "rounds", "1st ms", "median ms", "min ms", "max ms", "rows/s", "suspended", "no-op ms", "pushes", "growth"];
  const rows = results.map((r, i) => {
    const prev = results[i - 1];
    const growth = prev ? `x${(median(r.roundMs) / median(prev.roundMs)).toFixed(1)} (users x${(r.users / prev.users).toFixed(0)})` : "-";
    const seconds = r.roundMs.reduce((a, b) => a + b, 0) / 1000;
    return [
      r.users.toLocaleString("en-US"),
      String(r.roundMs.length),
      r.roundMs[0].toFixed(0),
      median(r.roundMs).toFixed(0),
      Math.min(...r.roundMs).toFixed(0),
      Math.max(...r.roundMs).toFixed(0),
      Math.round(r.inserted / seconds).toLocaleString("en-US"),
      `${r.preSuspended.toLocaleString("en-US")} + ${r.newlySuspended.toLocaleString("en-US")}`,
      r.noopMs.toFixed(1),
      r.queued.toLocaleString("en-US"),
      growth,
    ];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 || c === 10 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function note(results: SizeResult[], jit: boolean): string {
  const fmt = (n: number) => n.toLocaleString("en-US");
  const perUser = results.map((r) => `${fmt(r.users)}: ${((median(r.roundMs) * 1000) / r.users).toFixed(1)} µs`);
  const ratios = results.slice(1).map((r, i) => median(r.roundMs) / median(results[i].roundMs) / (r.users / results[i].users));
  const worst = ratios.length ? Math.max(...ratios) : 1;
  const verdict =
    ratios.length === 0
      ? "Only one size was run, so nothing can be said about growth."
      : worst <= 1.5
        ? `From one size to the next the time grows at most x${worst.toFixed(2)} as fast as the users, so it looks linear` +
          (Math.min(...ratios) < 0.7 ? " once a fixed per-call cost stops dominating the small sizes." : ".")
        : `From one size to the next the time grows up to x${worst.toFixed(2)} as fast as the users: worse than linear; --explain shows which step grows.`;
  const noops = results.map((r) => r.noopMs);
  const noop =
    Math.max(...noops) < 50
      ? `The no-op re-run stops at the round-row gate and stays at ${Math.min(...noops).toFixed(0)}-${Math.max(...noops).toFixed(0)} ms.`
      : `The no-op re-run pays nothing but still costs ${Math.min(...noops).toFixed(0)}-${Math.max(...noops).toFixed(0)} ms: ` +
        "the gate stops the work, yet the whole statement is planned" +
        (jit
          ? " and, with PostgreSQL's default jit = on, JIT-compiled (its row estimates are inflated, see --explain; compare --no-jit)."
          : ".");
  return (
    "What grows with users: each round the statement reads every minter and user once (hash joins for the " +
    "active set, the level-1 and level-2 team sums and the unclaimed counts), writes one user_rounds row per " +
    "paying minter (heap plus three index entries, one of them the unique (user, round) key checked by ON " +
    "CONFLICT) and its ledger line (heap plus two index entries), and updates the minters it suspends; all of it " +
    "is proportional to the number of minters, with " +
    `B-tree inserts adding a log factor. Median time per user: ${perUser.join(", ")}. ${verdict} ${noop} ` +
    "'suspended' is preloaded (~10%) + suspended by the timed rounds; between rounds (untimed) half of the " +
    "minting users claim and a tenth of the suspended ones claim and rejoin. '1st' is the first round after " +
    "the load and VACUUM ANALYZE, not a cold cache."
  );
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  try {
    await admin((c) => c.query("select 1"));
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${redact(ADMIN_URL)} (set BENCH_DATABASE_URL): ${(error as Error).message}`);
    return 1;
  }
  const config = { ...apiConfigSchema.parse({}), API_SECRET: "bench" };
  const rates = ratesOf(config);
  const threshold = config.SUSPEND_THRESHOLD;
  console.log(
    `Round distribution on ${redact(ADMIN_URL)}: threshold ${threshold}, ${config.VV_PER_POWER_PER_ROUND} VV per power, ` +
      `team ${rates.l1Percent}% / ${rates.l2Percent}%, ${options.rounds} rounds per size` +
      (options.jit ? "" : ", jit off") +
      `, ${options.subscribedPercent}% of users subscribed to push`,
  );
  const results: SizeResult[] = [];
  const largest = Math.max(...options.sizes);
  for (const n of options.sizes) {
    results.push(await benchSize(n, options, config, options.explain && n === largest));
  }
  console.log();
  console.log(table(results));
  console.log();
  console.log(note(results, options.jit));
  console.log();
  let over = 0;
  for (const r of results) {
    const budget = Math.max(BUDGET_FLOOR_MS, (BUDGET_MS_PER_MILLION * r.users) / 1_000_000);
    const within = median(r.roundMs) <= budget;
    if (!within) over++;
    console.log(
      `budget: ${r.users.toLocaleString("en-US")} users, a round's close with its ledger lines in ${median(r.roundMs).toFixed(0)} ms ` +
        `of ${budget.toFixed(0)} ms: ${within ? "OK" : "OVER"}`,
    );
  }
  const explained = results.find((r) => r.explain);
  if (explained?.explain) {
    console.log();
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of the distribution statement, ${explained.users.toLocaleString("en-US")} users:`);
    console.log(explained.explain);
  }
  return over ? 1 : 0;
}

let interrupted = false;
process.on("SIGINT", () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  // Dropping WITH (FORCE) ends the bench's own connections mid-query: expected now, not news.
  process.on("uncaughtException", () => undefined);
  console.error("\ninterrupted: dropping the bench database(s)");
  Promise.allSettled([...pendingDrops].map(dropDatabase)).finally(() => process.exit(130));
});

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`bench-rounds failed: ${(error as Error).stack ?? error}`);
    await Promise.allSettled([...pendingDrops].map(dropDatabase));
    process.exit(1);
  },
);
