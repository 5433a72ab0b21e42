import { and, asc, eq, sql } from "drizzle-orm";
import { AVATAR_REASONS, isReason } from "#contract/moderation.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { auditLog, users } from "#api/src/db/schema.ts";
import { fileStoreFor } from "#api/src/storage/file-store.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { removeMediaFiles } from "#api/src/domain/files/avatar.ts";

export interface PendingAvatar {
  userId: number;
  displayId: string;
  avatarNew: string;
  /** Null for an upload from before arrivals were kept: those come first. */
  uploadedAt: Date | null;
}

/** The avatars waiting for an operator's approval, in order of arrival. */
export async function pendingAvatars(ctx: DomainContext): Promise<PendingAvatar[]> {
  return ctx.db
    .select({ userId: users.id, displayId: users.displayId, avatarNew: users.avatarNew, uploadedAt: users.avatarNewAt })
    .from(users)
    .where(eq(users.avatarStatus, AvatarStatus.inReview))
    .orderBy(sql`${users.avatarNewAt} asc nulls first`, asc(users.id));
}

/**
 * Settles the avatar waiting for review: approved, it becomes the one shown; rejected, the
 * user keeps the previous one and is told why (avatar_status rejected, and a reason from the
 * list they read in their language; the note is for the audit log only). Answers the URL
 * decided on, or undefined when nothing waits.
 */
export async function reviewAvatar(
  ctx: DomainContext,
  input: { userId: number; approve: boolean; reason?: string; note?: string; actor: string },
): Promise<string | undefined> {
  if (!input.approve && !isReason(AVATAR_REASONS, input.reason)) {
    throw new Error(`a rejection needs one of these reasons: ${AVATAR_REASONS.join(", ")}`);
  }
  const reason = input.approve ? "" : (input.reason ?? "");
  const decided = await inTransaction(ctx, async (tx) => {
    // Locked, so the URL audited is the one decided on even if the user uploads meanwhile.
    const [pending] = await tx.db
      .select({ url: users.avatarNew, shown: users.avatar })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.avatarStatus, AvatarStatus.inReview)))
      .for("update");
    if (!pending) return undefined;
    await tx.db
      .update(users)
      .set({
        ...(input.approve ? { avatar: pending.url } : {}),
        avatarNew: "",
        avatarStatus: input.approve ? AvatarStatus.settled : AvatarStatus.rejected,
        avatarRejectReason: reason,
        avatarNewAt: null,
      })
      .where(eq(users.id, input.userId));
    await tx.db.insert(auditLog).values({
      at: tx.clock.now(),
      actor: input.actor,
      action: input.approve ? "avatar.approve" : "avatar.reject",
      target: `user:${input.userId}`,
      detail: { avatar: pending.url, ...(reason ? { reason } : {}), ...(input.note ? { note: input.note } : {}) },
    });
    // Approved, the new picture replaces the one shown; refused, it is shown to nobody.
    return { url: pending.url, unused: input.approve ? pending.shown : pending.url };
  });
  if (!decided) return undefined;
  await removeMediaFiles(fileStoreFor(ctx.config), [decided.unused]);
  return decided.url;
}
