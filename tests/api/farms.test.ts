/**
 * Farm signals (issue 31 item 4, docs/decisions/064): a generated farm of 50 accounts beside 50
 * ordinary ones, seeded through the API; the farm is found and scored, nobody ordinary is; a
 * cluster is banned and unbanned in one audited act each, and two operators at once do it once.
 */
import { userInfo } from "node:os";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { accountEvents, auditLog, clusterBans, users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { banCluster, undoClusterBan } from "#api/src/domain/farms/bans.ts";
import { farmClusters, signalWeights, type FarmCluster } from "#api/src/domain/farms/clusters.ts";
import { ipPrefix } from "#api/src/domain/farms/evidence.ts";
import { startEvidenceSweep } from "#api/src/jobs/evidence-sweep.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { httpTransport, seedFarm, type SeededFarm } from "../setup/farm.ts";
import { testApiTransport } from "../setup/farm-test-api.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { ROUND_SECONDS, roundConfig } from "./airdrop-helpers.ts";
import { caller, expectOk, logIn, opsIn, runOps } from "./helpers.ts";

let api: TestApi;
let seeded: SeededFarm;
const farmIds = () => seeded.farm.map((a) => a.id).sort((a, b) => a - b);

beforeAll(async () => {
  api = await createTestApi(roundConfig({ DEVICE_MAX_REGISTRATIONS: "10" }));
  seeded = await seedFarm(testApiTransport(api), { perDevice: 10, claimAfterSeconds: 3 * ROUND_SECONDS });
}, 240_000);
afterAll(() => api?.close());

/** Which of these accounts are banned now, in id order. */
const bannedOf = async (ids: number[]) =>
  (
    await api.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNotNull(users.bannedAt)))
  )
    .map((u) => u.id)
    .sort((a, b) => a - b);

const clusterAudit = (action: string) => api.database.db.select().from(auditLog).where(eq(auditLog.action, action));

async function theFarm(): Promise<FarmCluster> {
  const clusters = await farmClusters(api.domain);
  const found = clusters.filter((c) => c.members.some((m) => farmIds().includes(m)));
  expect(found).toHaveLength(1);
  return found[0];
}

describe("finding the farm", () => {
  test("the farm is one cluster above the threshold, and no ordinary account (nor the inviter) is in any", async () => {
    const clusters = await farmClusters(api.domain);
    const farm = await theFarm();
    expect(farm.members).toEqual(farmIds());
    expect(farm.score).toBeGreaterThanOrEqual(api.config.FARM_MIN_SCORE);
    const flagged = new Set(clusters.flatMap((c) => c.members));
    for (const a of [...seeded.ordinary, seeded.inviter]) expect(flagged.has(a.id), a.email).toBe(false);
  });

  test("the score is the sum of its parts, each the signal's weight times the share of members its evidence names", async () => {
    const farm = await theFarm();
    const weights = signalWeights(api.config);
    expect(farm.score).toBe(farm.parts.reduce((sum, p) => sum + p.points, 0));
    for (const part of farm.parts) {
      expect(part.weight).toBe(weights[part.signal]);
      expect(part.points).toBe(Math.round((part.weight * part.covered) / farm.members.length));
      expect(new Set(part.evidence.flatMap((e) => e.members)).size).toBe(part.covered);
    }
    const part = (signal: string) => farm.parts.find((p) => p.signal === signal);
    // Devices taken in turn, one /24, one inviter's burst, one rhythm, numbered addresses, nothing but starts.
    for (const signal of ["shared_device", "ip_prefix", "inviter_burst", "identical_timing", "email_sequence", "start_only_tree"]) {
      expect(part(signal)?.covered, signal).toBe(50);
    }
    expect(part("shared_device")!.evidence).toHaveLength(5);
    expect(part("inviter_burst")!.evidence).toEqual([expect.objectContaining({ signal: "inviter_burst", inviterId: seeded.inviter.id })]);
    expect(part("identical_timing")!.evidence).toEqual([expect.objectContaining({ gapsSeconds: [5] })]);
    expect(part("disposable_domain")).toBeUndefined();
  });

  test("the evidence keeps a network only as a keyed hash, never the address", async () => {
    const rows = await api.database.db.select().from(accountEvents).where(inArray(accountEvents.userId, farmIds()));
    expect(rows.filter((r) => r.kind === "register")).toHaveLength(50);
    expect(new Set(rows.map((r) => r.ipPrefixHash))).toEqual(new Set([expect.stringMatching(/^[\w-]{43}$/)]));
    expect(JSON.stringify(rows)).not.toContain("203.0.113");
  });

  test("a network is its IPv4 /24 or IPv6 /48", () => {
    expect(ipPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(ipPrefix("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(ipPrefix("2001:db8:12:34::1")).toBe("2001:0db8:0012::/48");
    expect(ipPrefix("2001:db8::1")).toBe("2001:0db8:0000::/48");
    expect(ipPrefix("not an address")).toBeUndefined();
    // The machine itself: a proxy left untrusted would make every client one network.
    expect(ipPrefix("127.0.0.1")).toBeUndefined();
    expect(ipPrefix("::1")).toBeUndefined();
    expect(ipPrefix("::ffff:127.0.0.1")).toBeUndefined();
  });
});

describe("banning a cluster", () => {
  test("one act bans all 50 with one audit row, and its undo unbans exactly them", async () => {
    const farm = await theFarm();
    const ban = await banCluster(api.domain, { clusterId: farm.id, memberIds: farm.members, reason: "farm", actor: "op-ann" });
    expect(ban.banned).toEqual(farmIds());
    expect(await bannedOf(farmIds())).toEqual(farmIds());
    const [audited] = await clusterAudit("cluster.ban");
    expect(await clusterAudit("cluster.ban")).toHaveLength(1);
    expect(audited).toMatchObject({ actor: "op-ann", target: `cluster_ban:${ban.id}` });
    expect(audited.detail).toMatchObject({ cluster: farm.id, reason: "farm", members: farmIds(), score: farm.score });
    // No audit row per account: the act is one.
    expect(await api.database.db.select().from(auditLog).where(eq(auditLog.action, "user.ban"))).toEqual([]);
    // A banned member cannot sign in, and reads why.
    const { answer } = await logIn(api, seeded.farm[3].email, seeded.farm[3].did);
    expect(answer.body.code).toBe(ErrorCode.accountBanned);
    const [member] = await api.database.db.select({ reason: users.banReason }).from(users).where(eq(users.id, seeded.farm[3].id));
    expect(member.reason).toBe("farm");
    // Nothing left to act on: the cluster leaves the list.
    expect((await farmClusters(api.domain)).some((c) => c.id === farm.id)).toBe(false);

    await undoClusterBan(api.domain, { banId: ban.id, actor: "op-bo" });
    expect(await bannedOf(farmIds())).toEqual([]);
    expect(await clusterAudit("cluster.unban")).toEqual([
      expect.objectContaining({ actor: "op-bo", target: `cluster_ban:${ban.id}`, detail: { cluster: farm.id, unbanned: farmIds() } }),
    ]);
    api.clock.advance(api.config.OTP_RESEND_SECONDS + 1);
    expect(expectOk((await logIn(api, seeded.farm[3].email, seeded.farm[3].did)).answer)).toMatchObject({
      user: { id: seeded.farm[3].id },
    });
  });

  test("an account banned on its own before stays banned when the cluster's ban is undone", async () => {
    const alone = seeded.farm[7];
    expect(await setUserBan(api.domain, { email: alone.email, banned: true, actor: "op-ann" })).toBe(true);
    const farm = await theFarm();
    expect(farm.members).toEqual(farmIds());
    expect(farm.banned).toEqual([alone.id]);
    const ban = await banCluster(api.domain, { clusterId: farm.id, memberIds: farm.members, reason: "bot", actor: "op-ann" });
    expect(ban.banned).toEqual(farmIds().filter((id) => id !== alone.id));
    await undoClusterBan(api.domain, { banId: ban.id, actor: "op-ann" });
    expect(await bannedOf(farmIds())).toEqual([alone.id]);
    expect(await setUserBan(api.domain, { email: alone.email, banned: false, actor: "op-ann" })).toBe(true);
  });

  test("a reason off the list, a cluster that changed, an undo of what is undone: refused, nothing banned", async () => {
    const farm = await theFarm();
    const refused = async (work: Promise<unknown>, code: number) => {
      const error = await work.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Failure);
      expect((error as Failure).code).toBe(code);
    };
    await refused(
      banCluster(api.domain, { clusterId: farm.id, memberIds: farm.members, reason: "looks odd", actor: "op" }),
      ErrorCode.farmBanReasonUnknown,
    );
    await refused(
      banCluster(api.domain, { clusterId: farm.id, memberIds: farm.members.slice(1), reason: "farm", actor: "op" }),
      ErrorCode.farmClusterChanged,
    );
    await refused(
      banCluster(api.domain, { clusterId: "0123456789abcdef", memberIds: farm.members, reason: "farm", actor: "op" }),
      ErrorCode.farmClusterChanged,
    );
    const [undone] = await api.database.db.select().from(clusterBans).limit(1);
    await refused(undoClusterBan(api.domain, { banId: undone.id, actor: "op" }), ErrorCode.farmBanNotFound);
    expect(await bannedOf(farmIds())).toEqual([]);
  });

  test("two operators banning at once ban once; two undoing at once undo once", async () => {
    const farm = await theFarm();
    const before = (await clusterAudit("cluster.ban")).length;
    const input = { clusterId: farm.id, memberIds: farm.members, reason: "farm" };
    const bans = await Promise.allSettled([
      banCluster(api.domain, { ...input, actor: "op-ann" }),
      banCluster(api.domain, { ...input, actor: "op-bo" }),
    ]);
    const done = bans.filter((b) => b.status === "fulfilled");
    expect(done).toHaveLength(1);
    const failed = bans.find((b) => b.status === "rejected")!;
    expect((failed.reason as Failure).code).toBe(ErrorCode.farmClusterBanned);
    expect(await clusterAudit("cluster.ban")).toHaveLength(before + 1);
    const live = await api.database.db
      .select()
      .from(clusterBans)
      .where(and(eq(clusterBans.clusterId, farm.id)));
    expect(live.filter((b) => !b.undoneAt)).toHaveLength(1);

    const banId = live.find((b) => !b.undoneAt)!.id;
    const undos = await Promise.allSettled([
      undoClusterBan(api.domain, { banId, actor: "op-ann" }),
      undoClusterBan(api.domain, { banId, actor: "op-bo" }),
    ]);
    expect(undos.filter((u) => u.status === "fulfilled")).toHaveLength(1);
    expect(((undos.find((u) => u.status === "rejected") as PromiseRejectedResult).reason as Failure).code).toBe(ErrorCode.farmBanNotFound);
    expect((await clusterAudit("cluster.unban")).filter((a) => a.target === `cluster_ban:${banId}`)).toHaveLength(1);
    expect(await bannedOf(farmIds())).toEqual([]);
  });

  test.runIf(!!process.env.TEST_DATABASE_URL)("the CLI lists the cluster, shows its evidence, bans it and undoes the ban", async () => {
    // The CLI's process opens PostgreSQL for the listing; the other commands run in this process.
    // The CLI runs on the system clock: evidence months old by it is still in view with this setting.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: api.databaseUrl,
      FARM_EVIDENCE_DAYS: "100000",
      LOG_LEVEL: "warn",
    };
    const farm = await theFarm();
    const listed = (await runOps(env, "farm-clusters")).trim().split("\n");
    expect(listed[0]).toBe("cluster id\tsize\tscore\tsignals (points)");
    expect(listed.find((l) => l.startsWith(farm.id))).toMatch(
      new RegExp(`^${farm.id}\\t50\\t${farm.score}\\tshared_device \\d+, ip_prefix`),
    );
    const shown = await opsIn(api, "farm-cluster", farm.id);
    expect(shown).toContain(`cluster ${farm.id}: 50 accounts, score ${farm.score}`);
    expect(shown).toContain(`"inviterId":${seeded.inviter.id}`);
    const banned = await opsIn(api, "farm-ban", farm.id, "farm");
    const banId = /^cluster ban (\d+): banned 50 of 50 accounts \(farm\)/.exec(banned)?.[1];
    expect(banId, banned).toBeDefined();
    expect(await bannedOf(farmIds())).toEqual(farmIds());
    expect(await opsIn(api, "farm-unban", banId!)).toContain(`undid cluster ban ${banId}`);
    expect(await bannedOf(farmIds())).toEqual([]);
    expect((await clusterAudit("cluster.unban")).at(-1)).toMatchObject({ actor: `cli:${userInfo().username}` });
  });
});

describe("keeping the evidence", () => {
  test("an account's evidence goes with its deletion; the others' stays", async () => {
    const leaving = seeded.ordinary[9];
    const eventsOf = async (id: number) => api.database.db.select().from(accountEvents).where(eq(accountEvents.userId, id));
    expect(await eventsOf(leaving.id)).not.toEqual([]);
    const c = caller(api, { did: leaving.did, token: leaving.token });
    expectOk(await c.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await eventsOf(leaving.id)).toEqual([]);
    expect(await eventsOf(seeded.ordinary[8].id)).not.toEqual([]);
  });

  test("the sweep deletes the evidence past FARM_EVIDENCE_DAYS and keeps the newer", async () => {
    const total = async () => (await api.database.db.select({ id: accountEvents.id }).from(accountEvents)).length;
    expect(await total()).toBeGreaterThanOrEqual(101);
    api.clock.advance(api.config.FARM_EVIDENCE_DAYS * 86_400 + 3600);
    const friend = seeded.ordinary[4];
    expectOk((await logIn(api, friend.email, friend.did)).answer);
    const sweep = startEvidenceSweep(api.domain, pino({ level: "silent" }));
    await sweep.tick();
    await sweep.stop();
    const left = await api.database.db.select().from(accountEvents);
    expect(left).toEqual([expect.objectContaining({ userId: friend.id, kind: "login", did: friend.did })]);
  });
});

describe("the fixture over HTTP", () => {
  test("seeds a farm through a listening API, as the console's end-to-end test does", async () => {
    const other = await createTestApi({ DEVICE_MAX_REGISTRATIONS: "3" });
    try {
      const url = await other.app.listen({ host: "127.0.0.1", port: 0 });
      const small = await seedFarm(
        httpTransport(url, async (email) => lastCode(other, email)),
        { farmSize: 6, ordinarySize: 4 },
      );
      const [cluster] = await farmClusters(other.domain);
      expect(cluster.members).toEqual(small.farm.map((a) => a.id).sort((a, b) => a - b));
      // The forwarded addresses reached the evidence: the farm's one /24, each ordinary account's own.
      const rows = await other.database.db.select().from(accountEvents);
      const networkOf = new Map(rows.map((r) => [r.userId, r.ipPrefixHash]));
      expect(new Set(small.farm.map((a) => networkOf.get(a.id))).size).toBe(1);
      expect(new Set(small.ordinary.map((a) => networkOf.get(a.id))).size).toBe(4);
    } finally {
      await other.close();
    }
  });
});
