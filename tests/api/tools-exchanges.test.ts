import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { exchangeInfoSchema, stoneListResult, type ExchangeInfo, type ForceStone } from "#contract/tools.ts";
import { createTestApi, type Answer, type TestApi } from "../setup/test-api.ts";
import { mintInfo } from "./airdrop-helpers.ts";
import { expectCode, expectOk, signUp } from "./helpers.ts";

// Exchanges of magic stones: quotas, gains, refusals, cancel, leave, remove and their races.
// Everything through the real HTTP calls.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;
type StoneList = { list: ForceStone[]; max_stones: number; next_stone_at: number | null; open_team: ExchangeInfo | null };

const DAY = 86_400;
const EXCHANGES = "/v1/mint/force_stone/team/";

async function stones(u: User): Promise<StoneList> {
  const data = expectOk<StoneList>(await u.client.call("GET", "/v1/mint/force_stone/"));
  const parsed = stoneListResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

async function ownPower(u: User): Promise<number> {
  return (await mintInfo(u.client)).own_power;
}

/** A new user; `days` later they hold 1 + days stones. */
async function newUser(days = 0): Promise<User> {
  const u = await signUp(api);
  if (days) api.clock.advance(days * DAY);
  return u;
}

/** The first free stone of the user. */
async function freeStone(u: User, index = 0): Promise<ForceStone> {
  const free = (await stones(u)).list.filter((s) => s.status === "init");
  expect(free.length).toBeGreaterThan(index);
  return free[index];
}

const createCall = (u: User, stoneId: number, quota: unknown) =>
  u.client.call<ExchangeInfo>("POST", EXCHANGES, { force_stone_id: stoneId, member_count: quota });
const joinCall = (u: User, code: unknown, stoneId: number) =>
  u.client.call<ExchangeInfo>("POST", `${EXCHANGES}join/`, { code, force_stone_id: stoneId });
const startCall = (u: User, exchangeId: number) => u.client.call<ExchangeInfo>("POST", `${EXCHANGES}start/`, { team_id: exchangeId });
const viewCall = (u: User, exchangeId: number) => u.client.call<ExchangeInfo>("GET", `${EXCHANGES}${exchangeId}/`);
const cancelCall = (u: User, exchangeId: number) => u.client.call("DELETE", `${EXCHANGES}${exchangeId}/`);
const removeCall = (u: User, exchangeId: number, memberId: number) =>
  u.client.call("DELETE", `${EXCHANGES}${exchangeId}/member/${memberId}/`);

function exchange(answer: Answer<ExchangeInfo>): ExchangeInfo {
  const data = expectOk(answer);
  const parsed = exchangeInfoSchema.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  // Participants as others see them: never an e-mail, nor anything that looks like one.
  expect(JSON.stringify(data)).not.toContain("@");
  for (const m of data.members) expect(Object.keys(m).sort()).toEqual(Object.keys(exchangeInfoSchema.shape.members.element.shape).sort());
  return data;
}

async function create(u: User, quota: number, stone?: ForceStone): Promise<ExchangeInfo> {
  return exchange(await createCall(u, (stone ?? (await freeStone(u))).force_stone_id, quota));
}

async function join(u: User, code: string, stone?: ForceStone): Promise<ExchangeInfo> {
  return exchange(await joinCall(u, code, (stone ?? (await freeStone(u))).force_stone_id));
}

const gain = (power: number, ratioSum: number) => power + Math.floor((power * ratioSum) / 100);

/** What the users hold and have: the state a refused call must leave exactly as it was. */
async function snapshot(users: User[]) {
  return Promise.all(users.map(async (u) => ({ stones: await stones(u), power: await ownPower(u) })));
}

/** Runs a call that must be refused with `code`, and checks it changed nothing the users or the exchange's participants see. */
async function refused(
  call: () => Promise<Answer>,
  code: number,
  users: User[],
  exchanges: { viewer: User; id: number }[] = [],
  status = 200,
) {
  await allRefused([[call, code, status]], users, exchanges);
}

/** Several refusals in a row, each with its code (and HTTP status), none changing anything. */
async function allRefused(
  calls: [() => Promise<Answer>, number, number?][],
  users: User[],
  exchanges: { viewer: User; id: number }[] = [],
) {
  const views = () => Promise.all(exchanges.map(async (t) => exchange(await viewCall(t.viewer, t.id))));
  const before = { users: await snapshot(users), exchanges: await views() };
  for (const [call, code, status] of calls) expectCode(await call(), code, status ?? 200);
  expect({ users: await snapshot(users), exchanges: await views() }).toEqual(before);
}

describe("create", () => {
  test("an exchange with a stone and a quota: the code, the leader, the stone now waiting in it", async () => {
    const a = await newUser(2);
    const stone = await freeStone(a, 1);
    const now = Math.floor(api.clock.now().getTime() / 1000);
    const t = exchange(await createCall(a, stone.force_stone_id, 3));
    expect(t.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(t).toMatchObject({ status: "wait", member_count: 3, is_leader: true, created_at: now, completed_at: null });
    expect(t.members).toEqual([
      {
        user_id: a.user.id,
        user_display_id: expect.any(String),
        name: expect.any(String),
        user_name: "",
        alias: aliasOf(a.user.display_id),
        power: stone.power,
        buff_ratio: stone.buff_ratio,
        success_power: gain(stone.power, stone.buff_ratio),
        is_me: true,
        is_leader: true,
      },
    ]);
    const id = a.user.display_id as string;
    expect(t.members[0].user_display_id).toBe(`${id.slice(0, 4)}****${id.slice(-2)}`);
    expect(t.members[0].name).toBe(t.members[0].user_display_id);
    const after = await stones(a);
    expect(after.list).toHaveLength(3);
    const inExchange = after.list.find((s) => s.force_stone_id === stone.force_stone_id)!;
    expect(inExchange.status).toBe("wait");
    expect(inExchange.team_info).toEqual(t);
    expect(after.open_team).toEqual(t);
    expect(after.list.filter((s) => s.status === "init")).toHaveLength(2);
    expect(exchange(await viewCall(a, t.team_id))).toEqual(t);
  });

  test("every quota from 2 to 5 is taken; 1, 6, 0, 2.5, a string and none are 100400 with HTTP 400", async () => {
    const a = await newUser();
    for (const quota of [2, 3, 4, 5]) {
      const t = await create(a, quota);
      expect(t.member_count).toBe(quota);
      expectOk(await cancelCall(a, t.team_id));
    }
    const stone = await freeStone(a);
    const bad = (body: object) => () => a.client.call("POST", EXCHANGES, body);
    await allRefused(
      [
        ...[1, 6, 0, -2, 2.5, "3x", null].map(
          (quota) =>
            [() => createCall(a, stone.force_stone_id, quota), ErrorCode.badRequest, 400] as [() => Promise<Answer>, number, number],
        ),
        [bad({ force_stone_id: stone.force_stone_id }), ErrorCode.badRequest, 400],
        [bad({ member_count: 2 }), ErrorCode.badRequest, 400],
        [bad({ force_stone_id: 0, member_count: 2 }), ErrorCode.badRequest, 400],
      ],
      [a],
    );
  });

  test("a stone that is not the user's, unknown, used, or already in an exchange is 210113", async () => {
    const a = await newUser(1);
    const b = await newUser();
    const theirs = await freeStone(b);
    await refused(() => createCall(a, theirs.force_stone_id, 2), ErrorCode.stoneUnavailable, [a, b]);
    await refused(() => createCall(a, 987_654_321, 2), ErrorCode.stoneUnavailable, [a, b]);

    // Used: b's stone went into a completed exchange with a.
    const t = await create(b, 2, theirs);
    const done = await join(a, t.code);
    expect(done.status).toBe("completed");
    const c = await newUser();
    await refused(() => createCall(b, theirs.force_stone_id, 2), ErrorCode.stoneUnavailable, [a, b, c]);
    const forming = await create(c, 3);
    await refused(
      () => joinCall(b, forming.code, theirs.force_stone_id),
      ErrorCode.stoneUnavailable,
      [a, b, c],
      [{ viewer: c, id: forming.team_id }],
    );

    // Already in an exchange: the leader's own stone offered to another one.
    const d = await newUser();
    const other = await create(d, 3);
    const cStoneId = (await stones(c)).list.find((s) => s.status === "wait")!.force_stone_id;
    await refused(
      () => joinCall(c, other.code, cStoneId),
      ErrorCode.stoneUnavailable,
      [c, d],
      [
        { viewer: c, id: forming.team_id },
        { viewer: d, id: other.team_id },
      ],
    );
  });

  test("a user is in at most one forming exchange: creating twice, or joining while leading or member, is 210115", async () => {
    const a = await newUser(2);
    const t = await create(a, 3);
    const aFree = await freeStone(a);
    await refused(() => createCall(a, aFree.force_stone_id, 2), ErrorCode.exchangeBusy, [a], [{ viewer: a, id: t.team_id }]);
    const b = await newUser(1);
    const other = await create(b, 3);
    await refused(
      () => joinCall(a, other.code, aFree.force_stone_id),
      ErrorCode.exchangeBusy,
      [a, b],
      [
        { viewer: a, id: t.team_id },
        { viewer: b, id: other.team_id },
      ],
    );
    // A member of one exchange can neither start nor join another.
    const c = await newUser(1);
    await join(c, t.code);
    const cFree = await freeStone(c);
    await refused(() => createCall(c, cFree.force_stone_id, 2), ErrorCode.exchangeBusy, [a, b, c], [{ viewer: a, id: t.team_id }]);
    await refused(
      () => joinCall(c, other.code, cFree.force_stone_id),
      ErrorCode.exchangeBusy,
      [a, b, c],
      [
        { viewer: a, id: t.team_id },
        { viewer: b, id: other.team_id },
      ],
    );
    // Once it is over (cancelled), the user may start another.
    expectOk(await cancelCall(a, t.team_id));
    expect((await create(c, 2)).status).toBe("wait");
    expect((await create(a, 2)).status).toBe("wait");
  });
});

describe("join and complete", () => {
  test("three of three: forming, then completed at once; each gains own power + own power x every rate, once", async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const [pa, pb, pc] = [await ownPower(a), await ownPower(b), await ownPower(c)];
    const [sa, sb, sc] = [await freeStone(a), await freeStone(b), await freeStone(c)];
    const t = await create(a, 3, sa);

    const two = await join(b, ` ${t.code.toLowerCase()} `, sb);
    expect(two).toMatchObject({ team_id: t.team_id, status: "wait", is_leader: false, completed_at: null });
    const sum2 = sa.buff_ratio + sb.buff_ratio;
    expect(two.members.map((m) => [m.user_id, m.is_leader, m.is_me, m.success_power])).toEqual([
      [a.user.id, true, false, gain(sa.power, sum2)],
      [b.user.id, false, true, gain(sb.power, sum2)],
    ]);
    expect((await stones(b)).open_team?.team_id).toBe(t.team_id);
    // Nothing is gained while forming.
    expect([await ownPower(a), await ownPower(b)]).toEqual([pa, pb]);
    // Joining again with the exchange already joined answers it unchanged.
    expect(await join(b, t.code, sb)).toEqual(two);

    const done = await join(c, t.code, sc);
    const sum = sa.buff_ratio + sb.buff_ratio + sc.buff_ratio;
    const now = Math.floor(api.clock.now().getTime() / 1000);
    expect(done).toMatchObject({ status: "completed", completed_at: now, member_count: 3 });
    const expected = [gain(sa.power, sum), gain(sb.power, sum), gain(sc.power, sum)];
    expect(done.members.map((m) => m.user_id)).toEqual([a.user.id, b.user.id, c.user.id]);
    expect(done.members.map((m) => m.success_power)).toEqual(expected);
    expect(done.members.map((m) => [m.power, m.buff_ratio])).toEqual([sa, sb, sc].map((s) => [s.power, s.buff_ratio]));

    // Own power rose by exactly success_power; the stones are gone; nobody is in a forming exchange.
    expect([await ownPower(a), await ownPower(b), await ownPower(c)]).toEqual([pa + expected[0], pb + expected[1], pc + expected[2]]);
    for (const [u, s] of [
      [a, sa],
      [b, sb],
      [c, sc],
    ] as const) {
      const after = await stones(u);
      expect(after.list.map((x) => x.force_stone_id)).not.toContain(s.force_stone_id);
      expect(after.open_team).toBeNull();
      const seen = exchange(await viewCall(u, t.team_id));
      expect(seen.members.map((m) => m.success_power)).toEqual(expected);
      expect(seen.members.map((m) => m.is_me)).toEqual([a, b, c].map((x) => x === u));
      expect(seen.is_leader).toBe(u === a);
    }

    // start on a completed exchange: the same answer, no second gain.
    const view = exchange(await viewCall(a, t.team_id));
    expect(exchange(await startCall(a, t.team_id))).toEqual(view);
    expect(exchange(await startCall(a, t.team_id))).toEqual(view);
    expect(await ownPower(a)).toBe(pa + expected[0]);
    // A completed exchange cannot be cancelled or left.
    await refused(() => cancelCall(a, t.team_id), ErrorCode.exchangeCompleted, [a, b, c]);
    await refused(() => removeCall(b, t.team_id, b.user.id), ErrorCode.exchangeCompleted, [a, b, c]);
  });

  test("two and five participants: the maths for every one of them", async () => {
    for (const quota of [2, 5]) {
      const users: User[] = [];
      for (let i = 0; i < quota; i++) users.push(await newUser());
      const before = await Promise.all(users.map(ownPower));
      const held = await Promise.all(users.map((u) => freeStone(u)));
      const t = await create(users[0], quota, held[0]);
      let last: ExchangeInfo = t;
      for (let i = 1; i < quota; i++) last = await join(users[i], t.code, held[i]);
      expect(last.status).toBe("completed");
      expect(last.members.map((m) => m.user_id)).toEqual(users.map((u) => u.user.id));
      const sum = held.reduce((s, x) => s + x.buff_ratio, 0);
      const after = await Promise.all(users.map(ownPower));
      for (let i = 0; i < quota; i++) {
        expect(after[i] - before[i]).toBe(gain(held[i].power, sum));
        expect(last.members[i]).toMatchObject({
          power: held[i].power,
          buff_ratio: held[i].buff_ratio,
          success_power: gain(held[i].power, sum),
        });
      }
    }
  });

  test("refusals: own exchange 210001, completed 210003, wrong or empty code 210005", async () => {
    const [a, b, c] = [await newUser(1), await newUser(), await newUser()];
    const t = await create(a, 2);
    const all = [a, b, c];
    const at = [{ viewer: a, id: t.team_id }];
    const aFree = await freeStone(a);
    await refused(() => joinCall(a, t.code, aFree.force_stone_id), ErrorCode.exchangeOwn, all, at);
    const cStone = await freeStone(c);
    await allRefused(
      [
        ...["", "   ", "ZZZZZZZZ", "abc", "!!!!!!!!", `${t.code}X`, "Z".repeat(16)].map(
          (code) => [() => joinCall(c, code, cStone.force_stone_id), ErrorCode.exchangeCodeWrong] as [() => Promise<Answer>, number],
        ),
        [() => joinCall(c, "Z".repeat(33), cStone.force_stone_id), ErrorCode.badRequest, 400],
      ],
      all,
      at,
    );
    expect((await join(b, t.code)).status).toBe("completed");
    await refused(() => joinCall(c, t.code, cStone.force_stone_id), ErrorCode.exchangeCompleted, all, at);
  });

  test("a pair exchanges once, either way round: 210002", async () => {
    const [a, b, c] = [await newUser(2), await newUser(2), await newUser()];
    expect((await join(b, (await create(a, 2)).code)).status).toBe("completed");
    // b leads now; a may not join, whoever leads.
    const t = await create(b, 3);
    const aFree = await freeStone(a);
    await refused(() => joinCall(a, t.code, aFree.force_stone_id), ErrorCode.exchangePairDone, [a, b], [{ viewer: b, id: t.team_id }]);
    // Nor with a third user in between: c joins first, a is still refused for b.
    await join(c, t.code);
    await refused(() => joinCall(a, t.code, aFree.force_stone_id), ErrorCode.exchangePairDone, [a, b, c], [{ viewer: b, id: t.team_id }]);
    // Another user completing it is fine.
    const d = await newUser();
    expect((await join(d, t.code)).status).toBe("completed");
    // And the first way round again: a leads, b may not join.
    const again = await create(a, 2);
    const bFree = await freeStone(b);
    await refused(
      () => joinCall(b, again.code, bFree.force_stone_id),
      ErrorCode.exchangePairDone,
      [a, b],
      [{ viewer: a, id: again.team_id }],
    );
  });
});

describe("start, cancel, remove, leave", () => {
  test("start: the leader only (210116), on a full exchange only (210117); unknown 210118", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const t = await create(a, 3);
    await join(b, t.code);
    const at = [{ viewer: a, id: t.team_id }];
    await allRefused(
      [
        [() => startCall(b, t.team_id), ErrorCode.exchangeLeaderOnly],
        [() => startCall(a, t.team_id), ErrorCode.exchangeNotFull],
        [() => startCall(a, 987_654_321), ErrorCode.exchangeNotMember],
        [() => a.client.call("POST", `${EXCHANGES}start/`, {}), ErrorCode.badRequest, 400],
      ],
      [a, b],
      at,
    );
  });

  test("cancel: the leader only; every stone returns; twice is fine; then join and start are 210004", async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const [pa, pb] = [await ownPower(a), await ownPower(b)];
    const t = await create(a, 3);
    await join(b, t.code);
    await refused(() => cancelCall(b, t.team_id), ErrorCode.exchangeLeaderOnly, [a, b], [{ viewer: a, id: t.team_id }]);
    await refused(() => cancelCall(c, t.team_id), ErrorCode.exchangeLeaderOnly, [a, b, c], [{ viewer: a, id: t.team_id }]);
    await refused(() => cancelCall(a, 987_654_321), ErrorCode.exchangeNotMember, [a, b, c]);

    expect(expectOk(await cancelCall(a, t.team_id))).toEqual({});
    for (const u of [a, b]) {
      const s = await stones(u);
      expect(s.list.map((x) => [x.status, x.team_info])).toEqual([["init", null]]);
      expect(s.open_team).toBeNull();
    }
    expect(exchange(await viewCall(a, t.team_id))).toMatchObject({ status: "cancelled", completed_at: null });
    expect(exchange(await viewCall(b, t.team_id)).status).toBe("cancelled");
    expect(expectOk(await cancelCall(a, t.team_id))).toEqual({});
    const cStone = await freeStone(c);
    await allRefused(
      [
        [() => joinCall(c, t.code, cStone.force_stone_id), ErrorCode.exchangeCancelled],
        [() => startCall(a, t.team_id), ErrorCode.exchangeCancelled],
        [() => removeCall(a, t.team_id, b.user.id), ErrorCode.exchangeCancelled],
      ],
      [a, b, c],
      [{ viewer: a, id: t.team_id }],
    );
    expect([await ownPower(a), await ownPower(b)]).toEqual([pa, pb]);
    // Both are free to exchange again, with each other too (the pair never completed).
    const again = await create(b, 2);
    expect((await join(a, again.code)).status).toBe("completed");
  });

  test("remove and leave: the stone returns, the exchange goes on; others may not remove (210116), a non-member is 210118", async () => {
    const [a, b, c, d] = [await newUser(), await newUser(), await newUser(), await newUser()];
    const t = await create(a, 4);
    await join(b, t.code);
    await join(c, t.code);
    const at = [{ viewer: a, id: t.team_id }];
    // d is no participant: cannot remove anyone, nor see the exchange.
    await allRefused(
      [
        [() => removeCall(d, t.team_id, b.user.id), ErrorCode.exchangeLeaderOnly],
        [() => removeCall(c, t.team_id, b.user.id), ErrorCode.exchangeLeaderOnly],
        [() => removeCall(b, t.team_id, a.user.id), ErrorCode.exchangeLeaderOnly],
        [() => removeCall(a, t.team_id, d.user.id), ErrorCode.exchangeNotMember],
        [() => viewCall(d, t.team_id), ErrorCode.exchangeNotMember],
        [() => removeCall(a, 987_654_321, b.user.id), ErrorCode.exchangeNotMember],
      ],
      [a, b, c, d],
      at,
    );

    // The leader removes b: b's stone is free, b is out; the others still wait.
    expect(expectOk(await removeCall(a, t.team_id, b.user.id))).toEqual({});
    const bs = await stones(b);
    expect(bs.list.map((s) => s.status)).toEqual(["init"]);
    expect(bs.open_team).toBeNull();
    let seen = exchange(await viewCall(a, t.team_id));
    expect(seen.members.map((m) => m.user_id)).toEqual([a.user.id, c.user.id]);
    expect(seen.status).toBe("wait");
    // Removing b again: no longer a participant.
    await refused(() => removeCall(a, t.team_id, b.user.id), ErrorCode.exchangeNotMember, [a, b, c], at);
    // b, who was in it, still sees how it goes.
    expect(exchange(await viewCall(b, t.team_id)).members.map((m) => m.user_id)).toEqual([a.user.id, c.user.id]);

    // c leaves on their own.
    expect(expectOk(await removeCall(c, t.team_id, c.user.id))).toEqual({});
    expect((await stones(c)).list.map((s) => s.status)).toEqual(["init"]);
    seen = exchange(await viewCall(a, t.team_id));
    expect(seen.members.map((m) => m.user_id)).toEqual([a.user.id]);

    // Both may come back, and with d the exchange completes; each of the four gains once.
    const powers = await Promise.all([a, b, c, d].map(ownPower));
    await join(b, t.code);
    await join(c, t.code);
    const done = await join(d, t.code);
    expect(done.status).toBe("completed");
    expect(done.members.map((m) => m.user_id)).toEqual([a.user.id, b.user.id, c.user.id, d.user.id]);
    const after = await Promise.all([a, b, c, d].map(ownPower));
    expect(after.map((p, i) => p - powers[i])).toEqual(done.members.map((m) => m.success_power));
  });

  test("a removed member who has joined another exchange cannot return to the first: 210115", async () => {
    const [a, b, c] = [await newUser(), await newUser(1), await newUser()];
    const t1 = await create(a, 3);
    await join(b, t1.code);
    expectOk(await removeCall(a, t1.team_id, b.user.id));
    const t2 = await create(c, 3);
    await join(b, t2.code);
    const bFree = await freeStone(b);
    await refused(
      () => joinCall(b, t1.code, bFree.force_stone_id),
      ErrorCode.exchangeBusy,
      [a, b, c],
      [
        { viewer: a, id: t1.team_id },
        { viewer: c, id: t2.team_id },
      ],
    );
    // Once out of the second, back into the first.
    expectOk(await removeCall(b, t2.team_id, b.user.id));
    expect((await join(b, t1.code, bFree)).members.map((m) => m.user_id)).toEqual([a.user.id, b.user.id]);
  });

  test("the leader removing themself cancels the exchange: every stone returns", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const t = await create(a, 3);
    await join(b, t.code);
    expect(expectOk(await removeCall(a, t.team_id, a.user.id))).toEqual({});
    expect(exchange(await viewCall(a, t.team_id)).status).toBe("cancelled");
    for (const u of [a, b]) expect((await stones(u)).list.map((s) => s.status)).toEqual(["init"]);
  });

  test("GET of an exchange: participants only (210118), never an e-mail", async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const t = await create(a, 2);
    await refused(() => viewCall(b, t.team_id), ErrorCode.exchangeNotMember, [a, b]);
    await refused(() => viewCall(b, 987_654_321), ErrorCode.exchangeNotMember, [a, b]);
    const done = await join(b, t.code);
    const seenByA = await viewCall(a, t.team_id);
    const seenByB = await viewCall(b, t.team_id);
    for (const answer of [seenByA, seenByB]) {
      const raw = JSON.stringify(answer.body);
      for (const u of [a, b]) expect(raw).not.toContain(u.email);
      expect(exchange(answer).members).toHaveLength(2);
    }
    expect(exchange(seenByB)).toEqual(done);
    await refused(() => viewCall(c, t.team_id), ErrorCode.exchangeNotMember, [a, b, c]);
    await refused(() => c.client.call("GET", `${EXCHANGES}abc/`), ErrorCode.badRequest, [c], [], 400);
  });
});

/**
 * Fires the calls together, in an order that turns with `round` so each gets to go first, and
 * from round to round 0, 1 or 2 ms apart (all at once, or each just ahead), so that every
 * outcome gets its turn; the answers come back in the given order.
 */
async function race<T>(round: number, calls: (() => Promise<T>)[]): Promise<T[]> {
  const order = calls.map((_, i) => (i + round) % calls.length);
  const gap = round % 3;
  const answers = await Promise.all(
    order.map(async (i, k) => {
      if (gap) await new Promise((resolve) => setTimeout(resolve, gap * k));
      return calls[i]();
    }),
  );
  const out: T[] = [];
  order.forEach((i, k) => (out[i] = answers[k]));
  return out;
}

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

// Fired for real in parallel: on PostgreSQL each request runs on its own pooled connection.
describe("races", () => {
  test("two users taking the last place at once: exactly one joins, the other is refused with a free stone", async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b, c, d] = [await newUser(), await newUser(), await newUser(), await newUser()];
      const t = await create(a, 3);
      await join(b, t.code);
      const [sc, sd] = [await freeStone(c), await freeStone(d)];
      const before = await Promise.all([a, b, c, d].map(ownPower));
      const answers = await race(round, [() => joinCall(c, t.code, sc.force_stone_id), () => joinCall(d, t.code, sd.force_stone_id)]);
      const codes = answers.map((x) => x.body.code);
      expect(
        codes.filter((x) => x === 0),
        JSON.stringify(tally(codes)),
      ).toHaveLength(1);
      const winner = codes[0] === 0 ? c : d;
      const loser = winner === c ? d : c;
      const lost = answers[codes[0] === 0 ? 1 : 0];
      expect([ErrorCode.exchangeCompleted, ErrorCode.exchangeFull]).toContain(lost.body.code);
      expectCode(lost, lost.body.code);

      const done = exchange(await viewCall(a, t.team_id));
      expect(done.status).toBe("completed");
      expect(done.members.map((m) => m.user_id)).toEqual([a.user.id, b.user.id, winner.user.id]);
      const after = await Promise.all([a, b, c, d].map(ownPower));
      const gains = after.map((p, i) => p - before[i]);
      expect([gains[0], gains[1], gains[winner === c ? 2 : 3]]).toEqual(done.members.map((m) => m.success_power));
      expect(gains[loser === c ? 2 : 3]).toBe(0);
      const loserStones = await stones(loser);
      expect(loserStones.list.map((s) => [s.force_stone_id, s.status])).toEqual([[(loser === c ? sc : sd).force_stone_id, "init"]]);
      expect(loserStones.open_team).toBeNull();
      expect((await stones(winner)).list).toHaveLength(0);
    }
  });

  test("cancel racing a join: either way no stone is lost or used, nobody gains", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await newUser(), await newUser()];
      const t = await create(a, 3);
      const sb = await freeStone(b);
      const [cancelled, joined] = await race(round, [() => cancelCall(a, t.team_id), () => joinCall(b, t.code, sb.force_stone_id)]);
      expect(expectOk(cancelled)).toEqual({});
      if (joined.body.code === 0) outcomes.add("join first");
      else {
        expectCode(joined, ErrorCode.exchangeCancelled);
        outcomes.add("cancel first");
      }
      expect(exchange(await viewCall(a, t.team_id)).status).toBe("cancelled");
      for (const u of [a, b]) {
        const s = await stones(u);
        expect(s.list.map((x) => [x.status, x.team_info])).toEqual([["init", null]]);
        expect(s.open_team).toBeNull();
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  test("cancel racing the join that fills it: completed with every stone used and power granted, or cancelled with every stone back", async () => {
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await newUser(), await newUser()];
      const [sa, sb] = [await freeStone(a), await freeStone(b)];
      const before = await Promise.all([a, b].map(ownPower));
      const t = await create(a, 2, sa);
      const [cancelled, joined] = await race(round, [() => cancelCall(a, t.team_id), () => joinCall(b, t.code, sb.force_stone_id)]);
      const after = await Promise.all([a, b].map(ownPower));
      const lists = await Promise.all([a, b].map(stones));
      if (joined.body.code === 0) {
        expectCode(cancelled, ErrorCode.exchangeCompleted);
        const done = exchange(joined);
        expect(done.status).toBe("completed");
        const sum = sa.buff_ratio + sb.buff_ratio;
        expect(after.map((p, i) => p - before[i])).toEqual([gain(sa.power, sum), gain(sb.power, sum)]);
        for (const l of lists) expect(l.list).toHaveLength(0);
      } else {
        expectOk(cancelled);
        expectCode(joined, ErrorCode.exchangeCancelled);
        expect(after).toEqual(before);
        expect(lists.map((l) => l.list.map((s) => [s.force_stone_id, s.status]))).toEqual([
          [[sa.force_stone_id, "init"]],
          [[sb.force_stone_id, "init"]],
        ]);
      }
    }
  });

  test("a member leaving while the last place is taken and the leader starts: the outcome is consistent", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      const [sa, sb, sc] = [await freeStone(a), await freeStone(b), await freeStone(c)];
      const before = await Promise.all([a, b, c].map(ownPower));
      const t = await create(a, 3, sa);
      await join(b, t.code, sb);
      const [left, joined, started] = await race(round, [
        () => removeCall(b, t.team_id, b.user.id),
        () => joinCall(c, t.code, sc.force_stone_id),
        () => startCall(a, t.team_id),
      ]);
      expectOk(joined);
      const after = await Promise.all([a, b, c].map(ownPower));
      const final = exchange(await viewCall(a, t.team_id));
      if (left.body.code === 0) {
        // b left before c took the place: a and c wait for a third; start could not complete it.
        seen.add("left");
        expectCode(started, ErrorCode.exchangeNotFull);
        expect(final.status).toBe("wait");
        expect(final.members.map((m) => m.user_id)).toEqual([a.user.id, c.user.id]);
        expect(after).toEqual(before);
        expect((await stones(b)).list.map((s) => [s.force_stone_id, s.status])).toEqual([[sb.force_stone_id, "init"]]);
        for (const [u, s] of [
          [a, sa],
          [c, sc],
        ] as const) {
          expect((await stones(u)).list.map((x) => [x.force_stone_id, x.status])).toEqual([[s.force_stone_id, "wait"]]);
        }
      } else {
        // c filled it first: completed for all three; b's leave came too late.
        seen.add("completed");
        expectCode(left, ErrorCode.exchangeCompleted);
        if (started.body.code !== 0) expectCode(started, ErrorCode.exchangeNotFull);
        else expect(exchange(started)).toEqual(final);
        expect(final.status).toBe("completed");
        const sum = sa.buff_ratio + sb.buff_ratio + sc.buff_ratio;
        expect(after.map((p, i) => p - before[i])).toEqual([gain(sa.power, sum), gain(sb.power, sum), gain(sc.power, sum)]);
        for (const u of [a, b, c]) expect((await stones(u)).list).toHaveLength(0);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  test("the same user starting two exchanges at once: one is made, the other 210115", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await newUser(1);
      const [s1, s2] = [await freeStone(a, 0), await freeStone(a, 1)];
      const answers = await race(round, [() => createCall(a, s1.force_stone_id, 2), () => createCall(a, s2.force_stone_id, 3)]);
      const codes = answers.map((x) => x.body.code).sort();
      expect(codes, JSON.stringify(tally(codes))).toEqual([0, ErrorCode.exchangeBusy]);
      const made = exchange(answers.find((x) => x.body.code === 0)!);
      const list = await stones(a);
      expect(list.open_team?.team_id).toBe(made.team_id);
      expect(list.list.filter((s) => s.status === "wait").map((s) => s.team_info?.team_id)).toEqual([made.team_id]);
      expect(list.list.filter((s) => s.status === "init")).toHaveLength(1);
    }
  });

  test("the same stone offered to two new exchanges at once: one is made, the other refused", async () => {
    const a = await newUser();
    const s = await freeStone(a);
    const answers = await Promise.all([createCall(a, s.force_stone_id, 2), createCall(a, s.force_stone_id, 2)]);
    const codes = answers.map((x) => x.body.code);
    expect(
      codes.filter((x) => x === 0),
      JSON.stringify(tally(codes)),
    ).toHaveLength(1);
    for (const x of answers) if (x.body.code !== 0) expect([ErrorCode.exchangeBusy, ErrorCode.stoneUnavailable]).toContain(x.body.code);
    expect((await stones(a)).list.map((x) => x.status)).toEqual(["wait"]);
  });

  test("one user joining two exchanges at once: one join, the other 210115", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [await newUser(), await newUser(), await newUser(1)];
      const [t1, t2] = [await create(a, 3), await create(b, 3)];
      const [s1, s2] = [await freeStone(c, 0), await freeStone(c, 1)];
      const answers = await race(round, [() => joinCall(c, t1.code, s1.force_stone_id), () => joinCall(c, t2.code, s2.force_stone_id)]);
      const codes = answers.map((x) => x.body.code).sort();
      expect(codes, JSON.stringify(tally(codes))).toEqual([0, ErrorCode.exchangeBusy]);
      const list = await stones(c);
      expect(list.list.map((s) => s.status).sort()).toEqual(["init", "wait"]);
      const joined = answers[0].body.code === 0 ? t1 : t2;
      expect(list.open_team?.team_id).toBe(joined.team_id);
      const other = joined === t1 ? t2 : t1;
      expect(exchange(await viewCall(other === t1 ? a : b, other.team_id)).members).toHaveLength(1);
    }
  });
});
