import { desc, lt } from "drizzle-orm";
import { toEpochSeconds } from "#contract/time.ts";
import { auditLog } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

const PAGE = 50;

/** The audit log, newest first, a page at a time (keyset on the id). */
export async function auditPage(ctx: DomainContext, before?: number) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(PAGE + 1);
  const items = rows.slice(0, PAGE).map((row) => ({ ...row, at: toEpochSeconds(row.at), detail: row.detail as Record<string, unknown> }));
  return { items, next: rows.length > PAGE ? items[items.length - 1].id : null };
}
