import { and, asc, eq, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import type { StatusIcon } from "#contract/profile.ts";
import { auditLog, statusIcons, users } from "#api/src/db/schema.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

/** The status icons a user may choose, in the operators' order. */
export async function statusConfig(ctx: DomainContext): Promise<{ list: StatusIcon[] }> {
  const list = await ctx.db
    .select({ id: statusIcons.id, name: statusIcons.name, icon: statusIcons.icon })
    .from(statusIcons)
    .where(eq(statusIcons.active, true))
    .orderBy(asc(statusIcons.sort), asc(statusIcons.id));
  return { list };
}

/** Shows one of the active statuses on the user's profile, or none (null). */
export async function setStatus(ctx: DomainContext, userId: number, input: { id: number | null }): Promise<void> {
  if (input.id === null) {
    await ctx.db.update(users).set({ statusIcon: null }).where(eq(users.id, userId));
    return;
  }
  // The share lock orders this against an operator retiring the same status: either the
  // retirement waits and then clears what was set here, or this waits and sees it retired.
  const [updated] = await ctx.db
    .update(users)
    .set({ statusIcon: input.id })
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${statusIcons} where ${statusIcons.id} = ${input.id} and ${statusIcons.active} for share)`,
      ),
    )
    .returning({ id: users.id });
  if (!updated) throw new Failure(ErrorCode.statusUnknown);
}

export type StatusIconRow = typeof statusIcons.$inferSelect;

/** Every status, retired ones included, for operators. */
export async function allStatusIcons(ctx: DomainContext): Promise<StatusIconRow[]> {
  return ctx.db.select().from(statusIcons).orderBy(asc(statusIcons.sort), asc(statusIcons.id));
}

const NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** An operator's input that cannot be kept: the CLI prints the words, the console shows them (operators read English). */
const refused = (words: string) => new Failure(ErrorCode.badRequest, 400, words);
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const INT4_MAX = 2_147_483_647;

function isOneEmoji(text: string): boolean {
  const graphemes = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)];
  return graphemes.length === 1 && EMOJI.test(text);
}

/**
 * Adds a status or changes one, and makes it choosable again (operators only, not users). The
 * name is a translation key of the web app, so it stays lower-case ASCII; without a sort an
 * existing status keeps its place and a new one goes last.
 */
export async function upsertStatusIcon(
  ctx: DomainContext,
  input: { id: number; name: string; icon: string; sort?: number; actor: string },
): Promise<StatusIconRow> {
  if (!Number.isInteger(input.id) || input.id < 1 || input.id > INT4_MAX) throw refused(`not a status id: ${input.id}`);
  if (!NAME.test(input.name)) throw refused(`the name must be a lower-case key like "working", not "${input.name}"`);
  const icon = input.icon.trim();
  if (!isOneEmoji(icon)) throw refused(`the icon must be one emoji, not "${input.icon}"`);
  if (input.sort !== undefined && (!Number.isInteger(input.sort) || Math.abs(input.sort) > INT4_MAX)) {
    throw refused(`not a sort position: ${input.sort}`);
  }
  return inTransaction(ctx, async (tx) => {
    const last = sql`(select coalesce(max(${statusIcons.sort}), 0) + 10 from ${statusIcons})`;
    const [row] = await tx.db
      .insert(statusIcons)
      .values({ id: input.id, name: input.name, icon, sort: input.sort ?? last, active: true })
      .onConflictDoUpdate({
        target: statusIcons.id,
        set: { name: input.name, icon, active: true, ...(input.sort === undefined ? {} : { sort: input.sort }) },
      })
      .returning()
      .catch((error: unknown) => {
        if (uniqueViolation(error) === "status_icons_name_key") throw refused(`another status is named "${input.name}"`);
        throw error;
      });
    await tx.db.insert(auditLog).values({
      at: tx.clock.now(),
      actor: input.actor,
      action: "status-icon.set",
      target: `status-icon:${row.id}`,
      detail: { name: row.name, icon: row.icon, sort: row.sort },
    });
    return row;
  });
}

/**
 * Retires a status: no longer listed nor choosable, and cleared from the users who show it,
 * so no profile points at a status the list lacks. The row stays: status-icon-set brings it back.
 */
export async function retireStatusIcon(ctx: DomainContext, input: { id: number; actor: string }): Promise<{ cleared: number } | undefined> {
  if (!Number.isInteger(input.id) || input.id < 1 || input.id > INT4_MAX) throw refused(`not a status id: ${input.id}`);
  return inTransaction(ctx, async (tx) => {
    const [retired] = await tx.db
      .update(statusIcons)
      .set({ active: false })
      .where(eq(statusIcons.id, input.id))
      .returning({ id: statusIcons.id });
    if (!retired) return undefined;
    const cleared = await tx.db.update(users).set({ statusIcon: null }).where(eq(users.statusIcon, input.id)).returning({ id: users.id });
    await tx.db.insert(auditLog).values({
      at: tx.clock.now(),
      actor: input.actor,
      action: "status-icon.off",
      target: `status-icon:${input.id}`,
      detail: { cleared: cleared.length },
    });
    return { cleared: cleared.length };
  });
}
