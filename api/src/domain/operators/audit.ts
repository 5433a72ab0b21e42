import { and, desc, eq, lt } from "drizzle-orm";
import { toEpochSeconds } from "#contract/time.ts";
import { auditLog } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { Operator } from "./console-sessions.ts";

const PAGE = 50;

export type AuditKind = "act" | "read";

/**
 * Through what a row's act came, from the name it was written under (decision 067): the console
 * writes "operator:<e-mail>", a user's own act "self"; anything else is the CLI's, "cli:<machine
 * user>" or, from before that prefix, the bare name it then took.
 */
function viaOf(actor: string): "console" | "cli" | "user" {
  if (actor.startsWith("operator:")) return "console";
  return actor === "self" ? "user" : "cli";
}

/** The audit log, newest first, a page at a time (keyset on the id): acts, reads, or (no kind) both. */
export async function auditPage(ctx: DomainContext, input: { before?: number; kind?: AuditKind } = {}) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        input.before === undefined ? undefined : lt(auditLog.id, input.before),
        input.kind === undefined ? undefined : eq(auditLog.kind, input.kind),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(PAGE + 1);
  const items = rows.slice(0, PAGE).map((row) => ({
    ...row,
    at: toEpochSeconds(row.at),
    kind: row.kind as AuditKind,
    via: viaOf(row.actor),
    detail: row.detail as Record<string, unknown>,
  }));
  return { items, next: rows.length > PAGE ? items[items.length - 1].id : null };
}

/** An operator's look at a person's data, written before the data is answered: no row, no read. */
export async function auditRead(
  ctx: DomainContext,
  operator: Operator,
  read: { action: string; target: string; detail: Record<string, unknown> },
): Promise<void> {
  await ctx.db.insert(auditLog).values({ at: ctx.clock.now(), actor: operator.actor, kind: "read", ...read });
}
