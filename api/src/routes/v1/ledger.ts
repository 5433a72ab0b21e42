import type { FastifyInstance } from "fastify";
import { ledgerRoutes } from "#contract/ledger.ts";
import { exportData } from "#api/src/domain/ledger/export.ts";
import { history } from "#api/src/domain/ledger/history.ts";
import { bind, bindFile } from "#api/src/plugins/route.ts";

export async function ledgerApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, ledgerRoutes.history, ({ principal, query }) => history(ctx, principal.userId, query));
  bindFile(app, ledgerRoutes.export, ({ principal, query }) =>
    exportData(ctx, principal.userId, query.format, query.ui_lang || query.lang),
  );
}
