import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { powerGrants, users } from "../db/schema.ts";

/**
 * Grants Soul Power once per (user, reason). The unique key settles races: of two
 * concurrent grants only the one whose row is inserted adds the power.
 */
export async function grantPower(
  tx: DbOrTx,
  input: { userId: number; reason: string; amount: number; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(powerGrants)
    .values({ userId: input.userId, reason: input.reason, amount: input.amount, at: input.at })
    .onConflictDoNothing()
    .returning({ id: powerGrants.id });
  if (inserted.length === 0) return false;
  await tx.update(users).set({ power: sql`${users.power} + ${input.amount}` }).where(eq(users.id, input.userId));
  return true;
}

export async function grantedReasons(tx: DbOrTx, userId: number): Promise<Set<string>> {
  const rows = await tx.select({ reason: powerGrants.reason }).from(powerGrants).where(eq(powerGrants.userId, userId));
  return new Set(rows.map((r) => r.reason));
}
