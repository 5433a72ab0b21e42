import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fuzzParameters, fuzzRuns } from "../setup/fuzz-size.ts";
import { boxAround, E6, EARTH_RADIUS_KM, toGrid, type Box, type GridPoint } from "#api/src/domain/map/grid.ts";

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine distance the nearby query computes, here in JavaScript. */
function km(a: GridPoint, b: GridPoint): number {
  const [la, lb] = [rad(a.latE6 / E6), rad(b.latE6 / E6)];
  const h = Math.sin((lb - la) / 2) ** 2 + Math.cos(la) * Math.cos(lb) * Math.sin(rad((b.lngE6 - a.lngE6) / E6) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `distance` km from `from` on the initial `bearing` (radians), as a stored point. */
function destination(from: GridPoint, bearing: number, distance: number): GridPoint {
  const d = distance / EARTH_RADIUS_KM;
  const lat = rad(from.latE6 / E6);
  const to = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(bearing));
  const lng =
    rad(from.lngE6 / E6) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(to));
  const lngDeg = ((((lng * 180) / Math.PI + 540) % 360) - 180) * E6;
  return { latE6: Math.round(((to * 180) / Math.PI) * E6), lngE6: Math.max(-180 * E6, Math.min(180 * E6, Math.round(lngDeg))) };
}

const inBox = (box: Box, p: GridPoint) =>
  p.latE6 >= box.lat[0] && p.latE6 <= box.lat[1] && box.lng.some(([west, east]) => p.lngE6 >= west && p.lngE6 <= east);

describe("toGrid", () => {
  test("0.01°: halves away from zero, never -0, never off the globe", () => {
    const step = 10_000;
    expect(toGrid({ lat: 48.85661, lng: 2.35222 }, step)).toEqual({ latE6: 48_860_000, lngE6: 2_350_000 });
    expect(toGrid({ lat: 0.005, lng: -0.005 }, step)).toEqual({ latE6: 10_000, lngE6: -10_000 });
    const zero = toGrid({ lat: -0.004, lng: -0 }, step);
    expect(Object.is(zero.latE6, 0) && Object.is(zero.lngE6, 0)).toBe(true);
    // A grid that does not divide 90: the pole, not a step past it.
    expect(toGrid({ lat: 89.99, lng: -179.99 }, 70_000)).toEqual({ latE6: 90_000_000, lngE6: -179_970_000 });
  });

  test("any point moves less than half a cell on each axis", () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const p = toGrid({ lat, lng }, 10_000);
        expect((Math.abs(p.latE6) % 10_000) + (Math.abs(p.lngE6) % 10_000)).toBe(0);
        expect(Math.abs(p.latE6 / E6 - lat)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(p.lngE6 / E6 - lng)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
      fuzzParameters(fuzzRuns({ small: 100, full: 1_000 })),
    );
  });
});

describe("boxAround", () => {
  test("one longitude range inland, two across ±180°, every longitude near a pole", () => {
    expect(boxAround({ latE6: 48_860_000, lngE6: 2_350_000 }, 50).lng).toHaveLength(1);
    const fiji = boxAround({ latE6: -16_500_000, lngE6: 179_900_000 }, 50);
    expect(fiji.lng).toHaveLength(2);
    expect(fiji.lng[0][1]).toBe(180 * E6);
    expect(fiji.lng[1][0]).toBe(-180 * E6);
    expect(boxAround({ latE6: 89_900_000, lngE6: 0 }, 50)).toEqual({ lat: [expect.any(Number), 90 * E6], lng: [[-180 * E6, 180 * E6]] });
  });

  test("every stored point within the radius lies in the box", () => {
    const point = fc.record({ latE6: fc.integer({ min: -90 * E6, max: 90 * E6 }), lngE6: fc.integer({ min: -180 * E6, max: 180 * E6 }) });
    fc.assert(
      fc.property(
        point,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 3.125, 12.5, 50, 500),
        (center, bearing, share, radius) => {
          const p = destination(center, bearing, radius * share);
          if (km(center, p) <= radius) expect(inBox(boxAround(center, radius), p), JSON.stringify({ center, p, radius })).toBe(true);
        },
      ),
      fuzzParameters(fuzzRuns({ small: 2_000, full: 20_000 })),
    );
  });
});
