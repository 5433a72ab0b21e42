import type { FastifyInstance } from "fastify";
import { rulesRoutes } from "#contract/rules.ts";
import { publishedRules } from "#api/src/domain/rules/published.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function rulesApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, rulesRoutes.published, () => publishedRules(ctx));
}
