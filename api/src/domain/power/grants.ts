import { eq, sql } from "drizzle-orm";
import { powerGrants, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * Grants Soul Power once per (user, reason). The unique key settles races: of two
 * concurrent grants only the one whose row is inserted adds the power. Call it inside the
 * transaction of the action that earns the power.
 */
export async function grantPower(ctx: DomainContext, userId: number, input: { reason: string; amount: number }): Promise<boolean> {
  const inserted = await ctx.db
    .insert(powerGrants)
    .values({ userId, reason: input.reason, amount: input.amount, at: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: powerGrants.id });
  if (inserted.length === 0) return false;
  await ctx.db
    .update(users)
    .set({ power: sql`${users.power} + ${input.amount}` })
    .where(eq(users.id, userId));
  return true;
}
