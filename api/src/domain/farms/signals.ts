import type { ApiConfig } from "#api/src/config.ts";
import { isDisposableDomain } from "./disposable.ts";

/**
 * Farm signals (docs/decisions/064): each one a plain function from the evidence to the groups of
 * accounts it ties, with what ties them. None of them bans anyone: an operator reads them.
 */

/** One account as the signals see it. */
export interface FarmAccount {
  id: number;
  email: string;
  /** The mailbox (accounts/email.ts canonicalEmail), as the database computed it. */
  mailbox: string;
  inviterId: number | null;
  createdAt: Date;
  /** When it started the free airdrop, if it did. */
  startedAt: Date | null;
  /** Each distinct time it claimed rounds, earliest first. */
  claims: Date[];
  /** Anything done beyond starting: a claim, a bind, a follow, an invite reward, an upgrade. */
  active: boolean;
  banned: boolean;
}

/** A sign-up or sign-in kept for the signals (account_events), or a device a session names. */
export interface FarmEvent {
  userId: number;
  at: Date;
  did: string | null;
  ipPrefixHash: string | null;
}

export interface FarmData {
  accounts: FarmAccount[];
  events: FarmEvent[];
}

export type FarmSettings = Pick<
  ApiConfig,
  "FARM_IP_WINDOW_MINUTES" | "FARM_BURST_SIGNUPS" | "FARM_BURST_MINUTES" | "FARM_SEQUENCE_MIN" | "FARM_TIMING_TOLERANCE_SECONDS"
>;

/** What one signal found: the accounts it ties and what ties them (times as ISO strings, for the console). */
export type Evidence =
  | { signal: "shared_device"; members: number[]; device: string }
  | { signal: "ip_prefix"; members: number[]; prefixHash: string; from: string; to: string }
  | { signal: "inviter_burst"; members: number[]; inviterId: number; from: string; to: string }
  | { signal: "same_mailbox"; members: number[]; mailbox: string }
  | { signal: "email_sequence"; members: number[]; pattern: string }
  | { signal: "disposable_domain"; members: number[]; domain: string }
  | { signal: "start_only_tree"; members: number[]; inviterId: number }
  | { signal: "identical_timing"; members: number[]; gapsSeconds: number[] };

export type FarmSignal = Evidence["signal"];

/** The signals that link accounts into clusters; the others only add to a cluster's score. */
export const LINKING_SIGNALS: readonly FarmSignal[] = ["shared_device", "ip_prefix", "inviter_burst"];

const iso = (at: Date) => at.toISOString();
const sortedIds = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** Groups `items` by `key`, dropping those whose key is null. */
function groupBy<T, K>(items: T[], key: (item: T) => K | null): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Runs of items, in time order, each less than `windowMs` after the one before: what happened
 * together. Each run is returned with its first and last time.
 */
function runsWithin<T>(items: T[], at: (item: T) => Date, windowMs: number): { items: T[]; from: Date; to: Date }[] {
  const sorted = [...items].sort((a, b) => at(a).getTime() - at(b).getTime());
  const runs: { items: T[]; from: Date; to: Date }[] = [];
  for (const item of sorted) {
    const last = runs.at(-1);
    if (last && at(item).getTime() - last.to.getTime() <= windowMs) {
      last.items.push(item);
      last.to = at(item);
    } else runs.push({ items: [item], from: at(item), to: at(item) });
  }
  return runs;
}

/** Accounts that signed up or in on one device: a device id the app keeps per install. */
export function sharedDevices(data: FarmData): Evidence[] {
  return [...groupBy(data.events, (e) => e.did)]
    .map(([device, events]) => ({ signal: "shared_device" as const, device, members: sortedIds(events.map((e) => e.userId)) }))
    .filter((e) => e.members.length >= 2);
}

/**
 * Accounts that signed up or in from one network (hashed /24 or /48) within FARM_IP_WINDOW_MINUTES
 * of one another: one household may share a network, a farm's proxies share it at once.
 */
export function sharedIpPrefixes(data: FarmData, settings: FarmSettings): Evidence[] {
  const windowMs = settings.FARM_IP_WINDOW_MINUTES * 60_000;
  return [...groupBy(data.events, (e) => e.ipPrefixHash)].flatMap(([prefixHash, events]) =>
    runsWithin(events, (e) => e.at, windowMs)
      .map((run) => ({
        signal: "ip_prefix" as const,
        prefixHash,
        members: sortedIds(run.items.map((e) => e.userId)),
        from: iso(run.from),
        to: iso(run.to),
      }))
      .filter((e) => e.members.length >= 2),
  );
}

/** FARM_BURST_SIGNUPS or more sign-ups under one inviter, each within FARM_BURST_MINUTES of the one before. */
export function inviterBursts(data: FarmData, settings: FarmSettings): Evidence[] {
  const windowMs = settings.FARM_BURST_MINUTES * 60_000;
  return [...groupBy(data.accounts, (a) => a.inviterId)].flatMap(([inviterId, invitees]) =>
    runsWithin(invitees, (a) => a.createdAt, windowMs)
      .filter((run) => run.items.length >= settings.FARM_BURST_SIGNUPS)
      .map((run) => ({
        signal: "inviter_burst" as const,
        inviterId,
        members: sortedIds(run.items.map((a) => a.id)),
        from: iso(run.from),
        to: iso(run.to),
      })),
  );
}

/** Accounts of one mailbox (from before one mailbox was one account, decision 037). */
export function sameMailboxes(data: FarmData): Evidence[] {
  return [...groupBy(data.accounts, (a) => a.mailbox || null)]
    .map(([mailbox, accounts]) => ({ signal: "same_mailbox" as const, mailbox, members: sortedIds(accounts.map((a) => a.id)) }))
    .filter((e) => e.members.length >= 2);
}

/** The address with its local part's trailing number taken out ("bob#@x.com"), or null when it ends in none. */
export function sequencePattern(email: string): string | null {
  const at = email.lastIndexOf("@");
  const match = /^(.*?)\d+$/.exec(email.slice(0, at));
  return at > 0 && match ? `${match[1]}#@${email.slice(at + 1)}` : null;
}

/** FARM_SEQUENCE_MIN or more addresses that differ only by a number: bob1@, bob2@, bob3@ of one domain. */
export function emailSequences(data: FarmData, settings: FarmSettings): Evidence[] {
  return [...groupBy(data.accounts, (a) => sequencePattern(a.email))]
    .map(([pattern, accounts]) => ({ signal: "email_sequence" as const, pattern, members: sortedIds(accounts.map((a) => a.id)) }))
    .filter((e) => e.members.length >= settings.FARM_SEQUENCE_MIN);
}

/** Accounts whose address is at a throwaway-mail domain (the list in disposable.ts). */
export function disposableDomains(data: FarmData): Evidence[] {
  const domainOf = (a: FarmAccount) => {
    const domain = a.email.slice(a.email.lastIndexOf("@") + 1);
    return isDisposableDomain(domain) ? domain : null;
  };
  return [...groupBy(data.accounts, domainOf)].map(([domain, accounts]) => ({
    signal: "disposable_domain" as const,
    domain,
    members: sortedIds(accounts.map((a) => a.id)),
  }));
}

/**
 * Invitees that started the airdrop (which pays their inviter's Team Power) and did nothing
 * else: no claim, no bind, no follow. Grouped by inviter; two or more make a tree of them.
 */
export function startOnlyTrees(data: FarmData): Evidence[] {
  const startOnly = data.accounts.filter((a) => a.startedAt && !a.active);
  return [...groupBy(startOnly, (a) => a.inviterId)]
    .map(([inviterId, accounts]) => ({ signal: "start_only_tree" as const, inviterId, members: sortedIds(accounts.map((a) => a.id)) }))
    .filter((e) => e.members.length >= 2);
}

/** Seconds from sign-up to start, then from each step to the next claim: a script's rhythm. */
export function actionGaps(account: FarmAccount): number[] | null {
  if (!account.startedAt) return null;
  const times = [account.createdAt, account.startedAt, ...account.claims];
  return times.slice(1).map((t, i) => (t.getTime() - times[i].getTime()) / 1000);
}

/**
 * Accounts whose gaps (actionGaps) agree step for step within FARM_TIMING_TOLERANCE_SECONDS of a
 * group's first account. Groups are filed by step count and first gap, so an account is compared
 * only with the groups whose first gap is near its own.
 */
export function identicalTimings(data: FarmData, settings: FarmSettings): Evidence[] {
  const tolerance = settings.FARM_TIMING_TOLERANCE_SECONDS;
  const groups: { gaps: number[]; ids: number[] }[] = [];
  const filed = new Map<string, { gaps: number[]; ids: number[] }[]>();
  const drawer = (steps: number, second: number) => `${steps}:${second}`;
  for (const a of [...data.accounts].sort((x, y) => x.id - y.id)) {
    const gaps = actionGaps(a);
    if (!gaps) continue;
    const first = Math.floor(gaps[0]);
    let home: { gaps: number[]; ids: number[] } | undefined;
    for (let s = first - tolerance - 1; s <= first + tolerance + 1 && !home; s++) {
      home = filed.get(drawer(gaps.length, s))?.find((g) => g.gaps.every((x, i) => Math.abs(x - gaps[i]) <= tolerance));
    }
    if (home) home.ids.push(a.id);
    else {
      const group = { gaps, ids: [a.id] };
      groups.push(group);
      const key = drawer(gaps.length, first);
      (filed.get(key) ?? filed.set(key, []).get(key)!).push(group);
    }
  }
  return groups
    .filter((g) => g.ids.length >= 2)
    .map((g) => ({ signal: "identical_timing" as const, gapsSeconds: g.gaps.map(Math.round), members: sortedIds(g.ids) }));
}

/** Every signal's findings, by signal. */
export function allSignals(data: FarmData, settings: FarmSettings): Record<FarmSignal, Evidence[]> {
  return {
    shared_device: sharedDevices(data),
    ip_prefix: sharedIpPrefixes(data, settings),
    inviter_burst: inviterBursts(data, settings),
    same_mailbox: sameMailboxes(data),
    email_sequence: emailSequences(data, settings),
    disposable_domain: disposableDomains(data),
    start_only_tree: startOnlyTrees(data),
    identical_timing: identicalTimings(data, settings),
  };
}
