import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, ledger, users } from "#api/src/db/schema.ts";
import { correctBalance } from "#api/src/domain/ledger/corrections.ts";
import { ledgerDifferences } from "#api/src/domain/ledger/verify.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { collect, distributeOne, roundConfig, setInRound, start } from "./airdrop-helpers.ts";
import { expectCode, expectOk, opsIn, signUp } from "./helpers.ts";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf } from "#contract/people.ts";
import { historyResult, type History } from "#contract/ledger.ts";

// The ledger: every change of VV, unclaimed VV, BTC and Soul Power is a line written with the
// change, each balance is the sum of its lines, and a line is never changed.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ TOKEN_IDLE_DAYS: "365" }));
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;

function linesOf(userId: number) {
  return api.domain.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id));
}

async function giftCode(u: User): Promise<string> {
  return expectOk<{ list: { code: string }[] }>(await u.client.call("GET", "/v1/mint/force_box/")).list[0].code;
}

describe("ledger lines", () => {
  test("a round's line carries its parts; a claim moves it into the balance; gifts and starts are lines; the books agree", async () => {
    setInRound(api, 60);
    const inviter = await signUp(api);
    const member = await signUp(api, { invite: inviter.user.invite_code });
    await start(inviter.client);
    await start(member.client);
    setInRound(api, 62);
    await distributeOne(api, 61);

    // Own 100 + level-1 part 25 (a quarter of the member's 100), at 0.01 VV a point: 1.25 VV.
    const round = (await linesOf(inviter.user.id)).find((l) => l.kind === "round")!;
    expect(round).toMatchObject({ asset: "unclaimed", amount: 125_000_000n, ruleVersion: 1, ref: "round:61" });
    expect(round.details).toEqual({ round: 61, own: 100, team_l1: 25, team_l2: 0, rate: 1_000_000 });

    await collect(inviter.client);
    const claim = (await linesOf(inviter.user.id)).filter((l) => l.kind === "claim");
    expect(claim.map((l) => [l.asset, l.amount])).toEqual([
      ["unclaimed", -125_000_000n],
      ["vv", 125_000_000n],
    ]);
    expect(claim[0].details).toEqual({ rounds: [61] });

    expectOk(await member.client.call("POST", "/v1/mint/force_box/use/", { code: await giftCode(inviter) }));
    const gifts = (await linesOf(member.user.id)).filter((l) => l.kind === "gift");
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ asset: "power", amount: 10n });
    expect(gifts[0].details).toMatchObject({ side: "recipient", with: inviter.user.id });
    expect((await linesOf(member.user.id)).map((l) => l.kind)).toEqual(["start", "round", "gift"]);

    expect(await ledgerDifferences(api.domain, [inviter.user.id, member.user.id])).toEqual([]);
  });

  test("a line is never changed or deleted: the database refuses", async () => {
    const u = await signUp(api);
    await start(u.client);
    await expect(api.domain.db.execute(sql`update ledger set amount = 0 where user_id = ${u.user.id}`)).rejects.toThrow();
    await expect(api.domain.db.execute(sql`delete from ledger where user_id = ${u.user.id}`)).rejects.toThrow();
    expect((await linesOf(u.user.id)).map((l) => l.amount)).toEqual([100n]);
  });

  test("a balance changed beside the ledger is reported; an operator's correction is a line with its reason", async () => {
    const u = await signUp(api);
    await start(u.client);
    await api.domain.db.update(users).set({ vv: 7n }).where(eq(users.id, u.user.id));
    expect(await ledgerDifferences(api.domain, [u.user.id])).toEqual([{ userId: u.user.id, asset: "vv", balance: 7n, ledger: 0n }]);

    await expect(correctBalance(api.domain, { email: u.email, asset: "vv", amount: "-1", reason: "x", actor: "op" })).rejects.toThrow(
      /only add/,
    );
    await expect(correctBalance(api.domain, { email: u.email, asset: "power", amount: -500, reason: "x", actor: "op" })).rejects.toThrow(
      /below 0/,
    );
    expect(
      await correctBalance(api.domain, { email: "nobody@example.com", asset: "power", amount: 1, reason: "x", actor: "op" }),
    ).toBeUndefined();
    expect(await correctBalance(api.domain, { email: u.email, asset: "power", amount: -30, reason: "bonus paid twice", actor: "op" })).toBe(
      "70",
    );
    const correction = (await linesOf(u.user.id)).find((l) => l.kind === "correction")!;
    expect(correction).toMatchObject({ asset: "power", amount: -30n, details: { reason: "bonus paid twice", by: "op" } });
    expect(await ledgerDifferences(api.domain, [u.user.id])).toEqual([{ userId: u.user.id, asset: "vv", balance: 7n, ledger: 0n }]);
  });
});

describe("GET /v1/mint/ledger/", () => {
  const historyCall = (u: User, query: Record<string, string> = {}) => u.client.call("GET", "/v1/mint/ledger/", undefined, query);
  async function historyOf(u: User, query: Record<string, string> = {}): Promise<History> {
    const data = expectOk<History>(await historyCall(u, query));
    const parsed = historyResult.strict().safeParse(data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    return data;
  }

  test("newest first, each line with what explains it; a filter by kind; keyset pages; other people by name, gone once deleted", async () => {
    setInRound(api, 70);
    const inviter = await signUp(api);
    const member = await signUp(api, { invite: inviter.user.invite_code });
    await start(inviter.client);
    await start(member.client);
    for (let round = 71; round <= 92; round++) {
      setInRound(api, round + 1);
      await distributeOne(api, round);
      // Both claim every other round, so neither pauses and the member's power keeps counting.
      if (round % 2 === 0) await Promise.all([collect(inviter.client), collect(member.client)]);
    }
    expectOk(await member.client.call("POST", "/v1/mint/force_box/use/", { code: await giftCode(inviter) }));

    const first = await historyOf(inviter);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]).toMatchObject({
      kind: "gift",
      asset: "power",
      amount: "10",
      gift: { side: "sender", other: { nickname: "", alias: aliasOf(member.user.display_id) } },
    });
    const rounds = await historyOf(inviter, { kind: "round" });
    expect(rounds.list[0]).toMatchObject({
      kind: "round",
      asset: "unclaimed",
      amount: "1.25000000",
      rule_version: 1,
      round: { number: 92, own: 100, team_l1: 25, team_l2: 0, power: 125, rate: "0.01000000" },
    });
    expect(rounds.list.every((l) => l.kind === "round")).toBe(true);
    const claims = await historyOf(inviter, { kind: "claim" });
    expect(claims.list.slice(0, 2).map((l) => [l.asset, l.amount, l.rounds])).toEqual([
      ["vv", "2.50000000", [91, 92]],
      ["unclaimed", "-2.50000000", [91, 92]],
    ]);

    // Every line once across the pages, in order, until the last page says so.
    const all = [...first.list];
    for (let cursor = first.next_cursor; cursor;) {
      const page = await historyOf(inviter, { cursor });
      all.push(...page.list);
      cursor = page.next_cursor;
    }
    const ids = all.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.at(-1)).toMatchObject({ kind: "start", amount: "100" });

    expectOk(await member.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect((await historyOf(inviter, { kind: "gift" })).list[0].gift!.other).toBeNull();
    for (const bad of [{ kind: "nope" }, { cursor: "-1" }, { cursor: "x".repeat(30) }] as Record<string, string>[])
      expectCode(await historyCall(inviter, bad), ErrorCode.badRequest, 400);
  });
});

describe("GET /v1/user/export/", () => {
  const download = (u: User, format: string, ip = "127.0.0.1") =>
    api.app.inject({
      method: "GET",
      url: `/v1/user/export/?os=web&vcode=1&ui_lang=en&format=${encodeURIComponent(format)}`,
      headers: { authorization: `HIN ${u.token}` },
      remoteAddress: ip,
    });

  test("the profile and every ledger line, as JSON and as CSV a spreadsheet opens right; text that looks like a formula stays text", async () => {
    setInRound(api, 100);
    const owner = await signUp(api);
    const friend = await signUp(api);
    expectOk(await friend.client.call("PUT", "/v1/user/", { name: '=1+1, "ok"' }));
    await start(owner.client);
    setInRound(api, 102);
    await distributeOne(api, 101);
    expectOk(await friend.client.call("POST", "/v1/mint/force_box/use/", { code: await giftCode(owner) }));

    const json = await download(owner, "json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="vv-${owner.user.display_id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = json.json();
    expect(data.profile).toMatchObject({ id: owner.user.id, display_id: owner.user.display_id, email: owner.email });
    expect(data.ledger.map((l: { kind: string }) => l.kind)).toEqual(["start", "round", "gift"]);
    const history = expectOk<History>(await owner.client.call("GET", "/v1/mint/ledger/"));
    expect(data.ledger).toEqual([...history.list].reverse());

    const csv = await download(owner, "ledger.csv");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("\uFEFFid,time_utc,kind,asset,amount,rule_version,round,")).toBe(true);
    const rows = csv.body.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatch(/^\d+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z,round,unclaimed,1\.00000000,1,101,100,0,0,0\.01000000,/);
    expect(rows[3]).toContain(`,recipient,"'=1+1, ""ok""",`.replace("recipient", "sender"));

    const profileCsv = await download(owner, "profile.csv");
    expect(profileCsv.body.slice(1).split("\r\n")).toEqual(expect.arrayContaining(["field,value", `display_id,${owner.user.display_id}`]));

    expect((await download(owner, "xml")).json()).toMatchObject({ code: ErrorCode.badRequest });
    const anonymous = await api.app.inject({ method: "GET", url: "/v1/user/export/?format=json" });
    expect(anonymous.json()).toMatchObject({ code: ErrorCode.loginExpired });
  });
});

describe("a deletion's team move", () => {
  test("in a three-level chain the deleted account's member moves up with their own member; both histories and the audit say so", async () => {
    const top = await signUp(api);
    const gone = await signUp(api, { invite: top.user.invite_code });
    const middle = await signUp(api, { invite: gone.user.invite_code });
    const bottom = await signUp(api, { invite: middle.user.invite_code });
    expectOk(await gone.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));

    const inviterOf = async (id: number) => (await api.domain.db.select({ i: users.inviterId }).from(users).where(eq(users.id, id)))[0].i;
    expect(await inviterOf(middle.user.id)).toBe(top.user.id);
    expect(await inviterOf(bottom.user.id)).toBe(middle.user.id);
    const moves = async (id: number) => (await linesOf(id)).filter((l) => l.kind === "team_move").map((l) => [l.amount, l.details]);
    expect(await moves(middle.user.id)).toEqual([[0n, { from: gone.user.id, to: top.user.id }]]);
    expect(await moves(top.user.id)).toEqual([[1n, { member: middle.user.id, from: gone.user.id }]]);
    expect(await moves(bottom.user.id)).toEqual([]);
    const [audit] = await api.domain.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "delete-account"), eq(auditLog.target, `user:${gone.user.id}`)));
    expect(audit.detail).toEqual({ moved_members: [middle.user.id], moved_to: top.user.id });
  });
});

describe("npm run ops -- verify-ledger", () => {
  test("passes when the books agree, fails naming each difference", async () => {
    const books = await createTestApi();
    try {
      const [user] = await books.database.db
        .insert(users)
        .values({ displayId: "123456781", inviteCode: "LEDGER23", createdAt: new Date(), email: "ops-ledger@example.com" })
        .returning();
      expect(await opsIn(books, "verify-ledger")).toBe("every balance is the sum of its ledger lines");
      expect(await opsIn(books, "correct", "ops-ledger@example.com", "vv", "2.5", "missed", "round")).toBe(
        "corrected vv of ops-ledger@example.com: now 2.50000000",
      );

      await books.database.db.update(users).set({ power: 5 }).where(eq(users.id, user.id));
      const failed = await opsIn(books, "verify-ledger").then(
        () => "passed",
        (error: Error) => error.message,
      );
      expect(failed).toContain("1 balance(s) differ from the ledger");
      expect(failed).toContain(`${user.id}\tpower\t5\t0`);
    } finally {
      await books.close();
    }
  });
});

describe("exports are rate limited per login", () => {
  test("over RATE_EXPORTS_PER_USER_PER_HOUR: 429 with Retry-After, in the envelope; other calls go on", async () => {
    const limited = await createTestApi({ RATE_EXPORTS_PER_USER_PER_HOUR: "2" });
    try {
      const u = await signUp(limited);
      const download = () =>
        limited.app.inject({ method: "GET", url: "/v1/user/export/?format=json", headers: { authorization: `HIN ${u.token}` } });
      expect((await download()).statusCode).toBe(200);
      expect((await download()).statusCode).toBe(200);
      const refused = await download();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
      expect(refused.json()).toMatchObject({ code: ErrorCode.rateLimited });
      expectOk(await u.client.call("GET", "/v1/mint/ledger/"));
    } finally {
      await limited.close();
    }
  });
});
