import { eq, sql } from "drizzle-orm";
import { toolProgress, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * Locks the user's tool progress row (made on first use) for the rest of the transaction and
 * returns it with the user's registration time: whoever makes a user's stones or boxes holds
 * this lock, so two requests never make the same ones twice.
 */
export async function lockProgress(tx: DomainContext, userId: number) {
  await tx.db.insert(toolProgress).values({ userId }).onConflictDoNothing();
  const [row] = await tx.db
    .select({ stoneSeq: toolProgress.stoneSeq, boxDay: toolProgress.boxDay, registeredAt: users.createdAt })
    .from(toolProgress)
    .innerJoin(users, eq(users.id, toolProgress.userId))
    .where(eq(toolProgress.userId, userId))
    .for("update", { of: toolProgress });
  return row;
}

export function saveProgress(tx: DomainContext, userId: number, set: { stoneSeq?: number; boxDay?: string }) {
  return tx.db.update(toolProgress).set(set).where(eq(toolProgress.userId, userId));
}

/** count(*) as a JavaScript number. */
export const countOf = sql<number>`count(*)::int`;
