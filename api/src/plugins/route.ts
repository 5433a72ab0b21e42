import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ok } from "#contract/envelope.ts";
import { ErrorCode, isKnownErrorCode, type ErrorCodeValue } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { commonQuery, type CommonQuery } from "#contract/wire.ts";
import { authenticate, type Principal } from "#api/src/domain/accounts/tokens.ts";
import { Failure } from "#api/src/lib/failure.ts";

export interface Call<S extends RouteSpec> {
  body: S["body"] extends z.ZodType ? z.infer<S["body"]> : undefined;
  query: CommonQuery & (S["query"] extends z.ZodObject ? z.infer<S["query"]> : unknown);
  params: S["params"] extends z.ZodObject ? z.infer<S["params"]> : undefined;
  principal: S["auth"] extends true ? Principal : undefined;
  request: FastifyRequest;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    // A contract check may name its own code (contract/push.ts): a refusal the user can act on.
    const named = parsed.error.issues.map((issue) => (issue.code === "custom" ? issue.params?.errorCode : undefined)).find(isKnownCode);
    throw named ? new Failure(named) : new Failure(ErrorCode.badRequest, 400);
  }
  return parsed.data;
}

const isKnownCode = (code: unknown): code is ErrorCodeValue => typeof code === "number" && isKnownErrorCode(code);

const HIN = /^HIN\s+(\S+)$/i;

/**
 * Binds a contract entry to its handler: parses body and query with the contract's
 * schemas, authenticates when the entry says so, and wraps the result in the envelope.
 */
export function bind<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (call: Call<S>) => Promise<z.infer<S["response"]>>,
): void {
  const querySchema = spec.query ? commonQuery.extend(spec.query.shape) : commonQuery;
  app.route({
    method: spec.method,
    url: spec.path.replace(/\{(\w+)\}/g, ":$1"),
    handler: async (request) => {
      // Authentication first: a call without a valid token is told to log in (300103),
      // whatever its body or parameters.
      const principal = spec.auth ? await authenticate(app.domain, HIN.exec(request.headers.authorization ?? "")?.[1]) : undefined;
      const query = parse(querySchema, request.query);
      const params = spec.params ? parse(spec.params, request.params) : undefined;
      const body = spec.body ? parse(spec.body, request.body) : undefined;
      const data = await handler({ body, query, params, principal, request } as Call<S>);
      return ok(data);
    },
  });
}
