import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { allRoutes } from "#contract/routes.ts";
import { auditLog, authTokens, minters, users } from "#api/src/db/schema.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { grantsOf, mintInfo, rowsOfUser, roundConfig, setInRound, start, userRow } from "./airdrop-helpers.ts";
import { caller, expectCode, expectOk, logIn, sendCode, signUp, type Caller } from "./helpers.ts";
import { teamPage } from "./team-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig());
});
afterAll(async () => api.close());

const deleteAccount = (c: Caller, confirm: unknown) => c.call("POST", "/v1/user/delete/", { confirm });

const tokensOf = (userId: number) =>
  api.database.db.select().from(authTokens).where(eq(authTokens.userId, userId)).orderBy(asc(authTokens.id));
const auditOf = (userId: number) =>
  api.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `user:${userId}`));

/** Every authenticated call of the contract, with path parameters filled in. */
const authRoutes = allRoutes.filter((r) => r.auth === true).map((r) => ({ method: r.method, path: r.path.replace(/\{\w+\}/g, "1") }));

describe("POST /v1/user/delete/", () => {
  test("anything but the word DELETE answers 300110 and changes nothing", async () => {
    const { client, user } = await signUp(api);
    expectOk(await client.call("PUT", "/v1/user/", { name: "Keeper" }));
    const before = await userRow(api, user.id);
    const wrong = [
      "",
      " ",
      "delete",
      "Delete",
      "DELETe",
      "DEL ETE",
      "D E L E T E",
      "DELETED",
      "DELETE DELETE",
      "DELETE.",
      '"DELETE"',
      "ＤＥＬＥＴＥ",
      "DELETE\u200b",
      "DEL\u0000ETE",
    ];
    for (const confirm of wrong) expectCode(await deleteAccount(client, confirm), ErrorCode.deleteSpelledWrong);
    for (const body of [{}, { confirm: null }, { confirm: 1 }, { confirm: ["DELETE"] }, { confirm: "DELETE".repeat(20) }]) {
      expectCode(await client.call("POST", "/v1/user/delete/", body), ErrorCode.badRequest, 400);
    }
    expect(await userRow(api, user.id)).toEqual(before);
    expect((await tokensOf(user.id)).every((t) => t.revokedAt === null)).toBe(true);
    expect(await auditOf(user.id)).toEqual([]);
    expect(expectOk(await client.call("GET", "/v1/user/")).name).toBe("Keeper");
  });

  test("without a login: 300103, whatever the body", async () => {
    expectCode(await deleteAccount(caller(api), "DELETE"), ErrorCode.loginExpired);
    expectCode(await caller(api, { token: "not-a-token" }).call("POST", "/v1/user/delete/"), ErrorCode.loginExpired);
  });

  test("DELETE: personal data erased, every login revoked, ledger rows kept, gone from the team, the e-mail free again", async () => {
    setInRound(api, 49, 10);
    const leader = await signUp(api);
    const member = await signUp(api, { invite: leader.user.invite_code });
    await start(leader.client);
    await start(member.client);
    // The member is minting through round 50 and is paid for it; the leader's Team Power counts them.
    setInRound(api, 51, 1);
    await api.distribute();
    const memberInfo = await mintInfo(member.client);
    expect(memberInfo.un_collect_round).toBe(1);
    expect((await mintInfo(leader.client)).team_power).toBe(25);
    expect((await teamPage(leader.client, 1)).list.map((m) => m.user_id)).toEqual([member.user.id]);

    expectOk(await member.client.call("PUT", "/v1/user/", { name: "Leaving Soon" }));
    expectOk(await member.client.call("POST", "/v1/mint/user/status/", { id: 3 }));
    expectOk(await member.client.call("PUT", "/v1/mint/twitter/", { twitter: "@leaving_soon" }));
    await api.database.db
      .update(users)
      .set({ avatar: "/media/old.webp", avatarNew: "/media/new.webp", avatarStatus: AvatarStatus.inReview })
      .where(eq(users.id, member.user.id));
    // A second login on another device: deleting from one revokes both.
    const second = await logIn(api, member.email, undefined);
    const secondClient = caller(api, { did: expectOk(second.answer).did, token: expectOk(second.answer).token });
    expectOk(await secondClient.call("GET", "/v1/user/"));

    const rounds = await rowsOfUser(api, member.user.id);
    const grants = await grantsOf(api, member.user.id);
    expect(rounds).toHaveLength(1);
    expect(grants.map((g) => g.reason)).toEqual(["start"]);

    api.clock.advance(5);
    expect(expectOk(await deleteAccount(member.client, "  DELETE \n"))).toEqual({});

    const row = await userRow(api, member.user.id);
    expect(row).toMatchObject({
      email: null,
      name: "",
      avatar: "",
      avatarNew: "",
      avatarStatus: AvatarStatus.settled,
      statusIcon: null,
      socialHandle: null,
      deletedAt: api.clock.now(),
      // Kept: what other users' history and the invite tree point at.
      id: member.user.id,
      displayId: member.user.display_id,
      inviterId: leader.user.id,
    });
    const tokens = await tokensOf(member.user.id);
    expect(tokens).toHaveLength(2);
    expect(tokens.every((t) => t.revokedAt?.getTime() === api.clock.now().getTime())).toBe(true);
    expect(await rowsOfUser(api, member.user.id)).toEqual(rounds);
    expect(await grantsOf(api, member.user.id)).toEqual(grants);
    const [minter] = await api.database.db.select().from(minters).where(eq(minters.userId, member.user.id));
    expect(minter.suspendedAt).toEqual(api.clock.now());

    const audit = await auditOf(member.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "self", action: "delete-account", at: api.clock.now() });

    // Every authenticated call with either old token is told to log in again.
    expect(authRoutes.length).toBeGreaterThanOrEqual(20);
    for (const c of [member.client, secondClient]) {
      for (const r of authRoutes) expectCode(await c.call(r.method, r.path), ErrorCode.loginExpired);
    }

    // Gone from the leader's team, and no longer in their Team Power.
    const page = await teamPage(leader.client, 1);
    expect(page.list).toEqual([]);
    expect(page.counts.level1).toEqual({ total: 0, minting: 0 });
    expect((await mintInfo(leader.client)).team_power).toBe(0);
    // Their invite code and social handle are no one's now.
    expectCode(
      await caller(api).call("GET", "/v1/user/inviter/", undefined, { invite_code: member.user.invite_code }),
      ErrorCode.invalidInviteCode,
    );
    expect(expectOk(await leader.client.call("PUT", "/v1/mint/twitter/", { twitter: "@leaving_soon" }))).toEqual({
      twitter: "@leaving_soon",
    });

    // The e-mail cannot log in any more, and registers a fresh account.
    expectCode(await sendCode(caller(api), member.email, "login"), ErrorCode.emailNotFound);
    const again = await signUp(api, { email: member.email });
    expect(again.user.id).not.toBe(member.user.id);
    expect(again.user).toMatchObject({
      email: member.email,
      name: "",
      avatar: "",
      user_status_icon: null,
      twitter: "",
      inviter_id: null,
      vv: "0.00000000",
    });
    expect(await grantsOf(api, again.user.id)).toEqual([]);
    expect(await rowsOfUser(api, again.user.id)).toEqual([]);
    expect(expectOk(await again.client.call("GET", "/v1/user/")).id).toBe(again.user.id);
    // The old account stays deleted.
    expect((await userRow(api, member.user.id)).deletedAt).not.toBeNull();
  });

  test("two deletions at once from two logins: one succeeds, the other is told to log in", async () => {
    const account = await signUp(api);
    api.clock.advance(86_400);
    const second = expectOk((await logIn(api, account.email, undefined)).answer);
    const other = caller(api, { did: second.did, token: second.token });
    const answers = await Promise.all([deleteAccount(account.client, "DELETE"), deleteAccount(other, "DELETE")]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, ErrorCode.loginExpired]);
    expect(await auditOf(account.user.id)).toHaveLength(1);
  });
});
