import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishedRulesResult, type PublishedRules } from "#contract/rules.ts";
import { openDatabase, type Database } from "#api/src/db/client.ts";
import { auditLog, ruleVersions } from "#api/src/db/schema.ts";
import { roundRuleVersion, ruleVersionAt } from "#api/src/domain/rules/in-force.ts";
import { cancelRules, openRuleBook, RulesRefused, scheduleRules, type RefusalReason } from "#api/src/domain/rules/versions.ts";
import { ManualClock } from "#api/src/lib/clock.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { closeOf, collect, mintInfo, mintList, roundConfig, setInRound, start } from "./airdrop-helpers.ts";
import { caller, expectOk, opsIn, signUp } from "./helpers.ts";

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The refusal a scheduling or a cancel meets, by its reason. */
async function refusal(work: Promise<unknown>): Promise<RefusalReason> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(RulesRefused);
  return (error as RulesRefused).reason;
}

async function published(api: TestApi): Promise<PublishedRules> {
  // No token: the rules are public.
  const data = expectOk<PublishedRules>(await caller(api).call("GET", "/v1/rules/"));
  const parsed = publishedRulesResult.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

// 10-minute rounds from 2026-03-01T00:00Z; the clock starts at 08:00, in round 49. One hour's notice.
describe("a rule version scheduled ahead", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ MIN_RULES_NOTICE_HOURS: "1" }));
  });
  afterAll(async () => api.close());

  test("pays from its start and not before: the round closing at the start pays the old rate, even distributed late; the next the new", async () => {
    setInRound(api, 49, 30);
    const a = await signUp(api);
    await start(a.client);
    // Effective at round 56's close (09:20): round 57 is the first to run under it.
    const scheduled = await scheduleRules(api.domain, {
      at: iso(closeOf(56)),
      set: ["VV_PER_POWER_PER_ROUND=0.02", "GIFT_POWER=15"],
      note: "double VV",
      actor: "test-operator",
    });
    expect(scheduled.version).toBe(2);
    expect(scheduled.changes).toEqual([
      { key: "VV_PER_POWER_PER_ROUND", from: "0.01", to: "0.02" },
      { key: "GIFT_POWER", from: 10, to: 15 },
    ]);

    // Rounds 50-55 close and are paid on time, and claimed (three unclaimed would pause the airdrop).
    for (let round = 50; round <= 55; round++) {
      setInRound(api, round + 1, 5);
      await api.distribute();
      expect((await collect(a.client)).amount).toBe("1.00000000");
    }
    // Round 56 closes at the start, but the scheduler is down until round 58: 56 and 57 are paid then.
    setInRound(api, 58, 5);
    expect((await mintInfo(a.client)).round_token).toBe("2.00000000");
    await api.distribute();
    const rows = await mintList(a.client);
    expect(rows.slice(0, 3).map((r) => [r.round_number, r.amount])).toEqual([
      [57, "2.00000000"],
      [56, "1.00000000"],
      [55, "1.00000000"],
    ]);
    expect((await collect(a.client)).amount).toBe("3.00000000");
    expect(roundRuleVersion(api.domain, 56)).toBe(1);
    expect(roundRuleVersion(api.domain, 57)).toBe(2);
    expect(ruleVersionAt(api.domain, new Date(closeOf(56) * 1000 - 1))).toBe(1);
    expect(ruleVersionAt(api.domain, new Date(closeOf(56) * 1000))).toBe(2);
  });

  test("the operator's change is audited with what it changes", async () => {
    const [line] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, "rules.schedule"));
    expect(line).toMatchObject({ actor: "test-operator", target: "rules:2" });
    expect(line.detail).toMatchObject({ effective_at: iso(closeOf(56)).replace(".000Z", "Z"), note: "double VV" });
  });
});

// 10-minute rounds; the service at the default notice of 24 hours, written into version 1.
describe("the notice a change is published with", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig());
    setInRound(api, 49, 30);
  });
  afterAll(async () => api.close());

  const hoursAhead = (hours: number) => closeOf(49 + (hours * 3600) / 600);

  test("is the published one whatever the scheduling process's own setting says", async () => {
    expect((await published(api)).notice_hours).toBe(24);
    // An operator command whose shell says one hour: the database's 24 hours still hold.
    const shortened = { ...api.domain, config: { ...api.domain.config, MIN_RULES_NOTICE_HOURS: 1 } };
    expect(await refusal(scheduleRules(shortened, { at: iso(hoursAhead(2)), set: ["GIFT_POWER=11"], actor: "t" }))).toBe("too_soon");
    expect((await published(api)).upcoming).toEqual([]);
  });

  test("lowering the notice is itself a change published with the notice in force, and holds from its start", async () => {
    const start = hoursAhead(24);
    await scheduleRules(api.domain, { at: iso(start), set: ["MIN_RULES_NOTICE_HOURS=1"], actor: "t" });
    const before = await published(api);
    expect(before.notice_hours).toBe(24);
    expect(before.next?.values.notice_hours).toBe(1);
    expect(await refusal(scheduleRules(api.domain, { at: iso(hoursAhead(2)), set: ["GIFT_POWER=11"], actor: "t" }))).toBe("too_soon");

    api.clock.set(new Date((start + 30) * 1000));
    expect((await published(api)).notice_hours).toBe(1);
    const sooner = await scheduleRules(api.domain, { at: iso(start + 2 * 3600), set: ["GIFT_POWER=11"], actor: "t" });
    expect(sooner.version).toBe(3);
  });
});

describe("rules that change for things already made", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ MIN_RULES_NOTICE_HOURS: "1" }));
  });
  afterAll(async () => api.close());

  test("a stone made under the old bonus rates keeps its rate, and is named by the nearest rate in force", async () => {
    setInRound(api, 49, 30);
    const a = await signUp(api);
    type Stones = { list: { buff_ratio: number; name: string }[] };
    const [made] = expectOk<Stones>(await a.client.call("GET", "/v1/mint/force_stone/")).list;
    await scheduleRules(api.domain, { at: iso(closeOf(56)), set: ["STONE_RATIOS=6,11,16,21"], actor: "t" });
    setInRound(api, 57, 1);
    const [after] = expectOk<Stones>(await a.client.call("GET", "/v1/mint/force_stone/")).list;
    const kinds = { 5: "earth", 10: "water", 15: "wind", 20: "fire" } as Record<number, string>;
    expect(after).toMatchObject({ buff_ratio: made.buff_ratio, name: kinds[made.buff_ratio] });
  });
});

describe("GET /v1/rules/", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ MIN_RULES_NOTICE_HOURS: "1", TEAM_L1_PERCENT: "30" }));
  });
  afterAll(async () => api.close());

  test("states the version in force, the next with its start, and the history, without a login", async () => {
    setInRound(api, 49, 30);
    const before = await published(api);
    expect(before.in_force).toEqual({
      version: 1,
      effective_at: closeOf(0),
      values: {
        round_seconds: 600,
        vv_per_power_per_round: "0.01000000",
        suspend_threshold: 3,
        start_power: 100,
        team_l1_percent: 30,
        team_l2_percent: 5,
        bind_power: 20,
        follow_power: 50,
        follow_wait_seconds: 300,
        invite_power: 100,
        invite_friends: 3,
        upgrade_power: 50,
        remind_per_day: 2,
        remind_gap_seconds: 14400,
        stone_schedule: [
          { count: 32, every_days: 1 },
          { count: 16, every_days: 2 },
          { count: 8, every_days: 4 },
          { count: 2, every_days: 16 },
          { count: null, every_days: 32 },
        ],
        stone_max: 5,
        stone_power_min: 10,
        stone_power_max: 100,
        stone_ratios: [5, 10, 15, 20],
        gift_boxes_per_day: 2,
        gift_boxes_max: 10,
        gift_power: 10,
        notice_hours: 1,
      },
    });
    expect(before).toMatchObject({ next: null, upcoming: [], notice_hours: 1, server_time: closeOf(48) + 30 });
    expect(before.history.map((v) => v.version)).toEqual([1]);

    await scheduleRules(api.domain, { at: iso(closeOf(60)), set: ["SUSPEND_THRESHOLD=4"], actor: "t" });
    const scheduled = await published(api);
    expect(scheduled.in_force.version).toBe(1);
    expect(scheduled.next).toMatchObject({ version: 2, effective_at: closeOf(60), values: { suspend_threshold: 4, team_l1_percent: 30 } });
    expect(scheduled.upcoming.map((v) => v.version)).toEqual([2]);

    setInRound(api, 61, 1);
    const after = await published(api);
    expect(after.in_force.version).toBe(2);
    expect(after.next).toBeNull();
    expect(after.history.map((v) => v.version)).toEqual([2, 1]);
  });
});

describe("a round length that changes", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ MIN_RULES_NOTICE_HOURS: "1" }));
  });
  afterAll(async () => api.close());

  test("rounds keep their numbers; from the version's start they are the new length, counted from that boundary", async () => {
    setInRound(api, 49, 30);
    const a = await signUp(api);
    await start(a.client);
    // From round 56's close (09:20), 20-minute rounds: 57 closes at 09:40, 58 at 10:00.
    await scheduleRules(api.domain, { at: iso(closeOf(56)), set: ["ROUND_SECONDS=1200"], actor: "t" });
    const closes = [50, 51, 52, 53, 54, 55, 56].map(closeOf).concat([closeOf(56) + 1200, closeOf(56) + 2400]);
    for (const close of closes) {
      // A minute before each close, the round in progress; then its close, distributed and claimed.
      api.clock.set(new Date((close - 60) * 1000));
      const before = await mintInfo(a.client);
      expect(before.next_round_timestamp).toBe(close);
      expect(before.round_seconds).toBe(close <= closeOf(56) ? 600 : 1200);
      api.clock.set(new Date((close + 5) * 1000));
      await api.distribute();
      await collect(a.client);
    }
    const rows = await mintList(a.client);
    expect(rows.map((r) => [r.round_number, r.airdrop_at])).toEqual(
      [58, 57, 56, 55, 54, 53, 52, 51, 50].map((n) => [n, n <= 56 ? closeOf(n) : closeOf(56) + (n - 56) * 1200]),
    );
    expect((await mintInfo(a.client)).next_round_number).toBe(59);

    // The next version must start at a boundary of the new schedule: 11:10 is inside a 20-minute round (11:00-11:20).
    expect(await refusal(scheduleRules(api.domain, { at: "2026-03-01T11:10:00Z", set: ["GIFT_POWER=11"], actor: "t" }))).toBe(
      "not_boundary",
    );
    await expect(scheduleRules(api.domain, { at: "2026-03-01T11:20:00Z", set: ["GIFT_POWER=11"], actor: "t" })).resolves.toMatchObject({
      version: 3,
    });
  });
});

describe("the operator's refusals", () => {
  let api: TestApi;
  beforeAll(async () => {
    // Default 24 hours' notice.
    api = await createTestApi(roundConfig());
  });
  afterAll(async () => api.close());
  const schedule = (at: string, ...set: string[]) => scheduleRules(api.domain, { at, set, actor: "t" });

  test("a time in the past, too soon, not a boundary, or no time at all", async () => {
    setInRound(api, 49, 30);
    expect(await refusal(schedule("2026-03-01T07:00:00Z", "GIFT_POWER=11"))).toBe("past");
    expect(await refusal(schedule("2026-03-01T08:00:30Z", "GIFT_POWER=11"))).toBe("past");
    // Less than 24 hours ahead, boundary or not.
    expect(await refusal(schedule("2026-03-02T08:00:00Z", "GIFT_POWER=11"))).toBe("too_soon");
    await expect(schedule("2026-03-02T08:00:00Z", "GIFT_POWER=11")).rejects.toThrow(
      /first round boundary after that is 2026-03-02T08:10:00Z/,
    );
    expect(await refusal(schedule("2026-03-02T09:05:00Z", "GIFT_POWER=11"))).toBe("not_boundary");
    expect(await refusal(schedule("next week", "GIFT_POWER=11"))).toBe("bad_time");
    expect(await refusal(schedule("2026-03-02T09:10:00", "GIFT_POWER=11"))).toBe("bad_time");
  });

  test("an unknown key, a value the setting's own check refuses, or nothing that changes", async () => {
    const at = "2026-03-02T09:10:00Z";
    expect(await refusal(schedule(at, "ROUND_EPOCH=2026-04-01T00:00:00Z"))).toBe("unknown_key");
    expect(await refusal(schedule(at, "API_SECRET=x"))).toBe("unknown_key");
    expect(await refusal(schedule(at, "VV_PER_POWER_PER_ROUND=0.000000001"))).toBe("invalid_value");
    expect(await refusal(schedule(at, "ROUND_SECONDS=0"))).toBe("invalid_value");
    expect(await refusal(schedule(at, "STONE_RATIOS=5,10"))).toBe("invalid_value");
    expect(await refusal(schedule(at, "GIFT_POWER="))).toBe("invalid_value");
    expect(await refusal(schedule(at, "GIFT_POWER=11", "GIFT_POWER=12"))).toBe("invalid_value");
    expect(await refusal(schedule(at, "STONE_POWER_MIN=200"))).toBe("invalid_value");
    expect(await refusal(schedule(at, "GIFT_POWER=10", "VV_PER_POWER_PER_ROUND=0.010"))).toBe("no_change");
    expect(await api.database.db.select().from(ruleVersions)).toHaveLength(1);
  });

  test("a time before a version already scheduled; cancelling only the last, never a started one, and not at the last minute", async () => {
    await expect(schedule("2026-03-03T00:00:00Z", "GIFT_POWER=11")).resolves.toMatchObject({ version: 2 });
    expect(await refusal(schedule("2026-03-02T12:00:00Z", "GIFT_POWER=12"))).toBe("before_scheduled");
    expect(await refusal(schedule("2026-03-03T00:00:00Z", "GIFT_POWER=12"))).toBe("before_scheduled");
    await expect(schedule("2026-03-04T00:00:00Z", "GIFT_POWER=12")).resolves.toMatchObject({ version: 3 });

    const cancel = (version: number) => cancelRules(api.domain, { version, actor: "t" });
    expect(await refusal(cancel(1))).toBe("started");
    expect(await refusal(cancel(2))).toBe("not_last");
    expect(await refusal(cancel(9))).toBe("unknown_version");
    await cancel(3);
    expect(await refusal(cancel(3))).toBe("cancelled");
    // A cancelled number is not reused.
    await expect(schedule("2026-03-05T00:00:00Z", "GIFT_POWER=13")).resolves.toMatchObject({ version: 4 });
    await cancel(4);

    api.clock.set("2026-03-02T23:55:00Z");
    expect(await refusal(cancel(2))).toBe("too_late");
    api.clock.set("2026-03-03T00:00:00Z");
    expect(await refusal(cancel(2))).toBe("started");
    const rules = await published(api);
    expect(rules.in_force).toMatchObject({ version: 2, values: { gift_power: 11 } });
    expect(rules.next).toBeNull();
    const actions = await api.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(actions.map((l) => `${l.action} ${l.target}`)).toEqual([
      "rules.schedule rules:2",
      "rules.schedule rules:3",
      "rules.cancel rules:3",
      "rules.schedule rules:4",
      "rules.cancel rules:4",
    ]);
  });
});

describe("version 1", () => {
  let api: TestApi;
  let second: Database | undefined;
  const clock = new ManualClock(new Date("2026-03-01T08:00:00Z"));
  beforeAll(async () => {
    api = await createTestApi(roundConfig());
    // On PostgreSQL the second instance has connections of its own.
    second = api.databaseUrl ? await openDatabase({ url: api.databaseUrl }) : undefined;
  });
  afterAll(async () => {
    await second?.close();
    await api.close();
  });

  test("two instances starting at once on an empty table write one version 1, and both go by it", async () => {
    const db = api.database.db;
    await db.delete(ruleVersions);
    const [a, b] = await Promise.all([
      openRuleBook({ db, config: { ...api.config, GIFT_POWER: 10 }, clock }, { seed: true }),
      openRuleBook({ db: (second ?? api.database).db, config: { ...api.config, GIFT_POWER: 99 }, clock }, { seed: true }),
    ]);
    const rows = await db.select().from(ruleVersions);
    expect(rows.map((r) => [r.version, r.effectiveAt.toISOString()])).toEqual([[1, "2026-03-01T00:00:00.000Z"]]);
    expect(a.at(clock.now()).values).toEqual(b.at(clock.now()).values);
    expect([10, 99]).toContain(a.at(clock.now()).values.GIFT_POWER);
  });

  test("once written, the environment's rules are not used: a start with other values warns, naming them", async () => {
    const db = api.database.db;
    await db.delete(ruleVersions);
    await openRuleBook({ db, config: api.config, clock }, { seed: true });
    const warnings: { keys: string[]; version: number }[] = [];
    const log = { info: () => {}, warn: (fields: { keys: string[]; version: number }) => void warnings.push(fields) };
    const changed = { ...api.config, GIFT_POWER: 777, ROUND_SECONDS: 60, MIN_RULES_NOTICE_HOURS: 99 };
    const book = await openRuleBook({ db, config: changed, clock }, { seed: true, log: log as never });
    expect(book.at(clock.now()).values).toMatchObject({ GIFT_POWER: 10, ROUND_SECONDS: 600 });
    expect(warnings).toEqual([{ keys: ["ROUND_SECONDS", "GIFT_POWER", "MIN_RULES_NOTICE_HOURS"], version: 1 }]);
    expect(await db.select().from(ruleVersions)).toHaveLength(1);
  });
});

describe("npm run ops -- schedule-rules, rules, cancel-rules", () => {
  test("the commands: a refusal says its reason; a scheduled version is listed with its changes", async () => {
    const book = await createTestApi();
    try {
      await expect(opsIn(book, "schedule-rules", "--at", "2026-01-01T08:00:00Z", "--set", "GIFT_POWER=12")).rejects.toThrow(/in the past/);
      // 8-hour rounds from 2026-01-01: the first boundary two days ahead.
      const eight = 8 * 3_600_000;
      const epoch = Date.parse("2026-01-01T00:00:00Z");
      const now = book.clock.now().getTime();
      const at = new Date(epoch + Math.ceil((now + 48 * 3_600_000 - epoch) / eight) * eight).toISOString().replace(".000Z", "Z");
      const done = await opsIn(
        book,
        "schedule-rules",
        "--at",
        at,
        "--set",
        "GIFT_POWER=12",
        "--set",
        "START_POWER=150",
        "--note",
        "launch week",
      );
      expect(done).toBe(`scheduled rule version 2 from ${at}: START_POWER 100 -> 150, GIFT_POWER 10 -> 12`);
      const listed = (await opsIn(book, "rules")).split("\n");
      expect(listed[0]).toBe("version\tfrom\tstate\tchanges\tnote");
      expect(listed[1]).toMatch(/^1\t2026-01-01T00:00:00Z\tin force\tfirst version\t/);
      expect(listed[2]).toBe(`2\t${at}\tscheduled\tSTART_POWER 100 -> 150, GIFT_POWER 10 -> 12\tlaunch week`);
      expect(await opsIn(book, "cancel-rules", "2")).toBe(`cancelled rule version 2, which was to start at ${at}`);
    } finally {
      await book.close();
    }
  });
});
