import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fail } from "#contract/envelope.ts";
import { ErrorCode, ERROR_MESSAGES, type ErrorCodeValue } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";

const TRANSPORT: Record<number, ErrorCodeValue> = {
  400: ErrorCode.badRequest,
  404: ErrorCode.notFound,
  413: ErrorCode.tooLarge,
  415: ErrorCode.badRequest,
  429: ErrorCode.rateLimited,
};

/**
 * One place turns every failure into the envelope: business rules answer HTTP 200 with
 * their code, transport faults keep their status, and nothing else leaks (no stack, no SQL).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Failure, request, reply) => {
    if (error instanceof Failure) {
      if (error.cause) request.log.warn({ err: error.cause, code: error.code }, "request failed");
      if (error.retryAfter !== undefined) void reply.header("retry-after", String(error.retryAfter));
      return reply.code(error.status).send(fail(error.code, error.message, error.data));
    }
    const status = error.statusCode ?? 500;
    const code = TRANSPORT[status];
    if (code && status < 500) return reply.code(status).send(fail(code, ERROR_MESSAGES[code]));
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(fail(ErrorCode.internal, ERROR_MESSAGES[ErrorCode.internal]));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(fail(ErrorCode.notFound, ERROR_MESSAGES[ErrorCode.notFound])));
}

/**
 * The router's own refusals (a broken escape or an over-long parameter in the path) never
 * reach the error handler: Fastify answers them itself, in its own shape, unless given this.
 * Either is a malformed request: 400 in the envelope.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(fail(ErrorCode.badRequest, ERROR_MESSAGES[ErrorCode.badRequest]));
}
