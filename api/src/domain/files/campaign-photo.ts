import { and, eq, notExists } from "drizzle-orm";
import { mediaPath } from "#contract/web-paths.ts";
import { campaignApplications, uploads } from "#api/src/db/schema.ts";
import type { FileStore } from "#api/src/storage/file-store.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { newFileName, reencodePicture, removeMediaFiles } from "./avatar.ts";

/**
 * Stores a photo for the campaign application: the whole picture, at most
 * CAMPAIGN_PHOTO_SIDE a side, as WebP without metadata, recorded as the uploader's so only they
 * can apply with it. Photos they uploaded before and never applied with are removed.
 */
export async function uploadCampaignPhoto(ctx: DomainContext, store: FileStore, userId: number, bytes: Buffer) {
  const side = ctx.config.CAMPAIGN_PHOTO_SIDE;
  const image = await reencodePicture(ctx, bytes, { width: side, height: side, fit: "inside", withoutEnlargement: true });
  const name = newFileName();
  await store.put(name, image);
  const unused = await ctx.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.type, "campaign"),
        notExists(ctx.db.select().from(campaignApplications).where(eq(campaignApplications.photo, uploads.name))),
      ),
    )
    .returning({ name: uploads.name });
  await ctx.db.insert(uploads).values({ name, userId, type: "campaign", createdAt: ctx.clock.now() });
  await removeMediaFiles(
    store,
    unused.map((u) => mediaPath(u.name)),
  );
  return { urls: { id: name, url: mediaPath(name) } };
}
