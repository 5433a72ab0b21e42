import type { FastifyInstance } from "fastify";
import { sessionRoutes } from "#contract/sessions.ts";
import { endOtherSessions, endSession, endSessionByLink, listSessions } from "#api/src/domain/accounts/sessions.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function sessionsApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;

  bind(app, sessionRoutes.list, async ({ principal }) => ({ sessions: await listSessions(ctx, principal) }));

  bind(app, sessionRoutes.end, async ({ principal, body }) => {
    await endSession(ctx, principal, { id: body.id });
    return {};
  });

  bind(app, sessionRoutes.endOthers, ({ principal }) => endOtherSessions(ctx, principal));

  bind(app, sessionRoutes.endByLink, async ({ body }) => {
    await endSessionByLink(ctx, body.token);
    return {};
  });
}
