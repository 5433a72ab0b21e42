import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ok } from "#contract/envelope.ts";
import { ErrorCode, isKnownErrorCode, type ErrorCodeValue } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { commonQuery, type CommonQuery } from "#contract/wire.ts";
import { authenticate, type Principal } from "#api/src/domain/accounts/tokens.ts";
import { authenticateOperator, type Operator } from "#api/src/domain/operators/console-sessions.ts";
import { Failure } from "#api/src/lib/failure.ts";

export interface Call<S extends RouteSpec> {
  body: S["body"] extends z.ZodType ? z.infer<S["body"]> : undefined;
  query: CommonQuery & (S["query"] extends z.ZodObject ? z.infer<S["query"]> : unknown);
  params: S["params"] extends z.ZodObject ? z.infer<S["params"]> : undefined;
  principal: S["auth"] extends true ? Principal : undefined;
  operator: S["auth"] extends "operator" ? Operator : undefined;
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

/** The token an Authorization header carries ("HIN <token>"), if it carries one the API reads. */
export function tokenOf(authorization: string | undefined): string | undefined {
  return HIN.exec(authorization ?? "")?.[1];
}

/**
 * What a call carries, checked: the caller first (a call without a valid token is told to log in,
 * 300103, or an operator to sign in to the console again, 300137, whatever else it holds).
 */
async function callOf<S extends RouteSpec>(app: FastifyInstance, spec: S, request: FastifyRequest): Promise<Call<S>> {
  const token = tokenOf(request.headers.authorization);
  const principal = spec.auth === true ? await authenticate(app.domain, token) : undefined;
  const operator = spec.auth === "operator" ? await authenticateOperator(app.domain, token) : undefined;
  const querySchema = spec.query ? commonQuery.extend(spec.query.shape) : commonQuery;
  const query = parse(querySchema, request.query);
  const params = spec.params ? parse(spec.params, request.params) : undefined;
  const body = spec.body ? parse(spec.body, request.body) : undefined;
  return { body, query, params, principal, operator, request } as Call<S>;
}

const urlOf = (spec: RouteSpec) => spec.path.replace(/\{(\w+)\}/g, ":$1");

/**
 * Binds a contract entry to its handler: parses body and query with the contract's
 * schemas, authenticates when the entry says so, and wraps the result in the envelope.
 */
export function bind<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (call: Call<S>) => Promise<z.infer<S["response"]>>,
): void {
  app.route({ method: spec.method, url: urlOf(spec), handler: async (request) => ok(await handler(await callOf(app, spec, request))) });
}

/** A file a handler streams: its media type, the name it is saved under, and its text as it is made. */
export interface StreamedFile {
  type: string;
  name: string;
  text: AsyncIterable<string>;
}

/**
 * Binds a contract entry that answers with a file (`file` in the spec): checked as `bind` checks
 * a call, and refused the same way before the first byte; then streamed as it is made, so a long
 * history is never held whole in memory.
 */
export function bindFile<S extends RouteSpec & { file: readonly string[] }>(
  app: FastifyInstance,
  spec: S,
  handler: (call: Call<S>) => Promise<StreamedFile>,
): void {
  app.route({
    method: spec.method,
    url: urlOf(spec),
    handler: async (request, reply) => {
      const file = await handler(await callOf(app, spec, request));
      return reply
        .type(file.type)
        .header("content-disposition", `attachment; filename="${file.name}"`)
        .header("cache-control", "no-store")
        .send(Readable.from(file.text));
    },
  });
}
