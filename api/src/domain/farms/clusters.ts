import { createHash } from "node:crypto";
import { and, eq, gte, isNotNull, isNull, ne } from "drizzle-orm";
import type { ApiConfig } from "#api/src/config.ts";
import { accountEvents, authTokens, minters, powerGrants, userRounds, users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { allSignals, LINKING_SIGNALS, type Evidence, type FarmData, type FarmEvent, type FarmSignal } from "./signals.ts";

/** One signal's part of a cluster's score: `points` = `weight` x the share of members it covers. */
export interface ScorePart {
  signal: FarmSignal;
  weight: number;
  points: number;
  /** How many of the cluster's members this signal's evidence names. */
  covered: number;
  evidence: Evidence[];
}

export interface FarmCluster {
  /** A hash of the sorted member ids: the same accounts, the same id, so a ban names what was seen. */
  id: string;
  members: number[];
  /** The members banned already (otherwise, or by an earlier ban of part of the cluster). */
  banned: number[];
  /** The sum of the parts' points. */
  score: number;
  parts: ScorePart[];
}

/** Each signal's weight, from the settings (FARM_WEIGHT_*). */
export function signalWeights(config: ApiConfig): Record<FarmSignal, number> {
  return {
    shared_device: config.FARM_WEIGHT_DEVICE,
    ip_prefix: config.FARM_WEIGHT_IP_PREFIX,
    inviter_burst: config.FARM_WEIGHT_INVITER_BURST,
    identical_timing: config.FARM_WEIGHT_TIMING,
    start_only_tree: config.FARM_WEIGHT_START_ONLY,
    email_sequence: config.FARM_WEIGHT_SEQUENCE,
    disposable_domain: config.FARM_WEIGHT_DISPOSABLE,
    same_mailbox: config.FARM_WEIGHT_SAME_MAILBOX,
  };
}

export function clusterIdOf(members: readonly number[]): string {
  const sorted = [...members].sort((a, b) => a - b);
  return createHash("sha256").update(sorted.join(",")).digest("hex").slice(0, 16);
}

/**
 * What the signals read: the accounts signed up within FARM_EVIDENCE_DAYS and not deleted (an
 * older account is past the evidence kept), banned ones too (they still tie the others), their
 * kept sign-ups and sign-ins, and the devices their sessions of that time name.
 */
async function loadFarmData(ctx: DomainContext): Promise<FarmData> {
  const since = new Date(ctx.clock.now().getTime() - ctx.config.FARM_EVIDENCE_DAYS * 86_400_000);
  // Only the accounts in view, each table joined to them: never a whole table.
  const inView = and(gte(users.createdAt, since), isNull(users.deletedAt));
  const [rows, started, claimed, granted, kept, sessions] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        mailbox: users.emailCanonical,
        inviterId: users.inviterId,
        registerDid: users.registerDid,
        createdAt: users.createdAt,
        bannedAt: users.bannedAt,
      })
      .from(users)
      .where(inView),
    ctx.db
      .select({ userId: minters.userId, at: minters.startedAt })
      .from(minters)
      .innerJoin(users, eq(users.id, minters.userId))
      .where(inView),
    ctx.db
      .selectDistinct({ userId: userRounds.userId, at: userRounds.collectedAt })
      .from(userRounds)
      .innerJoin(users, eq(users.id, userRounds.userId))
      .where(and(inView, isNotNull(userRounds.collectedAt))),
    ctx.db
      .selectDistinct({ userId: powerGrants.userId })
      .from(powerGrants)
      .innerJoin(users, eq(users.id, powerGrants.userId))
      .where(and(inView, ne(powerGrants.reason, "start"))),
    ctx.db
      .select({ userId: accountEvents.userId, at: accountEvents.at, did: accountEvents.did, ipPrefixHash: accountEvents.ipPrefixHash })
      .from(accountEvents)
      .innerJoin(users, eq(users.id, accountEvents.userId))
      .where(inView),
    ctx.db
      .select({ userId: authTokens.userId, at: authTokens.createdAt, did: authTokens.did })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(inView, gte(authTokens.createdAt, since))),
  ]);
  const startedAt = new Map(started.map((s) => [s.userId, s.at]));
  const claims = new Map<number, Date[]>();
  for (const c of claimed) (claims.get(c.userId) ?? claims.set(c.userId, []).get(c.userId)!).push(c.at!);
  const rewarded = new Set(granted.map((g) => g.userId));
  const events: FarmEvent[] = [
    ...kept,
    ...sessions.map((s) => ({ ...s, ipPrefixHash: null })),
    ...rows.map((r) => ({ userId: r.id, at: r.createdAt, did: r.registerDid, ipPrefixHash: null })),
  ];
  return {
    events,
    accounts: rows.map((r) => {
      const own = (claims.get(r.id) ?? []).sort((a, b) => a.getTime() - b.getTime());
      return {
        id: r.id,
        email: r.email ?? "",
        mailbox: r.mailbox ?? "",
        inviterId: r.inviterId,
        createdAt: r.createdAt,
        startedAt: startedAt.get(r.id) ?? null,
        claims: own,
        active: own.length > 0 || rewarded.has(r.id),
        banned: r.bannedAt !== null,
      };
    }),
  };
}

/** Union-find over account ids. */
function unionFind() {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = parent.get(x) ?? x;
    while (root !== (parent.get(root) ?? root)) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  return {
    find,
    union(ids: number[]) {
      for (const id of ids.slice(1)) {
        const [a, b] = [find(ids[0]), find(id)];
        if (a !== b) parent.set(b, a);
      }
    },
  };
}

/**
 * The clusters: accounts tied by a linking signal (a device, a network at one time, a burst
 * under one inviter), FARM_MIN_CLUSTER or more of them, scoring FARM_MIN_SCORE or more, and not
 * all banned already (nothing left to do); highest score first. Each signal scores its weight
 * times the share of the members its evidence names.
 */
export function findClusters(data: FarmData, config: ApiConfig): FarmCluster[] {
  const found = allSignals(data, config);
  const links = unionFind();
  for (const signal of LINKING_SIGNALS) for (const evidence of found[signal]) links.union(evidence.members);
  const groups = new Map<number, number[]>();
  for (const { id } of data.accounts) {
    const root = links.find(id);
    (groups.get(root) ?? groups.set(root, []).get(root)!).push(id);
  }
  const weights = signalWeights(config);
  const banned = new Set(data.accounts.filter((a) => a.banned).map((a) => a.id));
  return [...groups.values()]
    .filter((members) => members.length >= config.FARM_MIN_CLUSTER && members.some((m) => !banned.has(m)))
    .map((members) =>
      scoreCluster(
        members.sort((a, b) => a - b),
        found,
        weights,
        banned,
      ),
    )
    .filter((cluster) => cluster.score >= config.FARM_MIN_SCORE)
    .sort((a, b) => b.score - a.score || b.members.length - a.members.length || a.id.localeCompare(b.id));
}

function scoreCluster(
  members: number[],
  found: Record<FarmSignal, Evidence[]>,
  weights: Record<FarmSignal, number>,
  banned: Set<number>,
): FarmCluster {
  const inCluster = new Set(members);
  const parts: ScorePart[] = [];
  for (const signal of Object.keys(found) as FarmSignal[]) {
    // A group signal needs two of the cluster's members to say anything of it; a domain, one.
    const least = signal === "disposable_domain" ? 1 : 2;
    const evidence = found[signal]
      .map((e) => ({ ...e, members: e.members.filter((m) => inCluster.has(m)) }))
      .filter((e) => e.members.length >= least);
    if (evidence.length === 0) continue;
    const covered = new Set(evidence.flatMap((e) => e.members)).size;
    parts.push({ signal, weight: weights[signal], points: Math.round((weights[signal] * covered) / members.length), covered, evidence });
  }
  return {
    id: clusterIdOf(members),
    members,
    banned: members.filter((m) => banned.has(m)),
    score: parts.reduce((sum, p) => sum + p.points, 0),
    parts,
  };
}

/** The clusters now, from the database. */
export async function farmClusters(ctx: DomainContext): Promise<FarmCluster[]> {
  return findClusters(await loadFarmData(ctx), ctx.config);
}

export async function farmCluster(ctx: DomainContext, id: string): Promise<FarmCluster | undefined> {
  return (await farmClusters(ctx)).find((c) => c.id === id);
}
