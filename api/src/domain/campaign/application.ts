import { and, eq, sql } from "drizzle-orm";
import type { Campaign } from "#contract/campaign.ts";
import { CONTACT_MAX, CONTACT_MIN } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { FILE_NAME } from "#contract/files.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { campaignSharePath, mediaPath } from "#contract/web-paths.ts";
import { campaignApplications, uploads } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { fileStoreFor } from "#api/src/storage/file-store.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { removeMediaFiles } from "#api/src/domain/files/avatar.ts";
import type { UserRow } from "#api/src/domain/profile/users.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";
import { inviteLink } from "#api/src/domain/team/invite-link.ts";
import { campaignTasks } from "./tasks.ts";

type ApplicationRow = typeof campaignApplications.$inferSelect;

/** Where winners are announced: the configured page, else the official X account. */
function announceUrl(ctx: DomainContext): string {
  return ctx.config.CAMPAIGN_ANNOUNCE_URL ?? `https://x.com/${ctx.config.X_OFFICIAL_HANDLE.replace(/^@/, "")}`;
}

async function applicationOf(ctx: DomainContext, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await ctx.db.select().from(campaignApplications).where(eq(campaignApplications.userId, userId));
  return row;
}

function describe(
  ctx: DomainContext,
  user: UserRow,
  row: ApplicationRow | undefined,
  tasks: Awaited<ReturnType<typeof campaignTasks>>,
): Campaign {
  const status = row?.status ?? "not_applied";
  const approved = status === "approved";
  const open = status === "not_applied" || status === "rejected";
  return {
    status: status as Campaign["status"],
    tasks,
    can_apply: open && tasks.every((t) => t.done || !t.required),
    contact: row?.contact ?? null,
    photo: row ? mediaPath(row.photo) : null,
    reason: status === "rejected" ? (row?.reason ?? "") : null,
    submitted_at: row ? toEpochSeconds(row.submittedAt) : null,
    reviewed_at: row?.reviewedAt ? toEpochSeconds(row.reviewedAt) : null,
    share_image: approved ? campaignSharePath(user.inviteCode) : null,
    share_link: approved ? inviteLink(ctx, user.inviteCode) : null,
    announce_url: announceUrl(ctx),
    announce_at: ctx.config.CAMPAIGN_ANNOUNCE_AT ? toEpochSeconds(new Date(ctx.config.CAMPAIGN_ANNOUNCE_AT)) : null,
    team_l1_percent: rules(ctx).TEAM_L1_PERCENT,
  };
}

/** The caller's application, its tasks, and once approved what to share. */
export async function campaignOf(ctx: DomainContext, user: UserRow): Promise<Campaign> {
  const [row, tasks] = await Promise.all([applicationOf(ctx, user.id), campaignTasks(ctx, user)]);
  return describe(ctx, user, row, tasks);
}

// Letters, spaces and punctuation of any script; no control or format characters (a bidi
// override would turn the operator's listing around).
const CONTROL = /[\p{Cc}\p{Cf}]/u;

function checkedContact(contact: string): string {
  const trimmed = contact.trim();
  const length = [...trimmed].length;
  if (length < CONTACT_MIN || length > CONTACT_MAX || CONTROL.test(trimmed)) throw new Failure(ErrorCode.campaignContactInvalid);
  return trimmed;
}

/**
 * Applies, or applies again after a rejection: contact info and a photo the caller uploaded as a
 * campaign photo; the application goes into review. One insert settles concurrent submits: the
 * row is written only when there is none or the one there was rejected (300118 otherwise).
 */
export async function applyToCampaign(ctx: DomainContext, user: UserRow, input: { contact: string; photo: string }): Promise<Campaign> {
  const contact = checkedContact(input.contact);
  const tasks = await campaignTasks(ctx, user);
  if (!tasks.every((t) => t.done || !t.required)) throw new Failure(ErrorCode.campaignTasksUnfinished);
  // Only a name of the store's form is looked up: any other text (a NUL byte, which PostgreSQL
  // refuses in a query) names no upload.
  const [photo] = FILE_NAME.test(input.photo)
    ? await ctx.db
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(eq(uploads.name, input.photo), eq(uploads.userId, user.id), eq(uploads.type, "campaign")))
    : [];
  if (!photo) throw new Failure(ErrorCode.campaignPhotoRequired);
  const before = await applicationOf(ctx, user.id);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(campaignApplications)
    .values({ userId: user.id, contact, photo: photo.name, status: "in_review", submittedAt: now })
    .onConflictDoUpdate({
      target: campaignApplications.userId,
      set: { contact, photo: photo.name, status: "in_review", reason: null, submittedAt: now, reviewedAt: null, reviewedBy: null },
      setWhere: sql`${campaignApplications.status} = 'rejected'`,
    })
    .returning();
  if (!row) throw new Failure(ErrorCode.campaignAlreadyApplied);
  if (before && before.photo !== photo.name) {
    await ctx.db.delete(uploads).where(eq(uploads.name, before.photo));
    await removeMediaFiles(fileStoreFor(ctx.config), [mediaPath(before.photo)]);
  }
  return describe(ctx, user, row, tasks);
}
