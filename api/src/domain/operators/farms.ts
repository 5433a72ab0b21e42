import { toEpochSeconds } from "#contract/time.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { banCluster, clusterBanList, undoClusterBan, type ClusterBan } from "#api/src/domain/farms/bans.ts";
import { farmCluster, farmClusters } from "#api/src/domain/farms/clusters.ts";
import type { Operator } from "./console-sessions.ts";

/** The console's side of the farm signals: the same domain functions as the CLI's farm commands, under the operator's name. */

function banWire(ban: ClusterBan) {
  return {
    id: ban.id,
    cluster_id: ban.clusterId,
    at: toEpochSeconds(ban.at),
    actor: ban.actor,
    reason: ban.reason,
    members: ban.members,
    banned: ban.banned,
    score: ban.score.total,
    undone_at: ban.undoneAt ? toEpochSeconds(ban.undoneAt) : null,
    undone_by: ban.undoneBy,
  };
}

export async function clusters(ctx: DomainContext) {
  return { items: await farmClusters(ctx) };
}

export async function cluster(ctx: DomainContext, id: string) {
  return { cluster: (await farmCluster(ctx, id)) ?? null };
}

export async function banFarm(ctx: DomainContext, operator: Operator, id: string, input: { reason: string; members: number[] }) {
  return { ban: banWire(await banCluster(ctx, { clusterId: id, memberIds: input.members, reason: input.reason, actor: operator.actor })) };
}

export async function farmBans(ctx: DomainContext) {
  return { items: (await clusterBanList(ctx)).map(banWire) };
}

export async function undoFarmBan(ctx: DomainContext, operator: Operator, banId: number) {
  return { ban: banWire(await undoClusterBan(ctx, { banId, actor: operator.actor })) };
}
