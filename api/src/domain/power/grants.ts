import { eq, sql } from "drizzle-orm";
import type { LedgerKind } from "#contract/ledger-kinds.ts";
import { powerGrants, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { writeLines } from "#api/src/domain/ledger/lines.ts";

/** A grant of Soul Power: its once-only reason, the amount, and the ledger line that explains it. */
export interface Grant {
  reason: string;
  amount: number;
  kind: Extract<LedgerKind, "start" | "task" | "upgrade" | "exchange" | "gift" | "correction">;
  details?: Record<string, unknown>;
}

/**
 * Grants Soul Power once per (user, reason), with its ledger line. The unique key settles
 * races: of two concurrent grants only the one whose row is inserted adds the power and writes
 * the line. Call it inside the transaction of the action that earns the power.
 */
export async function grantPower(ctx: DomainContext, userId: number, grant: Grant): Promise<boolean> {
  const inserted = await ctx.db
    .insert(powerGrants)
    .values({ userId, reason: grant.reason, amount: grant.amount, at: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: powerGrants.id });
  if (inserted.length === 0) return false;
  await ctx.db
    .update(users)
    .set({ power: sql`${users.power} + ${grant.amount}` })
    .where(eq(users.id, userId));
  await writeLines(ctx, [{ userId, kind: grant.kind, asset: "power", amount: grant.amount, ref: grant.reason, details: grant.details }]);
  return true;
}
