import { and, asc, eq } from "drizzle-orm";
import { isReason, PHOTO_REASONS } from "#contract/moderation.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { mediaPath } from "#contract/web-paths.ts";
import { auditLog, campaignApplications, users } from "#api/src/db/schema.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

export interface PendingApplication {
  userId: number;
  displayId: string;
  name: string;
  contact: string;
  photo: string;
  submittedAt: number;
}

/** The applications waiting for an operator's decision, oldest first. */
export async function pendingApplications(ctx: DomainContext): Promise<PendingApplication[]> {
  const rows = await ctx.db
    .select({
      userId: campaignApplications.userId,
      displayId: users.displayId,
      name: users.name,
      contact: campaignApplications.contact,
      photo: campaignApplications.photo,
      submittedAt: campaignApplications.submittedAt,
    })
    .from(campaignApplications)
    .innerJoin(users, eq(users.id, campaignApplications.userId))
    .where(eq(campaignApplications.status, "in_review"))
    .orderBy(asc(campaignApplications.submittedAt), asc(campaignApplications.userId));
  return rows.map((r) => ({ ...r, photo: mediaPath(r.photo), submittedAt: toEpochSeconds(r.submittedAt) }));
}

/**
 * Settles an application in review: approved, or rejected with a reason from the list, which
 * the applicant reads in their language; the note is for the audit log only. Only one in review
 * is decided (a second decision finds none: false), and the decision is audited in the same
 * transaction.
 */
export async function reviewApplication(
  ctx: DomainContext,
  input: { userId: number; approve: boolean; reason?: string; note?: string; actor: string },
): Promise<boolean> {
  const reason = input.approve ? null : (input.reason ?? "");
  if (reason !== null && !isReason(PHOTO_REASONS, reason)) {
    throw new Error(`a rejection needs one of these reasons: ${PHOTO_REASONS.join(", ")}`);
  }
  return inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const [decided] = await tx.db
      .update(campaignApplications)
      .set({ status: input.approve ? "approved" : "rejected", reason, reviewedAt: at, reviewedBy: input.actor })
      .where(and(eq(campaignApplications.userId, input.userId), eq(campaignApplications.status, "in_review")))
      .returning({ contact: campaignApplications.contact, photo: campaignApplications.photo });
    if (!decided) return false;
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: input.approve ? "campaign.approve" : "campaign.reject",
      target: `user:${input.userId}`,
      detail: { photo: mediaPath(decided.photo), ...(reason ? { reason } : {}), ...(input.note ? { note: input.note } : {}) },
    });
    return true;
  });
}
