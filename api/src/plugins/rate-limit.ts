import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { fail } from "#contract/envelope.ts";
import { accountRoutes } from "#contract/accounts.ts";
import { appealRoutes } from "#contract/appeals.ts";
import { ledgerRoutes } from "#contract/ledger.ts";
import { passkeyRoutes } from "#contract/passkeys.ts";
import { ErrorCode, ERROR_MESSAGES } from "#contract/errors.ts";
import { ipLimitKey } from "#lib/ip-network.ts";
import { rateLimits, type RateLimits } from "#lib/rate-limit.ts";
import { tokenOf } from "./route.ts";

/** Calls that send or try codes, passkeys or appeal passes, or make accounts and devices: a tighter limit per client IP. */
const AUTH_ROUTES = new Set<string>(
  [
    accountRoutes.did,
    accountRoutes.sendCode,
    accountRoutes.signupChallenge,
    accountRoutes.register,
    accountRoutes.login,
    accountRoutes.changeEmailSend,
    accountRoutes.changeEmail,
    passkeyRoutes.signInOptions,
    passkeyRoutes.signIn,
    appealRoutes.standing,
    appealRoutes.send,
  ].map((r) => r.path),
);

/** Calls that stream a user's whole history: a few an hour per user are plenty. */
const EXPORT_ROUTES = new Set<string>([ledgerRoutes.export.path]);

/** The probes an orchestrator polls: never counted. */
const PROBES = new Set(["/livez", "/healthz"]);

/**
 * Every call is counted per client IP (as TRUST_PROXY resolves it); the sign-in calls have
 * their own tighter count per IP, and every write of a signed-in user a count per token. A client
 * is who sends, not how its address or token is spelled (docs/decisions/068): an IPv6 address
 * counts by its network (`ipLimitKey`, RATE_IPV6_PREFIX), since its holder may pick any address
 * in it; the token is the one the API reads (`tokenOf`): `hin`, a tab or more spaces spell the
 * same login, which has one count. Over a limit the answer is 429 with Retry-After, in the
 * envelope. Counters live in Redis when REDIS_URL is set, so every instance shares them (in
 * memory while it is unreachable, docs/decisions/034).
 *
 * A call is known by the route it matched (`routeOptions.url`, the path as bound), never by its
 * raw URL: the router decodes the path and ignores a trailing slash, so `/v1/user/%6cogin` is
 * the login route and counts as one. A path that matches nothing is counted per IP (a 404).
 */
export async function rateLimitHook(app: FastifyInstance): Promise<RateLimits> {
  const config = app.domain.config;
  const limits = rateLimits(config.REDIS_URL, app.log.child({ svc: "rate-limits" }));
  const perIp = limits.limiter("api-ip", config.RATE_API_PER_IP_PER_MINUTE);
  const auth = limits.limiter("api-auth", config.RATE_AUTH_PER_IP_PER_MINUTE);
  const writes = limits.limiter("api-writes", config.RATE_WRITES_PER_USER_PER_MINUTE);
  const exports = limits.limiter("api-exports", config.RATE_EXPORTS_PER_USER_PER_HOUR, 3600);
  app.addHook("onClose", () => limits.close());
  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && PROBES.has(route)) return;
    const token = tokenOf(request.headers.authorization);
    const tokenKey = token ? createHash("sha256").update(token).digest("base64url") : undefined;
    const client = ipLimitKey(request.ip, config.RATE_IPV6_PREFIX);
    const waits = await Promise.all([
      perIp.take(client),
      route !== undefined && AUTH_ROUTES.has(route) ? auth.take(client) : 0,
      tokenKey && request.method !== "GET" ? writes.take(tokenKey) : 0,
      tokenKey && route !== undefined && EXPORT_ROUTES.has(route) ? exports.take(tokenKey) : 0,
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) {
      return reply.code(429).header("retry-after", String(wait)).send(fail(ErrorCode.rateLimited, ERROR_MESSAGES[ErrorCode.rateLimited]));
    }
  });
  return limits;
}
