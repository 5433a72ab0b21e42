import { ErrorCode } from "#contract/errors.ts";
import type { AVATAR_REASONS, PHOTO_REASONS } from "#contract/moderation.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { pendingApplications, reviewApplication } from "#api/src/domain/campaign/review.ts";
import { pendingAvatars, reviewAvatar } from "#api/src/domain/profile/avatar-review.ts";
import { waitingAppealCount } from "#api/src/domain/appeals/appeals.ts";
import type { Operator } from "./console-sessions.ts";

/** The console's side of the review queues: the same domain functions as the CLI's, under the operator's name. */

type Decision<R> = { approve: true; note: string } | { approve: false; reason: R; note: string };

export async function avatarQueue(ctx: DomainContext) {
  const pending = await pendingAvatars(ctx);
  return {
    items: pending.map((p) => ({
      user_id: p.userId,
      display_id: p.displayId,
      picture: p.avatarNew,
      uploaded_at: p.uploadedAt ? toEpochSeconds(p.uploadedAt) : null,
    })),
  };
}

export async function photoQueue(ctx: DomainContext) {
  const pending = await pendingApplications(ctx);
  return {
    items: pending.map((p) => ({
      user_id: p.userId,
      display_id: p.displayId,
      name: p.name,
      contact: p.contact,
      picture: p.photo,
      submitted_at: p.submittedAt,
    })),
  };
}

type ReviewInput = { userId: number; approve: boolean; reason?: string; note?: string; actor: string };

/**
 * One operator's decision on a waiting picture, through the review the CLI calls too; another
 * operator's decision first (the review finds nothing waiting) makes it 300138.
 */
function decision<R extends string>(review: (ctx: DomainContext, input: ReviewInput) => Promise<unknown>) {
  return async (ctx: DomainContext, operator: Operator, userId: number, decided: Decision<R>) => {
    const reason = decided.approve ? undefined : decided.reason;
    const found = await review(ctx, { userId, approve: decided.approve, reason, note: decided.note, actor: operator.actor });
    if (found === undefined || found === false) throw new Failure(ErrorCode.reviewAlreadyDecided);
    return {};
  };
}

export const decideAvatar = decision<(typeof AVATAR_REASONS)[number]>(reviewAvatar);
export const decidePhoto = decision<(typeof PHOTO_REASONS)[number]>(reviewApplication);

export async function waiting(ctx: DomainContext, operator: Operator) {
  const [avatars, photos, appeals] = await Promise.all([pendingAvatars(ctx), pendingApplications(ctx), waitingAppealCount(ctx)]);
  return { email: operator.email, avatars: avatars.length, photos: photos.length, appeals };
}
