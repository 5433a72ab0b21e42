import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { normalizeLanguage, DEFAULT_LANGUAGE } from "#contract/languages.ts";
import { campaignApplications, users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { FileStore } from "#api/src/storage/file-store.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { inviteLink } from "#api/src/domain/team/invite-link.ts";
import { INVITE_CODE } from "#api/src/domain/team/invites.ts";
import { personName } from "#api/src/domain/profile/people.ts";
import { renderShareImage, shareImageKey, type ShareCard } from "./share-image.ts";

/** The approved applicant behind an invite code; anyone else (not approved, deleted, banned) is not found. */
async function approvedApplicant(ctx: DomainContext, code: string) {
  const wanted = code.trim().toUpperCase();
  if (!INVITE_CODE.test(wanted)) throw new Failure(ErrorCode.notFound, 404);
  const [row] = await ctx.db
    .select({
      name: users.name,
      displayId: users.displayId,
      photo: campaignApplications.photo,
      uiLang: users.uiLang,
      inviteCode: users.inviteCode,
    })
    .from(users)
    .innerJoin(campaignApplications, eq(campaignApplications.userId, users.id))
    .where(and(eq(users.inviteCode, wanted), eq(campaignApplications.status, "approved"), isNull(users.deletedAt), isNull(users.bannedAt)));
  if (!row) throw new Failure(ErrorCode.notFound, 404);
  return row;
}

const CACHE_SIZE = 64;

/**
 * Share images drawn lately, by their key (name, avatar, link, language): a shared link is
 * fetched by every preview bot and every viewer at once, and drawing one costs a sharp render.
 */
const drawn = new Map<string, Buffer>();

/**
 * The share image of an approved applicant as PNG bytes, with the key that names this version
 * (the ETag). The card shows the photo the operator approved with the application, not the
 * profile avatar: that is the picture the citizen chose for it.
 */
export async function shareImage(ctx: DomainContext, store: FileStore, code: string): Promise<{ png: Buffer; key: string }> {
  const row = await approvedApplicant(ctx, code);
  const avatar = await store.get(row.photo);
  const lang = normalizeLanguage(row.uiLang) ?? DEFAULT_LANGUAGE;
  const card: ShareCard = { name: personName(lang, row), avatar, link: inviteLink(ctx, row.inviteCode), lang };
  const key = shareImageKey(card);
  const cached = drawn.get(key);
  if (cached) return { png: cached, key };
  const png = await renderShareImage(card);
  if (drawn.size >= CACHE_SIZE) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, png);
  return { png, key };
}
