import type { FastifyInstance } from "fastify";
import { campaignRoutes, SHARE_IMAGE_FILE } from "#contract/campaign.ts";
import { ErrorCode } from "#contract/errors.ts";
import { applyToCampaign, campaignOf } from "#api/src/domain/campaign/application.ts";
import { shareImage } from "#api/src/domain/campaign/share.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { bind } from "#api/src/plugins/route.ts";
import { fileStoreFor } from "#api/src/storage/file-store.ts";

export async function campaignApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  const store = fileStoreFor(ctx.config);
  bind(app, campaignRoutes.get, ({ principal }) => campaignOf(ctx, principal.account));
  bind(app, campaignRoutes.apply, ({ principal, body }) => applyToCampaign(ctx, principal.account, body));
  // The share image itself, for the web app's /campaign/share/<code>.png: bytes, not an envelope.
  // Its URL stays while the picture may change (a new nickname) or go (the account deleted or
  // banned, the application no longer approved): any cache, shared ones included, may keep it but
  // must ask with its ETag before each use (a 304 while it stands, a 404 once it is gone), so
  // none serves it after it went (docs/decisions/036).
  app.get<{ Params: { file: string } }>("/v1/campaign/share/:file", async (request, reply) => {
    // A card that is gone is not cached either: the next request asks again.
    reply.header("cache-control", "no-store");
    const code = SHARE_IMAGE_FILE.exec(request.params.file)?.[1];
    if (!code) throw new Failure(ErrorCode.notFound, 404);
    const { png, key } = await shareImage(ctx, store, code);
    const etag = `"${key}"`;
    reply.header("etag", etag).header("cache-control", "public, no-cache").header("x-content-type-options", "nosniff");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.header("content-type", "image/png").send(png);
  });
}
