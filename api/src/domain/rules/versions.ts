import { asc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import { auditLog, ruleVersions } from "#api/src/db/schema.ts";
import { currentRound, isRoundBoundary, roundClosesAt, type Schedule } from "#api/src/domain/airdrop/schedule.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { RuleBook, type RuleVersion } from "./book.ts";
import { changedKeys, isRuleKey, readRules, RULE_KEYS, rulesOfConfig, rulesSchema, type RuleKey, type Rules } from "./rule-keys.ts";

interface StoredVersion extends RuleVersion {
  cancelledAt: Date | null;
}

/** Why the operator command refused: each names what to do instead. */
export type RefusalReason =
  | "no_version"
  | "bad_time"
  | "past"
  | "too_soon"
  | "before_scheduled"
  | "not_boundary"
  | "unknown_key"
  | "invalid_value"
  | "no_change"
  | "unknown_version"
  | "cancelled"
  | "started"
  | "too_late"
  | "not_last";

export class RulesRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

// Any constant of our own (distribution 72_716_001, migrations 72_716_002): operators scheduling at once take turns.
const RULES_LOCK = 72_716_003;

/**
 * A cancel must come this long before the version starts: the other instances re-read the
 * versions at each scheduler tick, and none may have begun paying by one that is then withdrawn.
 */
const CANCEL_MARGIN_MS = 10 * 60_000;

type Base = Pick<DomainContext, "db" | "config" | "clock">;

/** Every stored version, cancelled ones too, by number. */
async function readVersions(ctx: Pick<DomainContext, "db">): Promise<StoredVersion[]> {
  const rows = await ctx.db.select().from(ruleVersions).orderBy(asc(ruleVersions.version));
  return rows.map((r) => ({
    version: r.version,
    effectiveAt: r.effectiveAt,
    // A key added to the code after a version was written reads as its default there, the same on every instance.
    values: readRules(r.values),
    createdAt: r.createdAt,
    note: r.note,
    cancelledAt: r.cancelledAt,
  }));
}

const takingEffect = (rows: StoredVersion[]) => rows.filter((r) => !r.cancelledAt);

/**
 * Version 1, from the environment, when there is none yet. Instances starting at once each try;
 * the primary key lets one row in and the others read it.
 */
async function seedFirstVersion(ctx: Base): Promise<boolean> {
  const written = await ctx.db
    .insert(ruleVersions)
    .values({
      version: 1,
      effectiveAt: new Date(ctx.config.ROUND_EPOCH),
      values: rulesOfConfig(ctx.config),
      createdAt: ctx.clock.now(),
      note: "from the environment at the first start",
    })
    .onConflictDoNothing()
    .returning({ version: ruleVersions.version });
  return written.length > 0;
}

/** The environment's rules as the only version, in memory: before anything is stored, and for the benchmarks. */
export function environmentRuleBook(config: DomainContext["config"]): RuleBook {
  const epoch = new Date(config.ROUND_EPOCH);
  return new RuleBook(epoch.getTime(), [{ version: 1, effectiveAt: epoch, values: rulesOfConfig(config), createdAt: epoch, note: "" }]);
}

/**
 * The rule book a process goes by. A service start (`seed`) writes version 1 from the environment
 * into an empty table; after that the environment's rule values are not used, and any that
 * differ from the version in force are named in a warning, so a forgotten change is seen. An
 * operator command does not seed (its shell may lack the service's settings): before the first
 * start it goes by the environment's values, in memory only.
 */
export async function openRuleBook(ctx: Base, opts: { seed: boolean; log?: Pick<Logger, "info" | "warn"> }): Promise<RuleBook> {
  const epochMs = Date.parse(ctx.config.ROUND_EPOCH);
  if (opts.seed && (await seedFirstVersion(ctx))) opts.log?.info("rule version 1 written from the environment");
  const versions = takingEffect(await readVersions(ctx));
  if (versions.length === 0) return environmentRuleBook(ctx.config);
  const book = new RuleBook(epochMs, versions);
  const inForce = book.at(ctx.clock.now());
  const ignored = changedKeys(inForce.values, rulesOfConfig(ctx.config));
  if (opts.seed && ignored.length > 0) {
    opts.log?.warn(
      { keys: ignored, version: inForce.version },
      `the environment's ${ignored.join(", ")} differ from rule version ${inForce.version} in force and are not used: ` +
        "rules change only through `npm run ops -- schedule-rules`",
    );
  }
  return book;
}

/** Reads the versions again into the context's book: each scheduler tick, and after a change made here. */
export async function refreshRules(ctx: DomainContext): Promise<void> {
  const versions = takingEffect(await readVersions(ctx));
  if (versions.length > 0) ctx.ruleBook.replace(versions);
}

const iso = (at: Date) => at.toISOString().replace(".000Z", "Z");

/** The first round boundary at or after `at`. */
function boundaryFrom(s: Schedule, at: Date): Date {
  return isRoundBoundary(s, at) ? at : roundClosesAt(s, currentRound(s, at));
}

const isoTime = z.iso.datetime({ offset: true });

function parseTime(text: string): Date {
  if (!isoTime.safeParse(text).success) {
    throw new RulesRefused("bad_time", `not a time: ${text} (an ISO 8601 time with its offset, like 2026-12-01T16:00:00Z)`);
  }
  return new Date(text);
}

/** `KEY=VALUE` pairs, each checked as the environment's setting is. */
function parseSets(pairs: readonly string[]): Partial<Rules> {
  const set: Partial<Record<RuleKey, unknown>> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const key = at > 0 ? pair.slice(0, at).trim() : "";
    const value = at > 0 ? pair.slice(at + 1).trim() : "";
    if (!isRuleKey(key)) {
      throw new RulesRefused("unknown_key", `not a rule: ${pair.split("=")[0]} (the rules are ${RULE_KEYS.join(", ")})`);
    }
    if (key in set) throw new RulesRefused("invalid_value", `${key} is set twice`);
    const parsed = rulesSchema.shape[key].safeParse(value);
    if (value === "" || !parsed.success) {
      throw new RulesRefused("invalid_value", `${key}=${value}: ${parsed.error?.issues[0]?.message ?? "a value is needed"}`);
    }
    set[key] = parsed.data;
  }
  return set as Partial<Rules>;
}

export interface RuleChange {
  key: RuleKey;
  from: Rules[RuleKey];
  to: Rules[RuleKey];
}

function changesBetween(before: Rules, after: Rules): RuleChange[] {
  return changedKeys(before, after).map((key) => ({ key, from: before[key], to: after[key] }));
}

/**
 * Schedules a new rule version (the operator command schedule-rules): the version before it with
 * `set` applied, from `at`. Refused unless `at` is at least the version in force's MIN_RULES_NOTICE_HOURS away, after
 * every version already scheduled, and a round boundary of the schedule those make (a new round
 * length starts with a round); refused too when it changes nothing. Audited.
 */
export async function scheduleRules(
  ctx: DomainContext,
  input: { at: string; set: readonly string[]; note?: string; actor: string },
): Promise<{ version: number; effectiveAt: Date; changes: RuleChange[] }> {
  const at = parseTime(input.at);
  const set = parseSets(input.set);
  const scheduled = await inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK})`);
    const rows = await readVersions(tx);
    const versions = takingEffect(rows);
    if (versions.length === 0) {
      throw new RulesRefused("no_version", "no rule version yet: start the service once, and it writes version 1 from its settings");
    }
    const now = tx.clock.now();
    const book = new RuleBook(Date.parse(tx.config.ROUND_EPOCH), versions);
    if (at.getTime() <= now.getTime()) throw new RulesRefused("past", `${iso(at)} is in the past: rules change only ahead of time`);
    // The version in force's notice, as /rules publishes it: never the notice of this process's environment.
    const hours = book.at(now).values.MIN_RULES_NOTICE_HOURS;
    const earliest = new Date(now.getTime() + hours * 3_600_000);
    if (at < earliest) {
      throw new RulesRefused(
        "too_soon",
        `${iso(at)} is too soon: users get ${hours} hours' notice (MIN_RULES_NOTICE_HOURS of the version in force); ` +
          `the first round boundary after that is ${iso(boundaryFrom(book.schedule, earliest))}`,
      );
    }
    const last = book.versions.at(-1)!;
    if (at <= last.effectiveAt) {
      throw new RulesRefused(
        "before_scheduled",
        `version ${last.version} is scheduled for ${iso(last.effectiveAt)}: a new version starts after it (or cancel it first: cancel-rules ${last.version})`,
      );
    }
    if (!isRoundBoundary(book.schedule, at)) {
      throw new RulesRefused(
        "not_boundary",
        `${iso(at)} is not a round boundary: rules change between rounds; the next boundary is ${iso(boundaryFrom(book.schedule, at))}`,
      );
    }
    const values = readRules({ ...last.values, ...set });
    if (values.STONE_POWER_MIN > values.STONE_POWER_MAX) {
      throw new RulesRefused(
        "invalid_value",
        `STONE_POWER_MIN (${values.STONE_POWER_MIN}) is above STONE_POWER_MAX (${values.STONE_POWER_MAX})`,
      );
    }
    const changes = changesBetween(last.values, values);
    if (changes.length === 0) throw new RulesRefused("no_change", `nothing changes: version ${last.version} already has these values`);
    const version = Math.max(...rows.map((r) => r.version)) + 1;
    const note = input.note?.trim() ?? "";
    await tx.db.insert(ruleVersions).values({ version, effectiveAt: at, values, createdAt: now, note });
    await tx.db.insert(auditLog).values({
      at: now,
      actor: input.actor,
      action: "rules.schedule",
      target: `rules:${version}`,
      detail: { effective_at: iso(at), changes, note },
    });
    return { version, effectiveAt: at, changes };
  });
  await refreshRules(ctx);
  return scheduled;
}

/**
 * Withdraws the last scheduled version (the operator command cancel-rules) while it is still at
 * least CANCEL_MARGIN_MS away. The row stays, marked cancelled, so its number is never reused.
 * Audited.
 */
export async function cancelRules(ctx: DomainContext, input: { version: number; actor: string }): Promise<{ effectiveAt: Date }> {
  const cancelled = await inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK})`);
    const rows = await readVersions(tx);
    const row = rows.find((r) => r.version === input.version);
    const now = tx.clock.now();
    if (!row) throw new RulesRefused("unknown_version", `no rule version ${input.version}`);
    if (row.cancelledAt) throw new RulesRefused("cancelled", `version ${row.version} was cancelled at ${iso(row.cancelledAt)}`);
    if (row.version === 1 || row.effectiveAt <= now) {
      throw new RulesRefused(
        "started",
        `version ${row.version} took effect at ${iso(row.effectiveAt)}: it cannot be withdrawn; schedule a version that sets the values back`,
      );
    }
    if (row.effectiveAt.getTime() - now.getTime() < CANCEL_MARGIN_MS) {
      throw new RulesRefused(
        "too_late",
        `version ${row.version} starts at ${iso(row.effectiveAt)}, in less than ${CANCEL_MARGIN_MS / 60_000} minutes: ` +
          "instances may already go by it; schedule a version that sets the values back",
      );
    }
    const last = takingEffect(rows).at(-1)!;
    if (last.version !== row.version) {
      throw new RulesRefused("not_last", `version ${last.version} is scheduled after it: cancel that one first`);
    }
    await tx.db.update(ruleVersions).set({ cancelledAt: now }).where(eq(ruleVersions.version, row.version));
    await tx.db.insert(auditLog).values({
      at: now,
      actor: input.actor,
      action: "rules.cancel",
      target: `rules:${row.version}`,
      detail: { effective_at: iso(row.effectiveAt) },
    });
    return { effectiveAt: row.effectiveAt };
  });
  await refreshRules(ctx);
  return cancelled;
}

export interface VersionSummary {
  version: number;
  effectiveAt: Date;
  state: "past" | "in force" | "scheduled" | "cancelled";
  /** What it changes from the version before it that took effect; none for version 1. */
  changes: RuleChange[];
  note: string;
}

/** Every version, by number, with what it changed: the operator command `rules`. */
export async function listVersions(ctx: DomainContext): Promise<VersionSummary[]> {
  const rows = await readVersions(ctx);
  const live = takingEffect(rows);
  if (live.length === 0) return [];
  const inForce = new RuleBook(Date.parse(ctx.config.ROUND_EPOCH), live).at(ctx.clock.now());
  return rows.map((row) => {
    const before = live.filter((v) => v.effectiveAt < row.effectiveAt).at(-1);
    const state = row.cancelledAt
      ? "cancelled"
      : row.version === inForce.version
        ? "in force"
        : row.effectiveAt > ctx.clock.now()
          ? "scheduled"
          : "past";
    return {
      version: row.version,
      effectiveAt: row.effectiveAt,
      state,
      changes: before ? changesBetween(before.values, row.values) : [],
      note: row.note,
    };
  });
}
