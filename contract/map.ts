import { z } from "zod";
import { route } from "./route.ts";
import { aliasField, epochSeconds, nicknameField } from "./wire.ts";

// JSON numbers only: a coercing schema read "", null, true and [5] as 0, 0, 1 and 5.
const latitude = z.number().min(-90).max(90).describe("Degrees north, WGS 84");
const longitude = z.number().min(-180).max(180).describe("Degrees east, WGS 84");

const locationBody = z.object({ lat: latitude, lng: longitude });

/** What the server keeps of a posted point: rounded to about 1 km, never the point itself. */
export const storedLocationSchema = z.object({
  lat: latitude.describe("The posted latitude rounded to the stored grid (LOCATION_GRID_DEGREES, about 1 km)"),
  lng: longitude.describe("The posted longitude rounded to the stored grid (LOCATION_GRID_DEGREES, about 1 km)"),
  updated_at: epochSeconds.describe("When the location was last posted"),
});
export type StoredLocation = z.infer<typeof storedLocationSchema>;

/** What anyone nearby may see of a user: a nickname or friendly name, an avatar and a rounded point, nothing else. */
const nearbyUserSchema = z.object({
  name: z
    .string()
    .describe(
      "Kept as the released native apps read it: the user's nickname, or their display id masked (1234****89) when they have none. Newer clients show `nickname`, or else `alias`",
    ),
  nickname: nicknameField("user"),
  alias: aliasField("user"),
  avatar: z.string().describe("The user's approved avatar URL, or empty"),
  lat: latitude.describe("The user's stored latitude, rounded to the grid"),
  lng: longitude.describe("The user's stored longitude, rounded to the grid"),
});
export type NearbyUser = z.infer<typeof nearbyUserSchema>;

export const nearbyResult = z.object({
  located: z.boolean().describe("Whether the caller shares a location; without one the list is empty"),
  center: storedLocationSchema.nullable().describe("The caller's own stored location, the centre of the search; null when not located"),
  radius_km: z.number().int().positive().describe("How far from the centre users are shown (great-circle distance between stored points)"),
  limit: z.number().int().positive().describe("The most users the list holds"),
  list: z
    .array(nearbyUserSchema)
    .describe(
      "Users who share a location within radius_km of the centre, nearest first, at most limit; never the caller, a deleted or a banned account",
    ),
});
export type Nearby = z.infer<typeof nearbyResult>;

// Wire names: "mint/user/location" is the map's location (the path the native apps already call).
export const mapRoutes = {
  setLocation: route({
    method: "POST",
    path: "/v1/mint/user/location/",
    summary: "Share the caller's location (stored rounded to about 1 km; the posted point is not kept)",
    auth: true,
    body: locationBody,
    response: storedLocationSchema,
  }),
  nearby: route({
    method: "GET",
    path: "/v1/mint/user/nearby/",
    summary: "Users near the caller's stored location, nearest first",
    auth: true,
    response: nearbyResult,
  }),
  deleteLocation: route({
    method: "DELETE",
    path: "/v1/mint/user/location/",
    summary: "Stop sharing: delete the caller's stored location (nothing to delete is no error)",
    auth: true,
    response: z.object({}),
  }),
} as const;
