import { forgetPasskeys } from "#api/src/domain/passkeys/listing.ts";
import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { AvatarStatus, DELETE_WORD } from "#contract/profile-states.ts";
import { mediaPath } from "#contract/web-paths.ts";
import { appeals, auditLog, campaignApplications, uploads, users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { endActivity } from "#api/src/domain/accounts/bans.ts";
import { removePushTokens } from "#api/src/domain/accounts/push-tokens.ts";
import { lockStanding } from "#api/src/domain/accounts/standing.ts";
import { removeWebPushSubscriptions } from "#api/src/domain/push/subscriptions.ts";
import { forgetTokenLookups, revokeAllTokens } from "#api/src/domain/accounts/tokens.ts";
import { fileStoreFor } from "#api/src/storage/file-store.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { removeMediaFiles } from "#api/src/domain/files/avatar.ts";
import { stopMinting } from "#api/src/domain/airdrop/claims.ts";
import { deleteLocation } from "#api/src/domain/map/location.ts";
import { forgetAccountEvents } from "#api/src/domain/farms/evidence.ts";
import { moveMembersUp } from "#api/src/domain/team/invites.ts";

/**
 * Deletes the account. The row stays, anonymised, because ledger rows (rounds,
 * power grants, stones, exchanges, gift boxes) and other users' teams point at it; what
 * identifies the person goes, and the e-mail is freed (NULLs never collide in its unique key).
 * In the same transaction, under the account's standing lock (accounts/standing.ts), what it had
 * going ends: its forming exchange, its unused gift boxes, its minting; its level-1 members move
 * up to its inviter, and its invite code is no one's (team/invites.ts reads deleted_at).
 */
export async function deleteAccount(ctx: DomainContext, userId: number, input: { confirm: string }): Promise<void> {
  if (input.confirm.trim() !== DELETE_WORD) throw new Failure(ErrorCode.deleteSpelledWrong);
  const pictures = await inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    // The standing lock, the exchange, tool progress and gift boxes, the invite tree, then users
    // rows: the order the actions take them in too (docs/decisions/038), so none deadlocks with this.
    await lockStanding(tx, userId);
    await endActivity(tx, userId);
    const moved = await moveMembersUp(tx, userId);
    const [before] = await tx.db
      .select({ avatar: users.avatar, avatarNew: users.avatarNew })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const [deleted] = await tx.db
      .update(users)
      .set({
        email: null,
        name: "",
        avatar: "",
        avatarNew: "",
        avatarStatus: AvatarStatus.settled,
        statusIcon: null,
        socialHandle: null,
        deletedAt: at,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Another of the account's logins deleted it a moment ago.
    if (!deleted) throw new Failure(ErrorCode.loginExpired);
    await revokeAllTokens(tx, userId);
    await forgetPasskeys(tx, userId);
    // The users row stays, so its foreign key's cascade never fires: the location goes here.
    await deleteLocation(tx, userId);
    // Its sign-in evidence is the person's too (docs/decisions/064): it goes with them.
    await forgetAccountEvents(tx, userId);
    await removePushTokens(tx, userId);
    await removeWebPushSubscriptions(tx, userId);
    // Nobody can claim for the account any more: it would keep being paid rounds and count in
    // its inviter's Team Power until the distribution suspended it for unclaimed rounds.
    await stopMinting(tx, userId);
    await tx.db.delete(campaignApplications).where(eq(campaignApplications.userId, userId));
    // An appeal from a past ban is the person's own words: they go with them.
    await tx.db.delete(appeals).where(eq(appeals.userId, userId));
    const photos = await tx.db.delete(uploads).where(eq(uploads.userId, userId)).returning({ name: uploads.name });
    await tx.db.insert(auditLog).values({
      at,
      actor: "self",
      action: "delete-account",
      target: `user:${userId}`,
      detail: { moved_members: moved.members, moved_to: moved.to },
    });
    return [before.avatar, before.avatarNew, ...photos.map((p) => mediaPath(p.name))];
  });
  forgetTokenLookups(ctx);
  await removeMediaFiles(fileStoreFor(ctx.config), pictures);
}
