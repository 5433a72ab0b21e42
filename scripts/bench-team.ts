// Team list benchmark (GET /v1/mint/team/, api/src/domain/team/members.ts). Not a test.
//
// A fresh PostgreSQL database, migrated by openDatabase; one inviter with 10,000 level-1 members
// (bulk-loaded with set-based SQL; pairs registered in the same second, so the id breaks ties),
// 5,000 level-2 members and 50,000 unrelated users. The real Fastify app answers through
// app.inject: page 1, then the cursors are walked to page 500 (the last), and each of the two
// is timed for 200 requests after a warm-up. Keyset paging should make both cost the same.
//
//   npx tsx scripts/bench-team.ts [--members 10000] [--requests 200]
//
// BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/test); the
// database `vv_bench_team_<random>` is created there and dropped at the end, even on failure.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { TeamList } from "#contract/team.ts";
import { buildApp } from "#api/src/app.ts";
import { apiConfigSchema } from "#api/src/config.ts";
import type { Db } from "#api/src/db/client.ts";
import { issueToken } from "#api/src/domain/accounts/tokens.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { systemClock } from "#api/src/lib/clock.ts";
import { wellFormedHandleAdapter } from "#api/src/social/social.ts";
import { ADMIN_URL, percentile, redact, withScratchDatabase, positiveArg } from "./bench-support.ts";

const MEMBERS = positiveArg("--members", 10_000);
const REQUESTS = positiveArg("--requests", 200);
const WARM_UP = 20;
const LEVEL2 = MEMBERS / 2;
const OTHERS = 50_000;

/** Inviter 1; members 2..MEMBERS+1 (level 1); then level 2 under the first members; then strangers. */
async function load(db: Db): Promise<void> {
  const l1End = MEMBERS + 1;
  const l2End = l1End + LEVEL2;
  const total = l2End + OTHERS;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      insert into users (id, display_id, email, name, invite_code, inviter_id, power, created_at)
      select i, (100000000 + i)::text, 'u' || i || '@bench.local', case when i % 3 = 0 then 'member ' || i else '' end, 'c' || i,
        case
          when i = 1 then null
          when i <= ${l1End} then 1
          when i <= ${l2End} then 2 + (i - ${l1End} - 1)
          else ${l2End} + 1 + floor(random() * (i - ${l2End}))::bigint
        end,
        100 + floor(random() * 301)::int,
        timestamptz '2026-01-01' + (i / 2) * interval '1 second'
      from generate_series(1, ${total}::bigint) as i`);
    await tx.execute(sql`update users set inviter_id = null where inviter_id = id`);
    await tx.execute(sql`select setval('users_id_seq', ${total}::bigint)`);
    // ~60% started; a tenth of those paused.
    await tx.execute(sql`
      insert into minters (user_id, mint_from_round, suspended_at, started_at)
      select id, 1, case when random() < 0.1 then timestamptz '2026-01-02' end, timestamptz '2026-01-01'
      from users where id > 1 and random() < 0.6`);
  });
  await db.execute(sql`vacuum (analyze) users, minters`);
}

async function main(): Promise<void> {
  await withScratchDatabase("vv_bench_team", async (database) => {
    const config = { ...apiConfigSchema.parse({ LOG_LEVEL: "silent" }), API_SECRET: "bench" };
    const unused = () => Promise.reject(new Error("not used by the team list"));
    const ctx: DomainContext = {
      db: database.db,
      config,
      ruleBook: environmentRuleBook(config),
      clock: systemClock,
      mailer: { target: "none", send: unused },
      social: wellFormedHandleAdapter,
    };
    const t0 = performance.now();
    await load(database.db);
    console.log(
      `Team list on ${redact(ADMIN_URL)}: 1 inviter, ${MEMBERS} level-1 and ${LEVEL2} level-2 members, ${OTHERS} others; loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const token = await issueToken(ctx, 1, "bench-device-0000");
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    const get = async (cursor?: string): Promise<TeamList> => {
      const res = await app.inject({
        method: "GET",
        url: `/v1/mint/team/?os=web&level=1${cursor ? `&cursor=${cursor}` : ""}`,
        headers: { authorization: `HIN ${token}` },
      });
      const body = res.json();
      if (body.code !== 0) throw new Error(`GET /v1/mint/team/ answered ${JSON.stringify(body)}`);
      return body.data;
    };

    let page = await get();
    const pages = MEMBERS / 20;
    let cursor: string | undefined;
    for (let n = 2; n <= pages; n++) {
      cursor = page.next_cursor!;
      page = await get(cursor);
    }
    if (page.next_cursor !== null || page.list.at(-1)?.user_id !== 2) throw new Error(`page ${pages} is not the last one`);

    const time = async (label: string, c: string | undefined) => {
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const start = performance.now();
        await get(c);
        if (i >= WARM_UP) samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(9)} p50 ${percentile(samples, 50).toFixed(2)} ms   p99 ${percentile(samples, 99).toFixed(2)} ms   (${REQUESTS} requests)`,
      );
    };
    await time("page 1", undefined);
    await time(`page ${pages}`, cursor);
    await app.close();
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench-team failed: ${(error as Error).stack ?? error}`);
    process.exit(1);
  },
);
