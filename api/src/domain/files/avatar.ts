import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp, { type ResizeOptions } from "sharp";
import { ErrorCode } from "#contract/errors.ts";
import { PICTURE_FORMATS } from "#contract/pictures.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { mediaName, mediaPath } from "#contract/web-paths.ts";
import { users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { FileStore } from "#api/src/storage/file-store.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

const FORMATS = new Set<string>(PICTURE_FORMATS.map((format) => format.toLowerCase()));

/**
 * Re-encodes an uploaded picture: the type is read from the bytes (never the name), the size
 * checked before decoding, then the picture is turned upright, resized and written anew as
 * WebP, which leaves every piece of metadata (EXIF, GPS, ICC notes) behind.
 */
export async function reencodePicture(ctx: DomainContext, bytes: Buffer, resize: ResizeOptions): Promise<Buffer> {
  const maxSide = ctx.config.UPLOAD_MAX_SIDE;
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new Failure(ErrorCode.uploadNotImage);
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new Failure(ErrorCode.uploadNotImage);
  if (!meta.width || !meta.height || meta.width > maxSide || meta.height > maxSide) throw new Failure(ErrorCode.uploadTooLargeSides);
  try {
    return await sharp(bytes, { failOn: "truncated", limitInputPixels: maxSide * maxSide })
      .rotate()
      .resize(resize)
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Failure(ErrorCode.uploadUnreadable);
  }
}

/** The avatar: a square cut of the picture. */
function avatarImage(ctx: DomainContext, bytes: Buffer): Promise<Buffer> {
  return reencodePicture(ctx, bytes, { width: ctx.config.AVATAR_SIDE, height: ctx.config.AVATAR_SIDE, fit: "cover" });
}

/** A new stored file's name: random, so a new picture never takes a name a browser may still hold, and none can be guessed. */
export function newFileName(): string {
  return `${randomBytes(16).toString("base64url")}.webp`;
}

/**
 * Removes the stored files behind media URLs nobody shows any more (an avatar replaced or refused,
 * a campaign photo replaced, the pictures of a deleted account). Called after the change is
 * committed: a failed removal leaves a file nobody links to, never a link to nothing.
 */
export async function removeMediaFiles(store: FileStore, urls: string[]): Promise<void> {
  for (const url of urls) {
    const name = mediaName(url);
    if (name) await store.remove(name);
  }
}

/**
 * Stores a new avatar and puts it into review (`avatar_new`); the approved one
 * stays shown until an operator decides. A previous avatar still waiting is replaced and removed.
 */
export async function uploadAvatar(ctx: DomainContext, store: FileStore, userId: number, bytes: Buffer) {
  const image = await avatarImage(ctx, bytes);
  const name = newFileName();
  await store.put(name, image);
  // The row lock orders this with an operator's approval: the file replaced is the one still waiting, never one just approved.
  const replaced = await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select({ pending: users.avatarNew }).from(users).where(eq(users.id, userId)).for("update");
    await tx.db
      .update(users)
      .set({ avatarNew: mediaPath(name), avatarStatus: AvatarStatus.inReview, avatarNewAt: tx.clock.now() })
      .where(eq(users.id, userId));
    return before?.pending ?? "";
  });
  await removeMediaFiles(store, [replaced]);
  return { urls: { id: name, url: mediaPath(name) } };
}
