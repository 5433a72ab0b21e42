import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ERROR_CODES } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { allRoutes } from "#contract/routes.ts";
import { commonQuery } from "#contract/wire.ts";

function json(schema: z.ZodType) {
  return z.toJSONSchema(schema, { target: "openapi-3.0", unrepresentable: "any" });
}

function operation(spec: RouteSpec) {
  const envelope = z.object({ code: z.literal(0), data: spec.response });
  const own = spec.query
    ? Object.entries(spec.query.shape).map(([name, schema]) => ({ name, in: "query", required: true, schema: json(schema as z.ZodType) }))
    : [];
  const path = spec.params
    ? Object.entries(spec.params.shape).map(([name, schema]) => ({ name, in: "path", required: true, schema: json(schema as z.ZodType) }))
    : [];
  return {
    summary: spec.summary,
    security: spec.auth ? [{ hin: [] }] : [],
    parameters: [
      ...path,
      ...own,
      ...Object.keys(commonQuery.shape).map((name) => ({ name, in: "query", required: false, schema: { type: "string" } })),
    ],
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: json(spec.body) } } } } : {}),
    responses: {
      200: spec.file
        ? {
            description: "The file, streamed (a refusal: {code, err_msg} as JSON)",
            content: Object.fromEntries(spec.file.map((type) => [type, { schema: json(spec.response) }])),
          }
        : {
            description: "Success (code 0) or a business error ({code, err_msg})",
            content: { "application/json": { schema: { oneOf: [json(envelope), { $ref: "#/components/schemas/Failure" }] } } },
          },
    },
  };
}

/** The OpenAPI document, generated from the same contract entries the handlers are bound to. */
function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of allRoutes) {
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = operation(spec);
  }
  return {
    openapi: "3.0.3",
    info: { title: "VV API", version: "1" },
    paths,
    components: {
      securitySchemes: { hin: { type: "apiKey", in: "header", name: "Authorization", description: "HIN <token>" } },
      schemas: {
        Failure: {
          type: "object",
          required: ["code", "err_msg"],
          properties: { code: { type: "integer", enum: ERROR_CODES }, err_msg: { type: "string" } },
        },
      },
    },
  };
}

export async function openApiRoute(app: FastifyInstance): Promise<void> {
  const document = buildOpenApi();
  app.get("/v1/openapi.json", async () => document);
}
