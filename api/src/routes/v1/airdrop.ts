import type { FastifyInstance } from "fastify";
import { airdropRoutes } from "#contract/airdrop.ts";
import type { BonusTypeValue } from "#contract/bonus-tasks.ts";
import { claimRounds, startAirdrop } from "#api/src/domain/airdrop/claims.ts";
import { airdropFacts } from "#api/src/domain/airdrop/facts.ts";
import { airdropInfo } from "#api/src/domain/airdrop/info.ts";
import { listRounds } from "#api/src/domain/airdrop/rounds.ts";
import { bindSocialHandle, recordFollow } from "#api/src/domain/airdrop/social.ts";
import { claimBonus, listTasks } from "#api/src/domain/airdrop/tasks.ts";
import { verifiedApp } from "#api/src/lib/native-app.ts";
import { countClaim } from "#api/src/metrics.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function airdropApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, airdropRoutes.info, async ({ principal }) => airdropInfo(ctx, principal.account, await airdropFacts(ctx, principal.userId)));
  bind(app, airdropRoutes.rounds, ({ principal, query }) => listRounds(ctx, principal.userId, { before: query.before, size: query.size }));
  bind(app, airdropRoutes.start, ({ principal }) => startAirdrop(ctx, principal.userId));
  bind(app, airdropRoutes.claim, ({ principal }) => countClaim(claimRounds(ctx, principal.userId)));
  bind(app, airdropRoutes.tasks, async ({ principal, query, request }) =>
    listTasks(ctx, principal.account, verifiedApp(request, query, ctx.config.NATIVE_APP_KEY), await airdropFacts(ctx, principal.userId)),
  );
  bind(app, airdropRoutes.overview, async ({ principal, query, request }) => {
    const [facts, rounds] = await Promise.all([airdropFacts(ctx, principal.userId), listRounds(ctx, principal.userId)]);
    return {
      info: airdropInfo(ctx, principal.account, facts),
      rounds,
      tasks: listTasks(ctx, principal.account, verifiedApp(request, query, ctx.config.NATIVE_APP_KEY), facts),
    };
  });
  bind(app, airdropRoutes.claimBonus, ({ principal, query, request }) =>
    claimBonus(ctx, principal.account, query.bonus_type as BonusTypeValue, verifiedApp(request, query, ctx.config.NATIVE_APP_KEY)),
  );
  bind(app, airdropRoutes.bindSocial, ({ principal, body }) => bindSocialHandle(ctx, principal.userId, body.twitter));
  bind(app, airdropRoutes.recordFollow, ({ principal }) => recordFollow(ctx, principal.userId));
}
