import { and, between, eq, isNull, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Nearby } from "#contract/map.ts";
import { userLocations, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { legacyName, personFields } from "#api/src/domain/profile/people.ts";
import { boxAround, E6, EARTH_RADIUS_KM, type GridPoint } from "./grid.ts";
import { storedLocation, toStoredLocation } from "./location.ts";

/**
 * Great-circle distance (haversine) from the centre to a stored point, in km. The squared sine
 * of half the longitude gap is the same either way round the globe, so 179.9° and -179.9° are
 * 0.2° apart here without further care.
 */
function distanceKm(center: GridPoint): SQL<number> {
  const gap = (column: SQLWrapper, from: number) => sql`radians((${column} - ${from}::int) / 1e6::float8)`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    sin(${gap(userLocations.latE6, center.latE6)} / 2) ^ 2
    + cos(radians(${center.latE6}::int / 1e6::float8)) * cos(radians(${userLocations.latE6} / 1e6::float8))
      * sin(${gap(userLocations.lngE6, center.lngE6)} / 2) ^ 2))))`;
}

/**
 * Who is within `radiusKm` of the centre, nearest first, at most `limit`, as one statement: the
 * bounding box on `user_locations_lat_lng_idx` finds the candidates, the exact distance keeps
 * those inside the circle, and the ordering and the limit are PostgreSQL's. Exported so the
 * index test and `scripts/bench-nearby.ts` can EXPLAIN the very statement the API runs.
 */
export function nearbyQuery(ctx: DomainContext, userId: number, input: { center: GridPoint; radiusKm: number; limit: number }) {
  const box = boxAround(input.center, input.radiusKm);
  const km = distanceKm(input.center);
  return ctx.db
    .select({ name: users.name, displayId: users.displayId, avatar: users.avatar, latE6: userLocations.latE6, lngE6: userLocations.lngE6 })
    .from(userLocations)
    .innerJoin(users, eq(users.id, userLocations.userId))
    .where(
      and(
        between(userLocations.latE6, box.lat[0], box.lat[1]),
        or(...box.lng.map(([west, east]) => between(userLocations.lngE6, west, east))),
        sql`${km} <= ${input.radiusKm}::float8`,
        ne(userLocations.userId, userId),
        isNull(users.deletedAt),
        isNull(users.bannedAt),
      ),
    )
    .orderBy(km, userLocations.userId)
    .limit(input.limit);
}

/**
 * Circles searched in turn, as shares of the radius. In a city the nearest `limit` users are a
 * few km away, and the whole circle would read and sort tens of thousands of rows to keep them;
 * a smaller circle that already holds `limit` users holds the nearest ones, so the search stops
 * there. Where users are sparse each smaller circle costs a short index range.
 */
export const NEARBY_CIRCLES = [1 / 16, 1 / 4, 1] as const;

/**
 * The users near the caller: within NEARBY_RADIUS_KM of the caller's stored
 * location, nearest first, at most NEARBY_LIMIT; never the caller, a deleted or a banned account,
 * nor anyone who shares no location. Each shows only a name, the approved avatar and the
 * rounded point.
 */
export async function nearby(ctx: DomainContext, userId: number): Promise<Nearby> {
  const { NEARBY_RADIUS_KM: radius_km, NEARBY_LIMIT: limit } = ctx.config;
  const own = await storedLocation(ctx, userId);
  if (!own) return { located: false, center: null, radius_km, limit, list: [] };
  let rows: Awaited<ReturnType<typeof nearbyQuery>> = [];
  for (const share of NEARBY_CIRCLES) {
    rows = await nearbyQuery(ctx, userId, { center: own, radiusKm: radius_km * share, limit });
    if (rows.length === limit) break;
  }
  return {
    located: true,
    center: toStoredLocation(own),
    radius_km,
    limit,
    list: rows.map((r) => ({ name: legacyName(r), ...personFields(r), avatar: r.avatar, lat: r.latE6 / E6, lng: r.lngE6 / E6 })),
  };
}
