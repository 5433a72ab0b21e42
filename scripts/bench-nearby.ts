// Nearby-map benchmark (GET /v1/mint/user/nearby/, api/src/domain/map/nearby.ts). Not a test.
//
// A fresh PostgreSQL database, migrated by openDatabase; 1,000,000 users who all share a
// location, bulk-loaded with set-based SQL: half around ten cities (a normal spread of about
// 28 km, one city on the antimeridian), half spread evenly over the inhabited latitudes; about
// 1% banned and 1% deleted. Then `nearby()` is timed for a caller at each probe place (a city
// centre, a city's outskirts, open country, the antimeridian, the Arctic) and the EXPLAIN
// (ANALYZE, BUFFERS) of the statement the search ended with is printed, beside the one for the
// whole circle at the city centre (what the smaller circles save).
//
//   npx tsx scripts/bench-nearby.ts [--users 1000000] [--requests 300]
//
// BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/test); the
// database `vv_bench_nearby_<random>` is created there and dropped at the end, even on failure.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { apiConfigSchema } from "#api/src/config.ts";
import { rowsOf, type Db } from "#api/src/db/client.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { E6, gridStepE6, type GridPoint } from "#api/src/domain/map/grid.ts";
import { nearby, nearbyQuery, NEARBY_CIRCLES } from "#api/src/domain/map/nearby.ts";
import { systemClock } from "#api/src/lib/clock.ts";
import { wellFormedHandleAdapter } from "#api/src/social/social.ts";
import { ADMIN_URL, percentile, redact, withScratchDatabase, positiveArg } from "./bench-support.ts";

const USERS = positiveArg("--users", 1_000_000);
const REQUESTS = positiveArg("--requests", 300);
const WARM_UP = 20;

const CITIES: [number, number][] = [
  [48.86, 2.35],
  [35.68, 139.69],
  [6.52, 3.38],
  [-23.55, -46.63],
  [40.71, -74.01],
  [28.61, 77.21],
  [-6.2, 106.85],
  [41.01, 28.98],
  [23.81, 90.41],
  [-16.8, 180],
];

/** Where the callers stand. */
const PLACES: { label: string; lat: number; lng: number }[] = [
  { label: "dense: Paris centre", lat: 48.86, lng: 2.35 },
  { label: "outskirts: 55 km north of Paris", lat: 49.36, lng: 2.35 },
  { label: "sparse: open country", lat: 45.0, lng: -100.0 },
  { label: "antimeridian city", lat: -16.8, lng: 179.99 },
  { label: "empty: near the North Pole", lat: 89.9, lng: 0 },
];

async function load(db: Db, stepE6: number): Promise<void> {
  const cities = sql.raw(
    `(values ${CITIES.map(([lat, lng], k) => `(${k}, ${lat}::float8, ${lng}::float8)`).join(", ")}) as c(k, lat, lng)`,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      insert into users (id, display_id, email, name, invite_code, banned_at, deleted_at, created_at)
      select i, (100000000 + i)::text, case when i % 101 <> 0 then 'u' || i || '@bench.local' end,
        case when i % 3 = 0 then 'user ' || i else '' end, 'c' || i,
        case when i % 97 = 0 then timestamptz '2026-01-02' end, case when i % 101 = 0 then timestamptz '2026-01-03' end,
        timestamptz '2026-01-01'
      from generate_series(1, ${USERS}::bigint) as i`);
    await tx.execute(sql`select setval('users_id_seq', ${USERS}::bigint)`);
    // Box-Muller for the cities' normal spread (sigma 0.25° of latitude); an even spread by area elsewhere.
    await tx.execute(sql`
      insert into user_locations (user_id, lat_e6, lng_e6, updated_at)
      select i,
        round(greatest(-90, least(90, lat)) * 1e6 / ${stepE6}::int) * ${stepE6}::int,
        round((lng - 360 * floor((lng + 180) / 360)) * 1e6 / ${stepE6}::int) * ${stepE6}::int,
        timestamptz '2026-01-01'
      from (
        select i,
          case when i % 2 = 0
            then c.lat + 0.25 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())
            else degrees(asin(sin(radians(-56)) + random() * (sin(radians(72)) - sin(radians(-56)))))
          end as lat,
          case when i % 2 = 0
            then c.lng + 0.25 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) / cos(radians(c.lat))
            else random() * 360 - 180
          end as lng
        from generate_series(1, ${USERS}::bigint) as i
        join ${cities} on c.k = (i / 2) % 10
      ) p`);
  });
  await db.execute(sql`vacuum (analyze) users, user_locations`);
}

async function main(): Promise<void> {
  await withScratchDatabase("vv_bench_nearby", async (database) => {
    const config = { ...apiConfigSchema.parse({ LOG_LEVEL: "silent" }), API_SECRET: "bench" };
    const unused = () => Promise.reject(new Error("not used by the nearby map"));
    const ctx: DomainContext = {
      db: database.db,
      config,
      ruleBook: environmentRuleBook(config),
      clock: systemClock,
      mailer: { target: "none", send: unused },
      social: wellFormedHandleAdapter,
    };
    const stepE6 = gridStepE6(config);
    const t0 = performance.now();
    await load(database.db, stepE6);
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from user_locations`));
    console.log(
      `Nearby on ${redact(ADMIN_URL)}: ${USERS} users, ${n} locations (half around ${CITIES.length} cities), ` +
        `radius ${config.NEARBY_RADIUS_KM} km, limit ${config.NEARBY_LIMIT}; loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const driver = (database.db as unknown as { $client: pg.Pool }).$client;
    const explain = async (userId: number, center: GridPoint, radiusKm: number) => {
      const query = nearbyQuery(ctx, userId, { center, radiusKm, limit: config.NEARBY_LIMIT }).toSQL();
      const { rows } = await driver.query(`explain (analyze, buffers) ${query.sql}`, query.params);
      return rows.map((r: Record<string, string>) => `    ${r["QUERY PLAN"]}`).join("\n");
    };

    const plans: string[] = [];
    for (const [k, place] of PLACES.entries()) {
      const userId = USERS + 1 + k;
      const center = { latE6: Math.round(place.lat * E6), lngE6: Math.round(place.lng * E6) };
      await database.db.execute(sql`
        insert into users (id, display_id, invite_code, created_at) values (${userId}, ${`caller${k}`}, ${`caller${k}`}, now())`);
      await database.db.execute(sql`
        insert into user_locations (user_id, lat_e6, lng_e6, updated_at) values (${userId}, ${center.latE6}, ${center.lngE6}, now())`);

      const samples: number[] = [];
      let listed = 0;
      for (let i = 0; i < WARM_UP + REQUESTS; i++) {
        const start = performance.now();
        const answer = await nearby(ctx, userId);
        if (i >= WARM_UP) samples.push(performance.now() - start);
        listed = answer.list.length;
      }
      samples.sort((a, b) => a - b);
      // The circle the search stopped at: the first that holds `limit` users, or the whole one.
      let share: number = NEARBY_CIRCLES.at(-1)!;
      for (const s of NEARBY_CIRCLES) {
        if (
          (await nearbyQuery(ctx, userId, { center, radiusKm: config.NEARBY_RADIUS_KM * s, limit: config.NEARBY_LIMIT })).length ===
          config.NEARBY_LIMIT
        ) {
          share = s;
          break;
        }
      }
      const [{ within }] = rowsOf<{ within: number }>(
        await database.db.execute(sql`
          select count(*)::int as within from user_locations join users on users.id = user_id
          where banned_at is null and deleted_at is null and 2 * 6371.0088 * asin(least(1, sqrt(sin(radians((lat_e6 - ${center.latE6}) / 1e6::float8) / 2) ^ 2
            + cos(radians(${center.latE6} / 1e6::float8)) * cos(radians(lat_e6 / 1e6::float8)) * sin(radians((lng_e6 - ${center.lngE6}) / 1e6::float8) / 2) ^ 2)))
            <= ${config.NEARBY_RADIUS_KM}`),
      );
      const radius = config.NEARBY_RADIUS_KM * share;
      console.log(
        `${place.label.padEnd(32)} p50 ${percentile(samples, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(samples, 99).toFixed(2).padStart(6)} ms` +
          `   listed ${String(listed).padStart(3)} of ${String(within - 1).padStart(6)} within ${config.NEARBY_RADIUS_KM} km; stopped at the ${radius} km circle   (${REQUESTS} calls)`,
      );
      if (k === 0) {
        plans.push(`${place.label}, the ${radius} km circle the search stopped at:\n${await explain(userId, center, radius)}`);
        plans.push(
          `${place.label}, the whole ${config.NEARBY_RADIUS_KM} km circle (what the smaller circles save):\n${await explain(userId, center, config.NEARBY_RADIUS_KM)}`,
        );
      } else if (k <= 3) {
        plans.push(`${place.label}, the ${radius} km circle the search stopped at:\n${await explain(userId, center, radius)}`);
      }
    }
    console.log(`\n${plans.join("\n\n")}`);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench-nearby failed: ${(error as Error).stack ?? error}`);
    process.exit(1);
  },
);
