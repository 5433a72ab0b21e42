import type { FastifyInstance } from "fastify";
import { teamRoutes } from "#contract/team.ts";
import { bindInviter, inviteOf, inviterName } from "#api/src/domain/team/invites.ts";
import { teamMembers } from "#api/src/domain/team/members.ts";
import { reminderState, sendReminder } from "#api/src/domain/team/reminders.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function teamApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, teamRoutes.bindInviter, async ({ principal, body }) => ({ user: await bindInviter(ctx, principal.userId, body.invite_code) }));
  bind(app, teamRoutes.invite, ({ principal }) => inviteOf(ctx, principal.userId));
  bind(app, teamRoutes.inviter, ({ query }) => inviterName(ctx, query.invite_code));
  bind(app, teamRoutes.members, ({ principal, query }) =>
    teamMembers(ctx, principal.userId, { level: query.level === "1" ? 1 : 2, cursor: query.cursor }),
  );
  bind(app, teamRoutes.remindState, ({ principal }) => reminderState(ctx, principal.userId));
  bind(app, teamRoutes.remind, ({ principal }) => sendReminder(ctx, principal.userId));
}
