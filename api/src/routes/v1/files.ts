import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ErrorCode } from "#contract/errors.ts";
import { FILE_NAME, filesRoutes, UPLOAD_TYPES, type UploadType } from "#contract/files.ts";
import { uploadAvatar } from "#api/src/domain/files/avatar.ts";
import { uploadCampaignPhoto } from "#api/src/domain/files/campaign-photo.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { bind } from "#api/src/plugins/route.ts";
import { fileStoreFor } from "#api/src/storage/file-store.ts";

/**
 * How long a browser may show a user's picture without asking again, and that no shared cache
 * (a CDN, a proxy) may keep it at all (docs/decisions/036). The web app's /media passes it on.
 */
const USER_PICTURE_CACHE = "private, max-age=600";

/** The upload's `type` field and its one file, read whole within the size limit (413 beyond it). */
async function readUpload(request: FastifyRequest): Promise<{ type: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new Failure(ErrorCode.badRequest, 400);
  let type = "";
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || bytes) throw new Failure(ErrorCode.badRequest, 400);
        bytes = await part.toBuffer();
      } else if (part.fieldname === "type") {
        type = String(part.value);
      }
    }
  } catch (error) {
    // The plugin's refusals (limits: 413) carry their status; the parser's ("Unexpected end of
    // multipart data", "Boundary not found") do not, and are a body that is not the multipart it claims.
    if (error instanceof Failure || typeof (error as { statusCode?: unknown }).statusCode === "number") throw error;
    throw new Failure(ErrorCode.badRequest, 400);
  }
  if (!bytes || bytes.length === 0) throw new Failure(ErrorCode.badRequest, 400);
  return { type, bytes };
}

export async function filesApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  const store = fileStoreFor(ctx.config);
  await app.register(multipart, {
    limits: { fileSize: ctx.config.UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6, headerPairs: 50 },
  });
  bind(app, filesRoutes.upload, async ({ principal, request }) => {
    const upload = await readUpload(request);
    if (!(UPLOAD_TYPES as readonly string[]).includes(upload.type)) throw new Failure(ErrorCode.badRequest, 400);
    const save = (upload.type as UploadType) === "campaign" ? uploadCampaignPhoto : uploadAvatar;
    return save(ctx, store, principal.userId, upload.bytes);
  });
  // The stored picture itself, for the web app's /media/<name>: bytes, not an envelope. Only
  // names this service made are read, and the type is fixed, whatever the bytes say.
  // A user's picture is cached by the viewer's browser alone, for minutes: a shared cache never
  // keeps it, so none shows it after the account is deleted, the picture replaced or refused, or
  // the user banned; a browser asks again after ten minutes and finds it gone (decision 036).
  app.get<{ Params: { name: string } }>("/v1/file/:name", async (request, reply) => {
    const { name } = request.params;
    const bytes = FILE_NAME.test(name) ? await store.get(name) : null;
    if (!bytes) {
      reply.header("cache-control", "no-store");
      throw new Failure(ErrorCode.notFound, 404);
    }
    return reply
      .header("content-type", "image/webp")
      .header("x-content-type-options", "nosniff")
      .header("cache-control", USER_PICTURE_CACHE)
      .send(bytes);
  });
}
