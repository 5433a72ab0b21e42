import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { BAN_REASONS, isReason } from "#contract/moderation.ts";
import { auditLog, clusterBans, users } from "#api/src/db/schema.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { applyBans } from "#api/src/domain/accounts/bans.ts";
import { forgetTokenLookups } from "#api/src/domain/accounts/tokens.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { farmCluster, type ScorePart } from "./clusters.ts";

export interface ClusterBan {
  id: number;
  clusterId: string;
  at: Date;
  actor: string;
  reason: string;
  members: number[];
  /** The members this act banned: an undo unbans these and no others. */
  banned: number[];
  score: { total: number; parts: ScorePart[] };
  undoneAt: Date | null;
  undoneBy: string | null;
}

const sameMembers = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === b[i]);

/**
 * Bans every member of the cluster the operator saw, in one audited act: one cluster_bans row and
 * one audit row naming the members and the score. The cluster is found again: when its members
 * changed since (one joined) it has another id, and the operator looks again
 * (farmClusterChanged). Members banned already stay so and are not this act's (`banned` leaves
 * them out). Two operators banning it at once: the live-ban index lets one in.
 */
export async function banCluster(
  ctx: DomainContext,
  input: { clusterId: string; memberIds: number[]; reason: string; actor: string },
): Promise<ClusterBan> {
  if (!isReason(BAN_REASONS, input.reason)) throw new Failure(ErrorCode.farmBanReasonUnknown);
  const cluster = await farmCluster(ctx, input.clusterId);
  if (!cluster || !sameMembers(input.memberIds, cluster.members)) {
    // Banned already, by another operator a moment ago: say that rather than "changed".
    if (await liveBanOf(ctx, input.clusterId)) throw new Failure(ErrorCode.farmClusterBanned);
    throw new Failure(ErrorCode.farmClusterChanged);
  }
  const score = { total: cluster.score, parts: cluster.parts };
  try {
    const ban = await inTransaction(ctx, async (tx) => {
      const at = tx.clock.now();
      // First, so a second operator's act waits here for this one and then fails, banning nobody.
      const [row] = await tx.db
        .insert(clusterBans)
        .values({ clusterId: cluster.id, at, actor: input.actor, reason: input.reason, members: cluster.members, banned: [], score })
        .returning();
      const banned = await applyBans(tx, cluster.members, { banned: true, changesOnly: true, reason: input.reason, at });
      const [done] = await tx.db.update(clusterBans).set({ banned }).where(eq(clusterBans.id, row.id)).returning();
      await tx.db.insert(auditLog).values({
        at,
        actor: input.actor,
        action: "cluster.ban",
        target: `cluster_ban:${row.id}`,
        detail: { cluster: cluster.id, reason: input.reason, members: cluster.members, banned, score: cluster.score, parts: cluster.parts },
      });
      return done;
    });
    return ban as ClusterBan;
  } catch (error) {
    if (uniqueViolation(error) === "cluster_bans_live_key") throw new Failure(ErrorCode.farmClusterBanned);
    throw error;
  } finally {
    forgetTokenLookups(ctx);
  }
}

async function liveBanOf(ctx: DomainContext, clusterId: string) {
  const [row] = await ctx.db
    .select({ id: clusterBans.id })
    .from(clusterBans)
    .where(and(eq(clusterBans.clusterId, clusterId), isNull(clusterBans.undoneAt)));
  return row;
}

/**
 * Undoes a cluster ban: unbans exactly the accounts that act banned (one banned otherwise before
 * stays banned), audited as one act. Marking the ban undone comes first, so of two
 * operators undoing it at once one does it and the other is told it is done (farmBanNotFound).
 * An account banned again since (by its own ban) carries that ban's time and stays banned.
 */
export async function undoClusterBan(ctx: DomainContext, input: { banId: number; actor: string }): Promise<ClusterBan> {
  const undone = await inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const [row] = await tx.db
      .update(clusterBans)
      .set({ undoneAt: at, undoneBy: input.actor })
      .where(and(eq(clusterBans.id, input.banId), isNull(clusterBans.undoneAt)))
      .returning();
    if (!row) throw new Failure(ErrorCode.farmBanNotFound);
    // Banned by this act still: an account banned again since carries that later ban's time.
    const stillOurs = row.banned.length
      ? await tx.db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, row.banned), eq(users.bannedAt, row.at)))
      : [];
    const unbanned = await applyBans(
      tx,
      stillOurs.map((u) => u.id),
      { banned: false, changesOnly: true, actor: input.actor },
    );
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: "cluster.unban",
      target: `cluster_ban:${row.id}`,
      detail: { cluster: row.clusterId, unbanned },
    });
    return row;
  });
  forgetTokenLookups(ctx);
  return undone as ClusterBan;
}

/** The cluster bans, newest first: what the console and the CLI list to undo. */
export async function clusterBanList(ctx: DomainContext, limit = 100): Promise<ClusterBan[]> {
  return (await ctx.db.select().from(clusterBans).orderBy(desc(clusterBans.id)).limit(limit)) as ClusterBan[];
}
