import type { NearbyUser } from "#contract/map.ts";
import { routes } from "#contract/routes.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { dispatchIntent, field, intent, Refusal } from "#app/utils/intent-action.server.ts";
import { numberFormat } from "#app/utils/intl.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { distanceKm } from "./distance.ts";

/** A user as the list shows them: how far, in whole kilometres written for the reader (null when under 1 km). */
export type ShownNearbyUser = NearbyUser & { km: string | null };

/**
 * /map: the users near the caller's stored location, each with the distance between the two
 * rounded points, and the tile server the map draws from. The profile is not loaded here
 * (the map shows none of it): this page sits outside the signed-in tabs' layout.
 */
export async function loadMap(request: Request) {
  const ctx = await requireSignedIn(request);
  const [nearby, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.map.nearby), pageTitle(request, "title", "map")]),
  );
  const km = numberFormat(ctx.locale, { maximumFractionDigits: 0 });
  const center = nearby.center;
  const list: ShownNearbyUser[] = nearby.list.map((user) => {
    const distance = center ? distanceKm(center, user) : 0;
    return { ...user, km: distance < 1 ? null : km.format(distance) };
  });
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = getEnv();
  return { title, nearby: { ...nearby, list }, tiles: { url: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION } };
}

const DEGREES = /^-?\d{1,3}(\.\d{1,12})?$/;

/** A coordinate as the browser posted it; a missing or malformed one is refused before any call. */
function coordinate(form: FormData, name: "lat" | "lng"): number {
  const value = field(form, name);
  if (!DEGREES.test(value)) throw new Refusal({ kind: "error", key: "map:share.noPosition" });
  return Number(value);
}

const INTENTS = {
  share: intent({
    call: ({ api, form }) => api(routes.map.setLocation, { body: { lat: coordinate(form, "lat"), lng: coordinate(form, "lng") } }),
    success: () => ({ kind: "success", key: "map:toast.shared" }),
  }),
  stop: intent({
    call: ({ api }) => api(routes.map.deleteLocation),
    success: () => ({ kind: "success", key: "map:toast.stopped" }),
  }),
};

export function mapAction(request: Request) {
  return dispatchIntent(request, INTENTS, { page: "/map" });
}
