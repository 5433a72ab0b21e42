import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exchangeInfoSchema, stoneListResult, type ExchangeInfo, type ForceStone } from "#contract/tools.ts";
import { buildApp } from "#api/src/app.ts";
import { forceStones } from "#api/src/db/schema.ts";
import { stoneOf } from "#api/src/domain/tools/stones.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectOk, signUp, type Caller } from "./helpers.ts";

// Magic stones: made lazily on the schedule 32x1,16x2,8x4,2x16,*x32 (days after
// registration), at most 5 unused held, one falling due while 5 are held is forfeited.
const DAY = 86_400;
const KIND_BY_RATIO: Record<number, string> = { 5: "earth", 10: "water", 15: "wind", 20: "fire" };

/** The due day of stone k, written out from the schedule above (not taken from the code under test). */
const DUE_DAYS: number[] = (() => {
  const days: number[] = [];
  for (let d = 0; d <= 31; d++) days.push(d);
  for (let d = 33; d <= 63; d += 2) days.push(d);
  for (let d = 67; d <= 95; d += 4) days.push(d);
  days.push(111, 127);
  for (let d = 159; days.length < 200; d += 32) days.push(d);
  return days;
})();
const dueDay = (k: number) => DUE_DAYS[k - 1];
const dueBy = (day: number) => DUE_DAYS.filter((d) => d <= day).length;

let api: TestApi;
beforeAll(async () => {
  // The 400-day walk must not outlive its login token.
  api = await createTestApi({ TOKEN_IDLE_DAYS: "1000" });
});
afterAll(async () => api.close());

type StoneList = { list: ForceStone[]; max_stones: number; next_stone_at: number | null; open_team: ExchangeInfo | null };

async function stones(c: Caller): Promise<StoneList> {
  const data = expectOk<StoneList>(await c.call("GET", "/v1/mint/force_stone/"));
  const parsed = stoneListResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(data.list.length).toBeLessThanOrEqual(5);
  for (const s of data.list) checkStone(s);
  return data;
}

const nowSeconds = () => Math.floor(api.clock.now().getTime() / 1000);

/** Every stone the user ever got (used or not), oldest first, straight from the database. */
async function madeStones(userId: number) {
  return api.database.db.select().from(forceStones).where(eq(forceStones.userId, userId)).orderBy(asc(forceStones.seq));
}

/** Each stone's own checks: what the rules allow, and the same values every time it is listed. */
const seen = new Map<number, { power: number; buff_ratio: number; name: string }>();
function checkStone(s: ForceStone): void {
  expect(s.power).toBeGreaterThanOrEqual(10);
  expect(s.power).toBeLessThanOrEqual(100);
  expect([5, 10, 15, 20]).toContain(s.buff_ratio);
  expect(s.name).toBe(KIND_BY_RATIO[s.buff_ratio]);
  const before = seen.get(s.force_stone_id);
  if (before) expect({ power: s.power, buff_ratio: s.buff_ratio, name: s.name }).toEqual(before);
  else seen.set(s.force_stone_id, { power: s.power, buff_ratio: s.buff_ratio, name: s.name });
}

async function createExchange(c: Caller, stoneId: number, quota: number): Promise<ExchangeInfo> {
  const exchange = expectOk<ExchangeInfo>(
    await c.call("POST", "/v1/mint/force_stone/team/", { force_stone_id: stoneId, member_count: quota }),
  );
  expect(exchangeInfoSchema.strict().safeParse(exchange).success).toBe(true);
  return exchange;
}

async function joinExchange(c: Caller, code: string, stoneId: number): Promise<ExchangeInfo> {
  return expectOk<ExchangeInfo>(await c.call("POST", "/v1/mint/force_stone/team/join/", { code, force_stone_id: stoneId }));
}

/**
 * Uses one of the user's stones in a completed two-person exchange with a newly registered
 * partner (a pair exchanges only once). `lead` picks who starts it. Nothing of the user is
 * listed first, so any stone that fell due since is made by the exchange itself.
 */
async function useOneStone(c: Caller, stoneId: number, lead: boolean): Promise<void> {
  const partner = await signUp(api);
  const theirs = (await stones(partner.client)).list[0].force_stone_id;
  const done = lead
    ? await joinExchange(partner.client, (await createExchange(c, stoneId, 2)).code, theirs)
    : await joinExchange(c, (await createExchange(partner.client, theirs, 2)).code, stoneId);
  expect(done.status).toBe("completed");
}

describe("GET /v1/mint/force_stone/", () => {
  test("a new user holds 1 free stone, the next one due a day after registration", async () => {
    const registeredAt = nowSeconds();
    const u = await signUp(api);
    const data = await stones(u.client);
    expect(data.list).toHaveLength(1);
    expect(data.max_stones).toBe(5);
    expect(data.open_team).toBeNull();
    expect(data.list[0]).toMatchObject({ status: "init", team_info: null });
    checkStone(data.list[0]);
    expect(data.next_stone_at).toBe(registeredAt + DAY);

    // One second before the day is up, still one; at the second it is, two.
    api.clock.advance(DAY - 1);
    expect((await stones(u.client)).list).toHaveLength(1);
    api.clock.advance(1);
    const two = await stones(u.client);
    expect(two.list).toHaveLength(2);
    expect(two.list[0]).toEqual(data.list[0]);
    expect(two.next_stone_at).toBe(registeredAt + 2 * DAY);
  });

  test("400 days of the schedule: the 5-cap, forfeits while full, and nothing back-filled after an exchange", async () => {
    const registeredAt = nowSeconds();
    const u = await signUp(api);
    const uid = u.user.id as number;
    let openExchange: ExchangeInfo | undefined;

    // The model: stones made and held, from the hand-written schedule.
    let lastDue = 0;
    let made = 0;
    let held = 0;
    function fallDue(day: number): void {
      for (let k = lastDue + 1; k <= dueBy(day); k++) {
        if (held < 5) {
          held += 1;
          made += 1;
        }
      }
      lastDue = Math.max(lastDue, dueBy(day));
    }

    let previous: ForceStone[] = [];
    async function look(day: number): Promise<StoneList> {
      const data = await stones(u.client);
      expect(data.list.length, `held on day ${day}`).toBe(held);
      expect(data.next_stone_at, `next_stone_at on day ${day}`).toBe(registeredAt + dueDay(lastDue + 1) * DAY);
      for (const s of data.list) checkStone(s);
      // Oldest first; the stones still held keep their place, the new ones come after.
      const ids = data.list.map((s) => s.force_stone_id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const kept = previous.filter((s) => ids.includes(s.force_stone_id)).map((s) => s.force_stone_id);
      expect(ids.slice(0, kept.length)).toEqual(kept);
      expect((await madeStones(uid)).length, `stones made by day ${day}`).toBe(made);
      previous = data.list;
      return data;
    }

    /** Uses `n` of the user's stones (oldest first, as last listed), each in its own exchange, without looking first. */
    async function use(n: number, day: number): Promise<void> {
      const free = previous.filter((s) => s.status === "init");
      expect(free.length).toBeGreaterThanOrEqual(n);
      for (let i = 0; i < n; i++) {
        await useOneStone(u.client, free[i].force_stone_id, (day + i) % 2 === 0);
        held -= 1;
      }
    }

    // Days on which some stones are used (before looking), and days the user does not look.
    const uses = new Map<number, number>([
      [14, 1],
      [20, 3],
      [40, 5],
      [100, 4],
      [130, 1],
      [200, 3],
      [399, 2],
    ]);
    const quiet = new Set([31, 32]);

    for (let day = 0; day <= 400; day++) {
      api.clock.set(new Date((registeredAt + day * DAY + (day % 3) * 3600) * 1000));
      fallDue(day);

      if (day === 30) {
        // A stone in a forming exchange is still held: the cap counts it.
        const data = await look(day);
        expect(data.list).toHaveLength(5);
        const exchange = await createExchange(u.client, data.list[0].force_stone_id, 3);
        const after = await stones(u.client);
        expect(after.list).toHaveLength(5);
        expect(after.list[0]).toMatchObject({ status: "wait", team_info: { team_id: exchange.team_id, status: "wait" } });
        expect(after.open_team?.team_id).toBe(exchange.team_id);
        openExchange = exchange;
        continue;
      }
      if (day === 33) {
        // Stones 32 and 33 fell due (days 31 and 33) while 5 were held; the exchange completes
        // now, and only after that does the user look: they are gone, not made late.
        const first = await signUp(api);
        const second = await signUp(api);
        await joinExchange(first.client, openExchange!.code, (await stones(first.client)).list[0].force_stone_id);
        const done = await joinExchange(second.client, openExchange!.code, (await stones(second.client)).list[0].force_stone_id);
        expect(done.status).toBe("completed");
        held -= 1;
        const data = await look(day);
        expect(data.list).toHaveLength(4);
        expect(data.open_team).toBeNull();
        continue;
      }
      if (uses.has(day)) {
        await use(uses.get(day)!, day);
        // No refill: what fell due while 5 were held was forfeited, not kept for later.
        await look(day);
        continue;
      }
      if (quiet.has(day)) continue;
      // Every day of the first 70; later, each due day, the day before, and every tenth day.
      if (day > 70 && day % 10 !== 0 && !DUE_DAYS.includes(day) && !DUE_DAYS.includes(day + 1)) continue;
      await look(day);
    }

    // Spot checks of the model against the rules: full from day 4, forfeits on days 5-14.
    expect(held).toBe((await stones(u.client)).list.length);
    expect(lastDue).toBe(dueBy(400));
    expect(dueBy(400)).toBe(59 + Math.floor((400 - 159) / 32));
    // Stones made are numbered by their place in the schedule, forfeited numbers skipped.
    const rows = await madeStones(uid);
    expect(rows.slice(0, 5).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[5].seq).toBe(16); // 6-15 fell due while 5 were held (days 5-14), the first exchange was on day 14
    for (const r of rows) expect(r.dueAt.getTime() / 1000).toBe(registeredAt + dueDay(r.seq) * DAY);
    expect(made).toBe(rows.length);
    expect(made).toBeLessThan(dueBy(400));
  });
  test("a stone is a fixed function of the user and its number: the same however often it is listed", async () => {
    const u = await signUp(api);
    api.clock.advance(4 * DAY);
    const first = await stones(u.client);
    expect(first.list).toHaveLength(5);
    for (let i = 0; i < 3; i++) expect((await stones(u.client)).list).toEqual(first.list);
    const rows = await madeStones(u.user.id);
    for (const [i, r] of rows.entries()) {
      expect(stoneOf(api.domain, u.user.id, r.seq)).toEqual({ power: first.list[i].power, buffRatio: first.list[i].buff_ratio });
    }
  });

  test("over many stones every kind turns up, with powers across the range", () => {
    const all = [...seen.values()];
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((s) => s.buff_ratio))).toEqual(new Set([5, 10, 15, 20]));
    expect(new Set(all.map((s) => s.name))).toEqual(new Set(["earth", "water", "wind", "fire"]));
    expect(Math.min(...all.map((s) => s.power))).toBeLessThan(30);
    expect(Math.max(...all.map((s) => s.power))).toBeGreaterThan(80);
  });
});

describe("stones are made once, however many look at once", () => {
  test("10 parallel first looks of a new user: one stone", async () => {
    const u = await signUp(api);
    const answers = await Promise.all(Array.from({ length: 10 }, () => stones(u.client)));
    for (const a of answers) expect(a.list).toEqual(answers[0].list);
    expect(answers[0].list).toHaveLength(1);
    expect(await madeStones(u.user.id)).toHaveLength(1);
  });

  test("10 parallel looks on each of two API instances after 3 days: 4 stones, the same in every answer", async () => {
    const u = await signUp(api);
    expect((await stones(u.client)).list).toHaveLength(1);
    const second = await buildApp({ ...api.domain }, { logger: false });
    await second.ready();
    try {
      const other = caller({ ...api, app: second }, { token: u.token, did: u.did });
      api.clock.advance(3 * DAY);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => stones(i % 2 ? other : u.client)));
      for (const a of answers) expect(a.list).toEqual(answers[0].list);
      expect(answers[0].list).toHaveLength(4);
      const rows = await madeStones(u.user.id);
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
      expect(answers[0].list.map((s) => s.force_stone_id)).toEqual(rows.map((r) => r.id));
    } finally {
      await second.close();
    }
  });

  test("parallel looks of a full holder after a long absence: still 5, the rest forfeited once", async () => {
    const u = await signUp(api);
    api.clock.advance(40 * DAY);
    const answers = await Promise.all(Array.from({ length: 10 }, () => stones(u.client)));
    for (const a of answers) expect(a.list).toEqual(answers[0].list);
    expect(answers[0].list).toHaveLength(5);
    expect((await madeStones(u.user.id)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    // The next stone is the first one due after day 40 (stone 37 on day 41), not a forfeited one.
    const registeredAt = Math.floor(api.clock.now().getTime() / 1000) - 40 * DAY;
    expect(answers[0].next_stone_at).toBe(registeredAt + dueDay(dueBy(40) + 1) * DAY);
    expect(dueDay(dueBy(40) + 1)).toBe(41);
  });
});
