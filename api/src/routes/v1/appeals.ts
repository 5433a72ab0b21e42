import type { FastifyInstance } from "fastify";
import { appealRoutes } from "#contract/appeals.ts";
import { appealStanding, sendAppeal } from "#api/src/domain/appeals/appeals.ts";
import { bind } from "#api/src/plugins/route.ts";

/** A banned account's way back (decision 066): its appeal pass instead of a session. */
export async function appealsApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, appealRoutes.standing, ({ body }) => appealStanding(ctx, body.pass));
  bind(app, appealRoutes.send, ({ body }) => sendAppeal(ctx, body));
}
