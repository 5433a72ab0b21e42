import { randomUUID } from "node:crypto";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { DomainContext } from "./domain/context.ts";
import { observeRequest } from "#lib/metrics.ts";
import { REQUEST_ID, tagRequestId } from "#lib/tracing/request-id.ts";
import { trustProxyValue } from "#lib/trust-proxy.ts";
import type { RateLimits } from "#lib/rate-limit.ts";
import { frameworkErrors, installErrorHandling } from "./plugins/errors.ts";
import { openApiRoute } from "./plugins/openapi.ts";
import { rateLimitHook } from "./plugins/rate-limit.ts";
import { accountsApi } from "./routes/v1/accounts.ts";
import { sessionsApi } from "./routes/v1/sessions.ts";
import { passkeysApi } from "./routes/v1/passkeys.ts";
import { airdropApi } from "./routes/v1/airdrop.ts";
import { filesApi } from "./routes/v1/files.ts";
import { mapApi } from "./routes/v1/map.ts";
import { campaignApi } from "./routes/v1/campaign.ts";
import { operatorsApi } from "./routes/v1/operators.ts";
import { appealsApi } from "./routes/v1/appeals.ts";
import { profileApi } from "./routes/v1/profile.ts";
import { pushApi } from "./routes/v1/push.ts";
import { rulesApi } from "./routes/v1/rules.ts";
import { teamApi } from "./routes/v1/team.ts";
import { toolsApi } from "./routes/v1/tools.ts";
import { ledgerApi } from "./routes/v1/ledger.ts";
import { testHooksApi } from "./routes/test-hooks.ts";

declare module "fastify" {
  interface FastifyInstance {
    domain: DomainContext;
    /** The request counters (Redis or memory): the sign-up gate keeps its spent proofs there too. */
    rateLimits: RateLimits;
  }
}

/** The /v1 service as a Fastify instance, apart from any listening (see server.ts). */
export async function buildApp(
  domain: DomainContext,
  opts: {
    logger: Logger | false;
    /** True once the instance is stopping: its readiness then fails, so a load balancer drains it. */
    draining?: () => boolean;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyValue(domain.config.TRUST_PROXY) as string,
    requestTimeout: domain.config.REQUEST_TIMEOUT_MS,
    requestIdHeader: false,
    genReqId: (req) => {
      const forwarded = req.headers["x-request-id"];
      return typeof forwarded === "string" && REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  app.decorate("domain", domain);
  installErrorHandling(app);
  app.addHook("onRequest", async (request) => tagRequestId(request.id));
  // Every answer, by the route it matched (its pattern, as bound); a path that matches none is one series.
  app.addHook("onResponse", async (request, reply) => {
    observeRequest("api", request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
  });
  const limits = await rateLimitHook(app);
  app.decorate("rateLimits", limits);
  app.get("/livez", async () => ({ status: "ok" }));
  // Readiness: 503 when the database does not answer (within its timeouts, decision 035).
  // With REDIS_URL set it names Redis's state and the store the limits count in; while Redis is
  // down the instance still serves, limits counted in its memory: "degraded", still 200, since
  // every instance shares that Redis and draining them would stop all (decision 034).
  app.get("/healthz", async (_request, reply) => {
    const { degraded, fields } = limits.health();
    if (opts.draining?.()) return reply.code(503).send({ status: "draining", ...fields });
    try {
      await domain.db.execute("select 1");
      return { status: degraded ? "degraded" : "ok", ...fields };
    } catch {
      return reply.code(503).send({ status: "unavailable", ...fields });
    }
  });
  await app.register(openApiRoute);
  await app.register(accountsApi);
  await app.register(sessionsApi);
  await app.register(passkeysApi);
  await app.register(profileApi);
  await app.register(teamApi);
  await app.register(toolsApi);
  await app.register(ledgerApi);
  await app.register(airdropApi);
  await app.register(filesApi);
  await app.register(mapApi);
  await app.register(campaignApi);
  await app.register(operatorsApi);
  await app.register(appealsApi);
  await app.register(pushApi);
  await app.register(rulesApi);
  // Decision 069: only a run that asks for them (TEST_HOOKS) has the test-only routes.
  if (domain.config.TEST_HOOKS) await app.register(testHooksApi);
  return app;
}
