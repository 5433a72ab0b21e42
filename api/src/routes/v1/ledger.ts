import type { FastifyInstance } from "fastify";
import { ledgerRoutes } from "#contract/ledger.ts";
import { history } from "#api/src/domain/ledger/history.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function ledgerApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, ledgerRoutes.history, ({ principal, query }) => history(ctx, principal.userId, query));
}
