import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import type { StoredLocation } from "#contract/map.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { userLocations, users } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { E6, gridStepE6, toGrid } from "./grid.ts";

type LocationRow = Pick<typeof userLocations.$inferSelect, "latE6" | "lngE6" | "updatedAt">;

export function toStoredLocation(row: LocationRow): StoredLocation {
  return { lat: row.latE6 / E6, lng: row.lngE6 / E6, updated_at: toEpochSeconds(row.updatedAt) };
}

/**
 * Shares the user's location, kept to about 1 km: the point is rounded to the grid here, before any
 * query is built, so only the rounded one reaches the database. Answers what was kept.
 */
export async function setLocation(ctx: DomainContext, userId: number, input: { lat: number; lng: number }): Promise<StoredLocation> {
  const { latE6, lngE6 } = toGrid(input, gridStepE6(ctx.config));
  return inTransaction(ctx, async (tx) => {
    // The account deletion holds this row locked while it erases the location: a share taken here
    // waits for it, then finds the account gone, instead of writing a location after the erasure.
    const [live] = await tx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("share");
    if (!live) throw new Failure(ErrorCode.loginExpired);
    const updatedAt = tx.clock.now();
    const [row] = await tx.db
      .insert(userLocations)
      .values({ userId, latE6, lngE6, updatedAt })
      .onConflictDoUpdate({ target: userLocations.userId, set: { latE6, lngE6, updatedAt } })
      .returning();
    return toStoredLocation(row);
  });
}

/** The user's stored location, if they share one. */
export async function storedLocation(ctx: DomainContext, userId: number): Promise<LocationRow | undefined> {
  const [row] = await ctx.db
    .select({ latE6: userLocations.latE6, lngE6: userLocations.lngE6, updatedAt: userLocations.updatedAt })
    .from(userLocations)
    .where(eq(userLocations.userId, userId));
  return row;
}

/** Stops sharing: the stored location is deleted. Not sharing already is no error. */
export async function deleteLocation(ctx: DomainContext, userId: number): Promise<Record<string, never>> {
  await ctx.db.delete(userLocations).where(eq(userLocations.userId, userId));
  return {};
}
