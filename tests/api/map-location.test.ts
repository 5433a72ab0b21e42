import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { nearbyResult, storedLocationSchema, type Nearby, type StoredLocation } from "#contract/map.ts";
import { apiConfigSchema } from "#api/src/config.ts";
import { rowsOf } from "#api/src/db/client.ts";
import { userLocations, users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { setLocation } from "#api/src/domain/map/location.ts";
import { nearbyQuery } from "#api/src/domain/map/nearby.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

const LOCATION = "/v1/mint/user/location/";
const NEARBY = "/v1/mint/user/nearby/";
const KM_PER_DEGREE = 111.195;

interface Point {
  lat: number;
  lng: number;
}

/** A point `north` km north and `east` km east of `p` (east measured along p's parallel). */
function offset(p: Point, km: { north?: number; east?: number }): Point {
  return {
    lat: p.lat + (km.north ?? 0) / KM_PER_DEGREE,
    lng: p.lng + (km.east ?? 0) / (KM_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180)),
  };
}

async function share(c: Caller, p: Point): Promise<StoredLocation> {
  const data = expectOk<StoredLocation>(await c.call("POST", LOCATION, p));
  expect(storedLocationSchema.strict().safeParse(data).success, JSON.stringify(data)).toBe(true);
  return data;
}

async function nearbyOf(c: Caller): Promise<Nearby> {
  const data = expectOk<Nearby>(await c.call("GET", NEARBY));
  const parsed = nearbyResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

const names = (n: Nearby) => n.list.map((u) => u.name);

/** Signs up `count` users and gives each a nickname, so a list can be read by name. */
async function people(api: TestApi, ...nicknames: string[]) {
  const out = [];
  for (const name of nicknames) {
    const who = await signUp(api);
    expectOk(await who.client.call("PUT", "/v1/user/", { name }));
    out.push(who);
  }
  return out;
}

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

const rowOf = async (userId: number) => (await api.database.db.select().from(userLocations).where(eq(userLocations.userId, userId)))[0];

describe("configuration", () => {
  test("the defaults: a 0.01° grid (about 1 km), 50 km, 100 users", () => {
    const config = apiConfigSchema.parse({});
    expect(config).toMatchObject({ LOCATION_GRID_DEGREES: "0.01", NEARBY_RADIUS_KM: 50, NEARBY_LIMIT: 100 });
    for (const bad of ["0", "0.0000001", "2", "-0.01", "1e-2", "abc", ""]) {
      expect(apiConfigSchema.safeParse({ LOCATION_GRID_DEGREES: bad }).success, bad).toBe(false);
    }
    for (const bad of ["0", "20001", "-5", "1.5"]) expect(apiConfigSchema.safeParse({ NEARBY_RADIUS_KM: bad }).success, bad).toBe(false);
    expect(apiConfigSchema.safeParse({ NEARBY_LIMIT: "0" }).success).toBe(false);
  });
});

describe("POST /v1/mint/user/location/", () => {
  test("missing, out-of-range or non-numeric lat or lng: 100400, nothing stored", async () => {
    const { client, user } = await signUp(api);
    const bodies: unknown[] = [
      {},
      { lat: 48.8 },
      { lng: 2.3 },
      { lat: 90.000001, lng: 0 },
      { lat: -90.5, lng: 0 },
      { lat: 0, lng: 180.000001 },
      { lat: 0, lng: -181 },
      { lat: 1e308, lng: 0 },
      { lat: "48.8", lng: "2.3" },
      { lat: "", lng: "" },
      { lat: " ", lng: 0 },
      { lat: null, lng: null },
      { lat: true, lng: false },
      { lat: [48.8], lng: [2.3] },
      { lat: { value: 1 }, lng: 0 },
      { lat: "abc", lng: 2.3 },
      { lat: "0x10", lng: 0 },
      [{ lat: 1, lng: 1 }],
    ];
    for (const body of bodies) expectCode(await client.call("POST", LOCATION, body), ErrorCode.badRequest, 400);
    // What JSON.stringify cannot send: numbers too large for a double, NaN, broken JSON.
    for (const raw of [
      '"48.8,2.3"',
      '{"lat":1e999,"lng":0}',
      '{"lat":-1e999,"lng":0}',
      '{"lat":NaN,"lng":0}',
      '{"lat":48.8,',
      "lat=48.8&lng=2.3",
    ]) {
      expectCode(await client.call("POST", LOCATION, raw, {}, { "content-type": "application/json" }), ErrorCode.badRequest, 400);
    }
    expect(await rowOf(user.id)).toBeUndefined();
    expect((await nearbyOf(client)).located).toBe(false);
  });

  test("without a login: 300103 on every map call, whatever the body; nothing stored", async () => {
    const before = await api.database.db.select().from(userLocations);
    for (const c of [caller(api), caller(api, { token: "not-a-token" })]) {
      expectCode(await c.call("POST", LOCATION, { lat: 48.8, lng: 2.3 }), ErrorCode.loginExpired);
      expectCode(await c.call("POST", LOCATION, { lat: "bad" }), ErrorCode.loginExpired);
      expectCode(await c.call("GET", NEARBY), ErrorCode.loginExpired);
      expectCode(await c.call("DELETE", LOCATION), ErrorCode.loginExpired);
    }
    expect(await api.database.db.select().from(userLocations)).toEqual(before);
  });

  test("rounds to the 0.01° grid, halves away from zero, and answers exactly what it stored", async () => {
    const { client, user } = await signUp(api);
    const at = Math.floor(api.clock.now().getTime() / 1000);
    const cases: [Point, Point][] = [
      [
        { lat: 48.85661, lng: 2.35222 },
        { lat: 48.86, lng: 2.35 },
      ],
      [
        { lat: -33.86785, lng: 151.20732 },
        { lat: -33.87, lng: 151.21 },
      ],
      [
        { lat: -22.90685, lng: -43.1729 },
        { lat: -22.91, lng: -43.17 },
      ],
      [
        { lat: 48.855, lng: -48.855 },
        { lat: 48.86, lng: -48.86 },
      ],
      [
        { lat: -0.004, lng: 0.004999 },
        { lat: 0, lng: 0 },
      ],
      [
        { lat: 89.996, lng: -179.996 },
        { lat: 90, lng: -180 },
      ],
      [
        { lat: -90, lng: 180 },
        { lat: -90, lng: 180 },
      ],
    ];
    for (const [posted, kept] of cases) {
      expect(await share(client, posted)).toEqual({ ...kept, updated_at: at });
      const row = await rowOf(user.id);
      expect({ lat: row.latE6, lng: row.lngE6 }).toEqual({ lat: Math.round(kept.lat * 1e6), lng: Math.round(kept.lng * 1e6) });
      expect(Object.is(row.latE6, -0) || Object.is(row.lngE6, -0)).toBe(false);
    }
    // Posting again replaces the one row and moves updated_at.
    api.clock.advance(90);
    expect(await share(client, { lat: 48.85661, lng: 2.35222 })).toEqual({ lat: 48.86, lng: 2.35, updated_at: at + 90 });
    expect(await api.database.db.select().from(userLocations).where(eq(userLocations.userId, user.id))).toHaveLength(1);
    expect((await nearbyOf(client)).center).toEqual({ lat: 48.86, lng: 2.35, updated_at: at + 90 });
  });

  test("the raw point is kept nowhere: the row holds grid values only, and no table holds the posted digits", async () => {
    const { client, user } = await signUp(api);
    await share(client, { lat: 37.774929, lng: -122.419416 });
    const row = await rowOf(user.id);
    expect(Object.keys(row).sort()).toEqual(["latE6", "lngE6", "updatedAt", "userId"]);
    expect(row).toMatchObject({ latE6: 37_770_000, lngE6: -122_420_000 });
    expect(row.latE6 % 10_000).toBe(0);
    expect(Math.abs(row.lngE6) % 10_000).toBe(0);
    const tables = rowsOf<{ name: string }>(
      await api.database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    expect(tables.map((t) => t.name)).toContain("user_locations");
    for (const { name } of tables) {
      const dump = rowsOf<{ t: string }>(await api.database.db.execute(sql`select x::text as t from ${sql.identifier(name)} x`))
        .map((r) => r.t)
        .join("\n");
      for (const digits of ["37.774929", "122.419416", "37774929", "122419416", "37.77493", "122.41942"])
        expect(dump, `${name} holds ${digits}`).not.toContain(digits);
    }
  });
});

describe("GET /v1/mint/user/nearby/", () => {
  test("without a location of one's own: located false, no centre, an empty list", async () => {
    const lone = await signUp(api);
    const [neighbour] = await people(api, "Neighbour");
    await share(neighbour.client, { lat: 41.9, lng: 12.5 });
    expect(await nearbyOf(lone.client)).toEqual({ located: false, center: null, radius_km: 50, limit: 100, list: [] });
  });

  test("within 50 km: a user 30 km away is listed, one 60 km away is not, in any direction", async () => {
    const lyon = { lat: 45.76, lng: 4.84 };
    const [me, n30, s30, e30, w30, n60, e60, s60] = await people(api, "Me", "N30", "S30", "E30", "W30", "N60", "E60", "S60");
    await share(me.client, lyon);
    await share(n30.client, offset(lyon, { north: 30 }));
    await share(s30.client, offset(lyon, { north: -30 }));
    await share(e30.client, offset(lyon, { east: 30 }));
    await share(w30.client, offset(lyon, { east: -30 }));
    await share(n60.client, offset(lyon, { north: 60 }));
    await share(e60.client, offset(lyon, { east: 60 }));
    await share(s60.client, offset(lyon, { north: -42, east: -42 })); // 59 km south-west
    const answer = await nearbyOf(me.client);
    expect(answer).toMatchObject({ located: true, center: { lat: 45.76, lng: 4.84 }, radius_km: 50, limit: 100 });
    expect(names(answer).sort()).toEqual(["E30", "N30", "S30", "W30"]);
    // The 60 km user sees the 30 km one (30 km apart) but not me.
    expect(names(await nearbyOf(n60.client))).toEqual(["N30"]);
  });

  test("nearest first, whatever the order they shared in; ties by who shared first", async () => {
    const madrid = { lat: 40.42, lng: -3.7 };
    const [me, far, near, mid, twinA, twinB] = await people(api, "Me", "Far 40", "Near 5", "Mid 20", "Twin A", "Twin B");
    await share(me.client, madrid);
    await share(far.client, offset(madrid, { north: 40 }));
    await share(near.client, offset(madrid, { east: 5 }));
    await share(mid.client, offset(madrid, { north: -20 }));
    // Same rounded point: the same distance, listed in account order.
    await share(twinA.client, offset(madrid, { east: -12 }));
    await share(twinB.client, offset(madrid, { east: -12 }));
    const answer = await nearbyOf(me.client);
    expect(names(answer)).toEqual(["Near 5", "Twin A", "Twin B", "Mid 20", "Far 40"]);
    expect(answer.list[0]).toEqual({
      name: "Near 5",
      nickname: "Near 5",
      alias: aliasOf(near.user.display_id),
      avatar: "",
      lat: 40.42,
      lng: -3.64,
    });
  });

  test("what others see: name, approved avatar and the rounded point only; never the caller, the silent, the stopped, the deleted or the banned", async () => {
    const berlin = { lat: 52.52, lng: 13.405 };
    const me = await signUp(api);
    const [named, silent, stopped, leaving, banned] = await people(api, "Named Friend", "Silent", "Stopped", "Leaving", "Banned");
    const plain = await signUp(api);
    await api.database.db
      .update(users)
      .set({ avatar: "https://cdn.example/ok.webp", avatarNew: "https://cdn.example/review.webp" })
      .where(eq(users.id, named.user.id));
    await api.database.db.update(users).set({ avatarNew: "https://cdn.example/review2.webp" }).where(eq(users.id, plain.user.id));
    await share(me.client, berlin);
    await share(named.client, { lat: 52.51613, lng: 13.37704 });
    await share(plain.client, offset(berlin, { north: 3 }));
    for (const who of [stopped, leaving, banned]) await share(who.client, offset(berlin, { east: 1 }));
    expect(silent.user.id).toBeGreaterThan(0); // signed up, never shared

    const id = plain.user.display_id as string;
    const masked = `${id.slice(0, 4)}****${id.slice(-2)}`;
    expect(masked).toMatch(/^\d{4}\*{4}\d{2}$/);
    expect(names(await nearbyOf(me.client)).sort()).toEqual(["Banned", "Leaving", "Named Friend", "Stopped", masked].sort());

    expectOk(await stopped.client.call("DELETE", LOCATION));
    expect(expectOk(await stopped.client.call("DELETE", LOCATION))).toEqual({});
    expect(await rowOf(stopped.user.id)).toBeUndefined();
    expect(await nearbyOf(stopped.client)).toMatchObject({ located: false, center: null, list: [] });

    expectOk(await leaving.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await rowOf(leaving.user.id)).toBeUndefined();
    expect(await setUserBan(api.domain, { email: banned.email, banned: true, actor: "test" })).toBe(true);

    const answer = await me.client.call("GET", NEARBY);
    const raw = JSON.stringify(answer.body);
    const data = expectOk<Nearby>(answer);
    // 2 km west, then 3.3 km north.
    expect(data.list).toEqual([
      {
        name: "Named Friend",
        nickname: "Named Friend",
        alias: aliasOf(named.user.display_id),
        avatar: "https://cdn.example/ok.webp",
        lat: 52.52,
        lng: 13.38,
      },
      { name: masked, nickname: "", alias: aliasOf(id), avatar: "", lat: 52.55, lng: 13.41 },
    ]);
    for (const u of data.list) expect(Object.keys(u).sort()).toEqual(["alias", "avatar", "lat", "lng", "name", "nickname"]);
    for (const who of [me, named, plain, silent, stopped, leaving, banned]) expect(raw).not.toContain(who.email);
    expect(raw).not.toMatch(/review|user_id|display_id|"id"|@example\.com|52\.51613|13\.37704/);
    expect(raw).not.toContain(id);
    // The caller is never listed, though others see them.
    expect(names(await nearbyOf(named.client))).toContain(
      `${(me.user.display_id as string).slice(0, 4)}****${(me.user.display_id as string).slice(-2)}`,
    );
  });

  test("across the antimeridian: lng 179.9 and -179.9 at one latitude see each other", async () => {
    const [west, east, farther] = await people(api, "West of 180", "East of 180", "Too far");
    await share(west.client, { lat: -16.5, lng: 179.9 });
    await share(east.client, { lat: -16.5, lng: -179.9 });
    await share(farther.client, { lat: -16.5, lng: 179.4 }); // 53 km west of the first
    expect(names(await nearbyOf(west.client))).toEqual(["East of 180"]);
    expect(names(await nearbyOf(east.client))).toEqual(["West of 180"]);
  });

  test("near a pole: the circle spans every longitude", async () => {
    const [a, b, c] = await people(api, "Pole A", "Pole B", "Pole C");
    await share(a.client, { lat: 89.9, lng: 0 });
    await share(b.client, { lat: 89.9, lng: 180 }); // 22 km away, over the pole
    await share(c.client, { lat: 89.8, lng: -90 });
    expect(names(await nearbyOf(a.client))).toEqual(["Pole B", "Pole C"]);
    expect(names(await nearbyOf(b.client))).toEqual(["Pole A", "Pole C"]);
  });
});

describe("account deletion erases the location", () => {
  test("shares racing the deletion: every one answers 0 or 300103, and no location outlives the account", async () => {
    for (let round = 0; round < 5; round++) {
      const { client, user } = await signUp(api);
      await share(client, { lat: 1.35, lng: 103.82 });
      const posts = Array.from({ length: 6 }, (_, i) => client.call("POST", LOCATION, { lat: 1.35 + i / 100, lng: 103.82 }));
      const [deleted, ...answers] = await Promise.all([client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }), ...posts]);
      expectOk(deleted);
      for (const answer of answers) expect([0, ErrorCode.loginExpired]).toContain(answer.body.code);
      expect(await rowOf(user.id)).toBeUndefined();
      await expect(setLocation(api.domain, user.id, { lat: 1, lng: 1 })).rejects.toMatchObject({ code: ErrorCode.loginExpired });
      expect(await rowOf(user.id)).toBeUndefined();
    }
  });
});

describe("the cap (NEARBY_LIMIT)", () => {
  let small: TestApi;
  beforeAll(async () => {
    small = await createTestApi({ NEARBY_LIMIT: "3" });
  });
  afterAll(async () => small?.close());

  test("more users than the limit: the nearest `limit`, in order, and the answer says the limit", async () => {
    const oslo = { lat: 59.91, lng: 10.75 };
    const [me, ...others] = await people(small, "Me", "K10", "K2", "K8", "K4", "K6", "K45");
    await share(me.client, oslo);
    const km = [10, 2, 8, 4, 6, 45];
    for (const [i, who] of others.entries()) await share(who.client, offset(oslo, { north: km[i] }));
    const answer = await nearbyOf(me.client);
    expect(answer).toMatchObject({ limit: 3, radius_km: 50 });
    expect(names(answer)).toEqual(["K2", "K4", "K6"]);
    // Every other user is within 45 km of the northernmost: the nearest three lie beyond the smaller circles.
    expect(names(await nearbyOf(others[5].client))).toEqual(["K10", "K8", "K6"]);
  });
});

describe("the nearby query uses the index", () => {
  let big: TestApi;
  beforeAll(async () => {
    big = await createTestApi();
    // 20,000 users, one in ten around (10°, 10°) and the rest spread over the globe, then fresh statistics.
    await big.database.db.execute(sql`select setseed(0.13)`);
    await big.database.db.execute(sql`
      insert into users (display_id, invite_code, created_at)
      select 'seed' || i, 'S' || i, timestamptz '2026-01-01' from generate_series(1, 20000) as i`);
    await big.database.db.execute(sql`
      insert into user_locations (user_id, lat_e6, lng_e6, updated_at)
      select id,
        round(case when id % 10 = 0 then 10 + random() * 1.2 - 0.6 else degrees(asin(2 * random() - 1)) end * 100) * 10000,
        round(case when id % 10 = 0 then 10 + random() * 1.2 - 0.6 else random() * 360 - 180 end * 100) * 10000,
        timestamptz '2026-01-01'
      from users where display_id like 'seed%'`);
    await big.database.db.execute(sql`analyze users`);
    await big.database.db.execute(sql`analyze user_locations`);
  });
  afterAll(async () => big?.close());

  type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
  const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

  test.each([
    ["a box in one piece", { latE6: 48_860_000, lngE6: 2_350_000 }],
    ["a box across the antimeridian", { latE6: -16_500_000, lngE6: 179_900_000 }],
  ])("%s: an index scan of user_locations_lat_lng_idx, never a sequential scan", async (_, center) => {
    const query = nearbyQuery(big.domain, 0, { center, radiusKm: big.config.NEARBY_RADIUS_KM, limit: big.config.NEARBY_LIMIT }).toSQL();
    const driver = (
      big.database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }
    ).$client;
    const { rows } = await driver.query(`explain (format json) ${query.sql}`, query.params);
    const raw = rows[0]["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const nodes = flatten(plan[0].Plan);
    const onLocations = nodes.filter((n) => n["Relation Name"] === "user_locations" || n["Index Name"] === "user_locations_lat_lng_idx");
    expect(onLocations.length, JSON.stringify(plan)).toBeGreaterThan(0);
    expect(
      onLocations.some((n) => n["Index Name"] === "user_locations_lat_lng_idx"),
      JSON.stringify(plan),
    ).toBe(true);
    expect(
      onLocations.some((n) => n["Node Type"] === "Seq Scan"),
      JSON.stringify(plan),
    ).toBe(false);
  });

  test("and answers like a scan of every row would, where the nearest 100 of ~900 lie beyond the smaller circles", async () => {
    const [me] = await people(big, "Seeker");
    const spot = { lat: 10, lng: 10 };
    await share(me.client, spot);
    const answer = await nearbyOf(me.client);
    expect(answer.list).toHaveLength(100);
    const expected = rowsOf<{ lat: number; lng: number }>(
      await big.database.db.execute(sql`
        select lat, lng from (
          select lat_e6 / 1e6::float8 as lat, lng_e6 / 1e6::float8 as lng, user_id,
            2 * 6371.0088 * asin(sqrt(sin(radians((lat_e6 - 10000000) / 1e6::float8) / 2) ^ 2
              + cos(radians(10000000 / 1e6::float8)) * cos(radians(lat_e6 / 1e6::float8)) * sin(radians((lng_e6 - 10000000) / 1e6::float8) / 2) ^ 2)) as km
          from user_locations where user_id <> ${me.user.id}) t
        where km <= 50 order by km, user_id limit 100`),
    );
    expect(answer.list.map((u) => [u.lat, u.lng])).toEqual(expected.map((u) => [u.lat, u.lng]));
  });
});
