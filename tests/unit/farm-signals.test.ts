/**
 * Each farm signal on its own, on accounts made up here (docs/decisions/064): what it ties, what
 * it leaves alone, and the clusters only the linking signals make.
 */
import { describe, expect, test } from "vitest";
import { apiConfigSchema, type ApiConfig } from "#api/src/config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { clusterIdOf, findClusters } from "#api/src/domain/farms/clusters.ts";
import { ipPrefixHash } from "#api/src/domain/farms/evidence.ts";
import {
  actionGaps,
  disposableDomains,
  emailSequences,
  identicalTimings,
  inviterBursts,
  sameMailboxes,
  sequencePattern,
  sharedDevices,
  sharedIpPrefixes,
  startOnlyTrees,
  type FarmAccount,
  type FarmData,
  type FarmEvent,
} from "#api/src/domain/farms/signals.ts";

const config: ApiConfig = { ...apiConfigSchema.parse({ NODE_ENV: "test" }), API_SECRET: "unit-secret" };
const T0 = Date.parse("2026-03-01T08:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function account(id: number, over: Partial<FarmAccount> = {}): FarmAccount {
  return {
    id,
    email: `person${String.fromCharCode(96 + (id % 26))}x@example.org`,
    mailbox: `mailbox-${id}`,
    inviterId: null,
    createdAt: at(id * 600),
    startedAt: null,
    claims: [],
    active: false,
    banned: false,
    ...over,
  };
}

const event = (userId: number, minutes: number, over: Partial<FarmEvent> = {}): FarmEvent => ({
  userId,
  at: at(minutes),
  did: `device-${userId}`,
  ipPrefixHash: `net-${userId}`,
  ...over,
});

const data = (accounts: FarmAccount[], events: FarmEvent[] = []): FarmData => ({ accounts, events });

describe("the signals", () => {
  test("a shared device ties the accounts that used it; a device of one ties nobody", () => {
    const found = sharedDevices(data([], [event(1, 0, { did: "d" }), event(2, 5, { did: "d" }), event(2, 9, { did: "d" }), event(3, 1)]));
    expect(found).toEqual([{ signal: "shared_device", device: "d", members: [1, 2] }]);
  });

  test("one network ties accounts only while each comes within the window of the one before", () => {
    const window = config.FARM_IP_WINDOW_MINUTES;
    const events = [
      event(1, 0, { ipPrefixHash: "n" }),
      event(2, window, { ipPrefixHash: "n" }),
      event(3, 3 * window, { ipPrefixHash: "n" }),
    ];
    expect(sharedIpPrefixes(data([], events), config)).toEqual([
      { signal: "ip_prefix", prefixHash: "n", members: [1, 2], from: at(0).toISOString(), to: at(window).toISOString() },
    ]);
  });

  test("a burst under one inviter needs FARM_BURST_SIGNUPS sign-ups in a row within the window", () => {
    const n = config.FARM_BURST_SIGNUPS;
    const burst = Array.from({ length: n }, (_, i) => account(10 + i, { inviterId: 1, createdAt: at(i * 5) }));
    const fewer = Array.from({ length: n - 1 }, (_, i) => account(30 + i, { inviterId: 2, createdAt: at(i * 5) }));
    const spread = Array.from({ length: n }, (_, i) =>
      account(50 + i, { inviterId: 3, createdAt: at(i * (config.FARM_BURST_MINUTES + 1)) }),
    );
    const found = inviterBursts(data([...burst, ...fewer, ...spread]), config);
    expect(found).toEqual([expect.objectContaining({ signal: "inviter_burst", inviterId: 1, members: burst.map((a) => a.id) })]);
  });

  test("one mailbox, numbered addresses and throwaway domains", () => {
    const accounts = [
      account(1, { mailbox: "ab@gmail.com" }),
      account(2, { mailbox: "ab@gmail.com" }),
      account(3, { email: "bob1@x.org" }),
      account(4, { email: "bob2@x.org" }),
      account(5, { email: "bob3@x.org" }),
      account(6, { email: "bob4@y.org" }),
      account(7, { email: "carol@mailinator.com" }),
    ];
    expect(sameMailboxes(data(accounts))).toEqual([{ signal: "same_mailbox", mailbox: "ab@gmail.com", members: [1, 2] }]);
    expect(sequencePattern("bob12@x.org")).toBe("bob#@x.org");
    expect(sequencePattern("bob@x.org")).toBeNull();
    expect(emailSequences(data(accounts), config)).toEqual([{ signal: "email_sequence", pattern: "bob#@x.org", members: [3, 4, 5] }]);
    expect(disposableDomains(data(accounts))).toEqual([{ signal: "disposable_domain", domain: "mailinator.com", members: [7] }]);
  });

  test("invitees who only started make a tree; one who claimed or bound is active", () => {
    const accounts = [
      account(2, { inviterId: 1, startedAt: at(1) }),
      account(3, { inviterId: 1, startedAt: at(2) }),
      account(4, { inviterId: 1, startedAt: at(3), active: true }),
      account(5, { inviterId: 1 }),
      account(6, { inviterId: 9, startedAt: at(1) }),
    ];
    expect(startOnlyTrees(data(accounts))).toEqual([{ signal: "start_only_tree", inviterId: 1, members: [2, 3] }]);
  });

  test("identical timing: every gap within the tolerance, step for step", () => {
    const tolerance = config.FARM_TIMING_TOLERANCE_SECONDS;
    const timed = (id: number, start: number, claim?: number) => {
      const createdAt = at(id * 10);
      const startedAt = new Date(createdAt.getTime() + start * 1000);
      const claims = claim === undefined ? [] : [new Date(startedAt.getTime() + claim * 1000)];
      return account(id, { createdAt, startedAt, claims, active: claims.length > 0 });
    };
    const accounts = [timed(1, 5, 700), timed(2, 5 + tolerance, 700), timed(3, 5, 700 + tolerance + 1), timed(4, 5), account(5)];
    expect(actionGaps(accounts[0])).toEqual([5, 700]);
    expect(actionGaps(accounts[4])).toBeNull();
    expect(identicalTimings(data(accounts), config)).toEqual([{ signal: "identical_timing", gapsSeconds: [5, 700], members: [1, 2] }]);
  });
});

describe("the clusters", () => {
  test("only devices, networks and bursts link; a linked group under FARM_MIN_CLUSTER is no cluster", () => {
    // Numbered addresses and identical timing everywhere, but no two accounts share a device or a network.
    const strangers = Array.from({ length: 8 }, (_, i) =>
      account(i + 1, { email: `user${i + 1}@example.org`, createdAt: at(i * 300), startedAt: at(i * 300 + 1) }),
    );
    expect(
      findClusters(
        data(
          strangers,
          strangers.map((a) => event(a.id, a.id * 300)),
        ),
        config,
      ),
    ).toEqual([]);
    // A household: four accounts on one network at once.
    const household = Array.from({ length: config.FARM_MIN_CLUSTER - 1 }, (_, i) => account(20 + i));
    expect(
      findClusters(
        data(
          household,
          household.map((a, i) => event(a.id, i, { ipPrefixHash: "home" })),
        ),
        config,
      ),
    ).toEqual([]);
  });

  test("device and network chains join into one cluster, its id the hash of its members", () => {
    const members = [1, 2, 3, 4, 5, 6];
    const accounts = members.map((id) => account(id));
    // 1-2-3 on one device, 3-4 on one network, 4-5-6 on another device.
    const events = [
      ...[1, 2, 3].map((id) => event(id, id, { did: "a" })),
      event(3, 10, { ipPrefixHash: "n" }),
      event(4, 11, { ipPrefixHash: "n" }),
      ...[4, 5, 6].map((id) => event(id, id, { did: "b" })),
    ];
    const clusters = findClusters(data(accounts, events), { ...config, FARM_MIN_SCORE: 0 });
    expect(clusters).toHaveLength(1);
    expect(clusters[0].members).toEqual(members);
    expect(clusters[0].id).toBe(clusterIdOf([6, 5, 4, 3, 2, 1]));
    expect(clusters[0].parts.map((p) => [p.signal, p.points])).toEqual([
      ["shared_device", config.FARM_WEIGHT_DEVICE],
      ["ip_prefix", Math.round((config.FARM_WEIGHT_IP_PREFIX * 2) / 6)],
    ]);
  });
});

test("a network's hash is keyed: the same /24 the same hash, another key another hash", () => {
  const ctx = { config } as DomainContext;
  const other = { config: { ...config, API_SECRET: "another" } } as DomainContext;
  expect(ipPrefixHash(ctx, "203.0.113.5")).toBe(ipPrefixHash(ctx, "203.0.113.250"));
  expect(ipPrefixHash(ctx, "203.0.113.5")).not.toBe(ipPrefixHash(ctx, "203.0.114.5"));
  expect(ipPrefixHash(ctx, "203.0.113.5")).not.toBe(ipPrefixHash(other, "203.0.113.5"));
  expect(ipPrefixHash(ctx, undefined)).toBeNull();
});
