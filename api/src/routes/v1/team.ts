import type { FastifyInstance } from "fastify";
import { teamRoutes } from "../../../../contract/team.ts";
import { bindInviter, inviteOf } from "../../domain/team/invites.ts";
import { bind } from "../../plugins/route.ts";

export async function teamApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, teamRoutes.bindInviter, async ({ principal, body }) => ({ user: await bindInviter(ctx, principal.userId, body.invite_code) }));
  bind(app, teamRoutes.invite, ({ principal }) => inviteOf(ctx, principal.userId));
}
