import type { FastifyInstance } from "fastify";
import { mapRoutes } from "#contract/map.ts";
import { deleteLocation, setLocation } from "#api/src/domain/map/location.ts";
import { nearby } from "#api/src/domain/map/nearby.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function mapApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, mapRoutes.setLocation, ({ principal, body }) => setLocation(ctx, principal.userId, body));
  bind(app, mapRoutes.nearby, ({ principal }) => nearby(ctx, principal.userId));
  bind(app, mapRoutes.deleteLocation, ({ principal }) => deleteLocation(ctx, principal.userId));
}
