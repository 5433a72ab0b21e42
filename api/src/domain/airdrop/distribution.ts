import { sql } from "drizzle-orm";
import { rowsOf } from "#api/src/db/client.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { ratesOf } from "#api/src/domain/power/team-power.ts";
import { reachableByPush } from "#api/src/domain/push/devices.ts";
import { roundRules, roundRuleVersion } from "#api/src/domain/rules/in-force.ts";
import { lastClosedRound, roundClosesAt, scheduleOf } from "./schedule.ts";

export interface DistributionResult {
  round: number;
  /** False when the round had already been distributed (by this or another instance). */
  fresh: boolean;
  participants: number;
  suspended: number;
  total: bigint;
}

// Any constant of our own: the key of the advisory lock that makes one instance distribute.
const DISTRIBUTION_LOCK = 72_716_001;

/**
 * Distributes one closed round in one set-based statement. Inserting the round row is the
 * gate: a second run finds it and pays nothing, even if two instances race. Everyone minting
 * through the whole round, neither deleted nor banned, gets a row, unless they already hold the threshold of unclaimed
 * rounds, in which case they are suspended instead. Effective power repeats teamPower() of
 * power/team-power.ts in SQL (own + (l1 x L1% + l2 x L2%) / 100, integer division).
 */
export async function distributeRound(ctx: DomainContext, round: number): Promise<DistributionResult | undefined> {
  const closesAt = roundClosesAt(scheduleOf(ctx), round);
  const threshold = roundRules(ctx, round).SUSPEND_THRESHOLD;
  const rates = ratesOf(roundRules(ctx, round));
  const now = ctx.clock.now();
  const nextClose = roundClosesAt(scheduleOf(ctx), round + 1);
  const spread = ctx.config.PUSH_SPREAD_SECONDS;
  const version = roundRuleVersion(ctx, round);
  const result = await inTransaction(ctx, async ({ db: tx }) => {
    const locked = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${DISTRIBUTION_LOCK}) as ok`));
    if (!locked[0]?.ok) return undefined;
    // The planner's estimates for the CTE chain are far too high and trigger JIT compilation,
    // which cost ~340 ms on every call (even a no-op) in the benchmark; the work itself is plain joins.
    await tx.execute(sql`set local jit = off`);
    const result = await tx.execute(sql`
      with gate as (
        insert into rounds (round_number, closes_at, distributed, distributed_at)
        values (${round}, ${closesAt}, true, ${now})
        on conflict do nothing
        returning round_number
      ),
      active as (
        select m.user_id, u.power::bigint as power, u.inviter_id
        from minters m join users u on u.id = m.user_id
        where m.suspended_at is null and m.mint_from_round <= ${round}
          -- A deleted or banned account is paused by its deletion or ban; checked here too,
          -- so no way round that (a start racing a ban, an account banned before it paused them)
          -- ever pays it or counts it in anyone's Team Power.
          and u.deleted_at is null and u.banned_at is null
          and exists (select 1 from gate)
      ),
      unclaimed as (
        select ur.user_id, count(*) as c, sum(ur.amount) as owed
        from user_rounds ur join active a on a.user_id = ur.user_id
        where ur.collected_at is null
        group by ur.user_id
      ),
      l1 as (
        select inviter_id as user_id, sum(power) as p from active where inviter_id is not null group by inviter_id
      ),
      l2 as (
        select parent.inviter_id as user_id, sum(a.power) as p
        from active a join users parent on parent.id = a.inviter_id
        where parent.inviter_id is not null
        group by parent.inviter_id
      ),
      scored as (
        select a.user_id, a.power, coalesce(l1.p, 0)::bigint as p1, coalesce(l2.p, 0)::bigint as p2, coalesce(un.c, 0) as unc,
          coalesce(un.owed, 0)::bigint as owed
        from active a
        left join l1 on l1.user_id = a.user_id
        left join l2 on l2.user_id = a.user_id
        left join unclaimed un on un.user_id = a.user_id
      ),
      suspended as (
        update minters m set suspended_at = ${closesAt}
        from scored s
        where s.user_id = m.user_id and s.unc >= ${threshold}
        returning m.user_id
      ),
      paid as (
        insert into user_rounds (user_id, round_number, power, amount, airdrop_at)
        select user_id, ${round},
          power + (p1 * ${rates.l1Percent} + p2 * ${rates.l2Percent}) / 100,
          (power + (p1 * ${rates.l1Percent} + p2 * ${rates.l2Percent}) / 100) * ${rates.unitsPerPower},
          ${closesAt}
        from scored
        where unc < ${threshold}
        -- Inserting in key order keeps index writes sequential: 2x faster at 1M users in the benchmark.
        order by user_id
        on conflict do nothing
        returning user_id, amount
      ),
      -- Each payment's ledger line, with what explains it: own power, the level-1 and level-2
      -- parts of Team Power (as teamPower() splits them), and the VV units a power point earns.
      ledgered as (
        insert into ledger (user_id, at, kind, asset, amount, rule_version, ref, details)
        select p.user_id, ${closesAt}, 'round', 'unclaimed', p.amount, ${version}::int, 'round:' || ${round}::int,
          jsonb_build_object(
            'round', ${round}::int,
            'own', s.power,
            'team_l1', s.p1 * ${rates.l1Percent} / 100,
            'team_l2', (s.p1 * ${rates.l1Percent} + s.p2 * ${rates.l2Percent}) / 100 - s.p1 * ${rates.l1Percent} / 100,
            'rate', ${rates.unitsPerPower}::bigint)
        from paid p join scored s on s.user_id = p.user_id
        order by p.user_id
      ),
      -- Push notifications (domain/push/notifications.ts: the payload is a Notification, the key
      -- pushJob's) for everyone paid whom push reaches (devices.ts): what they can claim now,
      -- and, when the unclaimed rounds reach the threshold, that the next close pauses them. Each
      -- is due at a random moment within PUSH_SPREAD_SECONDS, so the crowd does not arrive at once,
      -- and both are out of date at the next close.
      notified as (
        insert into jobs (kind, payload, dedupe_key, run_at, expires_at, created_at)
        select 'push',
          jsonb_build_object('userId', p.user_id, 'notification', n.notification),
          'push:' || p.user_id || ':' || n.kind || ':' || ${round}::int,
          ${now}::timestamptz + random() * ${spread}::int * interval '1 second',
          ${nextClose}::timestamptz,
          ${now}::timestamptz
        from paid p
        join scored s on s.user_id = p.user_id
        cross join lateral (values
          ('round', jsonb_build_object('kind', 'round', 'url', '/airdrop', 'tag', 'round', 'round', ${round}::int,
             'amount', (s.owed + p.amount)::text), s.owed + p.amount > 0),
          ('pause', jsonb_build_object('kind', 'pause', 'url', '/airdrop', 'tag', 'pause', 'round', ${round}::int),
             s.unc + 1 >= ${threshold})
        ) as n(kind, notification, wanted)
        where n.wanted and ${reachableByPush(ctx.config, sql`p.user_id`)}
          -- A kind the user turned off is not queued at all (sendPushJob checks again at send time).
          and not exists (select 1 from notification_settings ns where ns.user_id = p.user_id and n.kind = any(ns.muted_kinds))
        on conflict do nothing
      ),
      -- The round e-mail (domain/push/round-email.ts) for those who asked for it: at most one a
      -- UTC day, the day in its key; spread and out of date like the pushes.
      mailed as (
        insert into jobs (kind, payload, dedupe_key, run_at, expires_at, created_at)
        select 'round_email',
          jsonb_build_object('userId', p.user_id, 'round', ${round}::int, 'amount', (s.owed + p.amount)::text),
          'round_email:' || p.user_id || ':' || to_char(${now}::timestamptz at time zone 'UTC', 'YYYY-MM-DD'),
          ${now}::timestamptz + random() * ${spread}::int * interval '1 second',
          ${nextClose}::timestamptz,
          ${now}::timestamptz
        from paid p
        join scored s on s.user_id = p.user_id
        join notification_settings ns on ns.user_id = p.user_id and ns.round_email
        where s.owed + p.amount > 0
        on conflict do nothing
      )
      select
        (select count(*) from gate)::int as fresh,
        (select count(*) from paid)::int as participants,
        (select count(*) from suspended)::int as suspended,
        (select coalesce(sum(amount), 0) from paid)::text as total`);
    const [row] = rowsOf<{ fresh: number; participants: number; suspended: number; total: string }>(result);
    if (row.fresh === 0) return { round, fresh: false, participants: 0, suspended: 0, total: 0n };
    await tx.execute(sql`
      update rounds set participants = ${row.participants}, total_amount = ${row.total}::bigint
      where round_number = ${round}`);
    return { round, fresh: true, participants: row.participants, suspended: row.suspended, total: BigInt(row.total) };
  });
  // The close has just queued a job for each user it notifies: until autovacuum catches up, the
  // planner believes the queue holds a few rows and the workers' take sorts all of them on every
  // pass (0.9 s a pass at 1M in bench:push, instead of reading the due index in order).
  if (result?.fresh && result.participants > 0) await ctx.db.execute(sql`analyze jobs`);
  return result;
}

/**
 * Distributes, in order, every closed round not yet distributed: after downtime the missed
 * rounds are paid one by one, so suspensions fall where they would have. Rounds before the
 * first minter joined are skipped rather than recorded empty. `distributed` hears of each round
 * this call paid, with the seconds it took (the scheduler's metrics).
 */
export async function catchUp(
  ctx: DomainContext,
  distributed?: (result: DistributionResult, seconds: number) => void,
): Promise<DistributionResult[]> {
  const target = lastClosedRound(scheduleOf(ctx), ctx.clock.now());
  const [state] = rowsOf<{ done: number | null; first: number | null }>(
    await ctx.db.execute(sql`
      select (select max(round_number) from rounds) as done, (select min(mint_from_round) from minters) as first`),
  );
  if (state.first === null) return [];
  const from = Math.max(Number(state.done ?? 0) + 1, Number(state.first));
  const results: DistributionResult[] = [];
  for (let round = from; round <= target; round++) {
    const started = performance.now();
    const result = await distributeRound(ctx, round);
    if (!result) break;
    if (result.fresh) distributed?.(result, (performance.now() - started) / 1000);
    results.push(result);
  }
  return results;
}
