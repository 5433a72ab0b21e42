import type { FastifyInstance } from "fastify";
import { routes } from "../../../../contract/routes.ts";
import { loadUser, profile, toUser } from "../../domain/accounts.ts";
import { collect, listRounds, mintInfo, startAirdrop } from "../../domain/airdrop.ts";
import { bindHandle, collectBonus, listTasks, recordFollow } from "../../domain/tasks.ts";
import { bind } from "../../plugins/route.ts";

export async function mintRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  const appClient = (query: { os?: string; vcode?: string }) => ({ os: query.os, vcode: query.vcode });

  bind(app, routes.mintInfo, ({ principal }) => mintInfo(ctx, principal.userId));
  bind(app, routes.mintList, async ({ principal }) => ({ list: await listRounds(ctx, principal.userId) }));
  bind(app, routes.mintStart, ({ principal }) => startAirdrop(ctx, principal.userId));
  bind(app, routes.mintCollect, ({ principal }) => collect(ctx, principal.userId));
  bind(app, routes.taskList, ({ principal, query }) => listTasks(ctx, principal.userId, appClient(query)));
  bind(app, routes.bonusCollect, ({ principal, query }) =>
    collectBonus(ctx, principal.userId, query.bonus_type, appClient(query)),
  );
  bind(app, routes.bindTwitter, ({ principal, body }) => bindHandle(ctx, principal.userId, body.twitter));
  bind(app, routes.followTwitter, ({ principal }) => recordFollow(ctx, principal.userId));
  bind(app, routes.mintMine, async ({ principal }) => {
    const row = await loadUser(ctx, principal.userId);
    return { user: { ...toUser(row, ctx.config.PUBLIC_URL), power: row.power } };
  });
  bind(app, routes.mintUser, ({ principal }) => profile(ctx, principal));
}
