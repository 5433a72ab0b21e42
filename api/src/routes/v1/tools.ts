import type { FastifyInstance } from "fastify";
import { toolsRoutes } from "#contract/tools.ts";
import {
  cancelExchange,
  createExchange,
  joinExchange,
  removeMember,
  startExchange,
  viewExchange,
} from "#api/src/domain/tools/exchanges.ts";
import { giftList, useGift } from "#api/src/domain/tools/gifts.ts";
import { stoneList } from "#api/src/domain/tools/stone-list.ts";
import { bind } from "#api/src/plugins/route.ts";
import { lookupCode } from "#api/src/domain/tools/code-lookup.ts";

export async function toolsApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, toolsRoutes.lookupCode, ({ principal, query }) => lookupCode(ctx, principal.userId, query.code));
  bind(app, toolsRoutes.stones, ({ principal }) => stoneList(ctx, principal.userId));
  bind(app, toolsRoutes.createExchange, ({ principal, body }) =>
    createExchange(ctx, principal.userId, { stoneId: body.force_stone_id, quota: body.member_count }),
  );
  bind(app, toolsRoutes.joinExchange, ({ principal, body }) =>
    joinExchange(ctx, principal.userId, { code: body.code, stoneId: body.force_stone_id }),
  );
  bind(app, toolsRoutes.startExchange, ({ principal, body }) => startExchange(ctx, principal.userId, body.team_id));
  bind(app, toolsRoutes.exchange, ({ principal, params }) => viewExchange(ctx, principal.userId, params.team_id));
  bind(app, toolsRoutes.cancelExchange, ({ principal, params }) => cancelExchange(ctx, principal.userId, params.team_id));
  bind(app, toolsRoutes.removeMember, ({ principal, params }) =>
    removeMember(ctx, principal.userId, { exchangeId: params.team_id, memberId: params.user_id }),
  );
  bind(app, toolsRoutes.gifts, ({ principal }) => giftList(ctx, principal.userId));
  bind(app, toolsRoutes.useGift, ({ principal, body }) => useGift(ctx, principal.userId, body.code));
}
