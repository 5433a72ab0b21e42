import type { ApiConfig } from "#api/src/config.ts";

/** Stored coordinates are integers in millionths of a degree. */
export const E6 = 1_000_000;

/** The IUGG mean radius: the nearby search's boxes and distances both use it, so they agree. */
export const EARTH_RADIUS_KM = 6371.0088;

/** A point on the stored grid, in millionths of a degree. */
export interface GridPoint {
  latE6: number;
  lngE6: number;
}

/** The grid cell's side (LOCATION_GRID_DEGREES) in millionths of a degree. */
export function gridStepE6(config: Pick<ApiConfig, "LOCATION_GRID_DEGREES">): number {
  return Math.round(Number(config.LOCATION_GRID_DEGREES) * E6);
}

/**
 * One coordinate snapped to the grid, halves away from zero so a point and its mirror image
 * round alike. Whole millionths first: the grid division is then exact integer arithmetic, and
 * 48.855 is a half, not 48.854999... A grid that does not divide 90 or 180 could step past the
 * pole or the antimeridian: the result stays on the globe.
 */
function snap(degrees: number, stepE6: number, maxDegrees: number): number {
  const e6 = Math.round(Math.abs(degrees) * E6);
  const snapped = Math.min(Math.round(e6 / stepE6) * stepE6, maxDegrees * E6);
  return degrees < 0 && snapped > 0 ? -snapped : snapped;
}

/** A posted point as it is kept: rounded to the grid, about 1 km, so no exact position is stored. */
export function toGrid(point: { lat: number; lng: number }, stepE6: number): GridPoint {
  return { latE6: snap(point.lat, stepE6, 90), lngE6: snap(point.lng, stepE6, 180) };
}

/** An inclusive range of stored values, in millionths of a degree. */
type Range = readonly [number, number];

/** Every stored point within a distance of a centre lies inside: one latitude range, one or two longitude ranges. */
export interface Box {
  lat: Range;
  lng: Range[];
}

const deg = (radians: number) => (radians * 180) / Math.PI;
const FULL_LNG: Range = [-180 * E6, 180 * E6];

/**
 * The smallest latitude/longitude box around the circle of `radiusKm` (J. P. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates").
 * A circle that reaches a pole spans every longitude; one that crosses ±180° becomes two
 * longitude ranges, one at each end. Bounds are widened to whole millionths, never narrowed.
 */
export function boxAround(center: GridPoint, radiusKm: number): Box {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const lat = (center.latE6 / E6) * (Math.PI / 180);
  const south = lat - angle;
  const north = lat + angle;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2) {
    return { lat: [Math.max(-90 * E6, Math.floor(deg(south) * E6)), Math.min(90 * E6, Math.ceil(deg(north) * E6))], lng: [FULL_LNG] };
  }
  const spread = Math.asin(Math.sin(angle) / Math.cos(lat));
  const west = Math.floor((center.lngE6 / E6 - deg(spread)) * E6);
  const east = Math.ceil((center.lngE6 / E6 + deg(spread)) * E6);
  const latRange: Range = [Math.floor(deg(south) * E6), Math.ceil(deg(north) * E6)];
  if (west < -180 * E6)
    return {
      lat: latRange,
      lng: [
        [west + 360 * E6, 180 * E6],
        [-180 * E6, east],
      ],
    };
  if (east > 180 * E6)
    return {
      lat: latRange,
      lng: [
        [west, 180 * E6],
        [-180 * E6, east - 360 * E6],
      ],
    };
  return { lat: latRange, lng: [[west, east]] };
}
