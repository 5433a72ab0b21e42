import type { FastifyInstance } from "fastify";
import { mapRoutes } from "../../../../contract/map.ts";
import { deleteLocation, setLocation } from "../../domain/map/location.ts";
import { nearby } from "../../domain/map/nearby.ts";
import { bind } from "../../plugins/route.ts";

export async function mapApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, mapRoutes.setLocation, ({ principal, body }) => setLocation(ctx, principal.userId, body));
  bind(app, mapRoutes.nearby, ({ principal }) => nearby(ctx, principal.userId));
  bind(app, mapRoutes.deleteLocation, ({ principal }) => deleteLocation(ctx, principal.userId));
}
