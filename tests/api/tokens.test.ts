import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { authTokens, users } from "#api/src/db/schema.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectNoLeak, expectOk, logIn, newDid, signUp, type Caller } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

/** Every call that needs a signed-in user, with a harmless body. */
const AUTHENTICATED: [string, string, unknown?][] = [
  ["GET", "/v1/user/"],
  ["PUT", "/v1/user/", { ui_lang: "en" }],
  ["POST", "/v1/user/", { ui_lang: "en" }],
  ["GET", "/v1/user/invite/"],
  ["POST", "/v1/user/invite_code/", { invite_code: "ABCDEFGH" }],
  ["POST", "/v1/user/logout/"],
];

async function everyCallAnswers(c: Caller, code: number) {
  for (const [method, path, body] of AUTHENTICATED) expectCode(await c.call(method, path, body), code);
}

async function rawAuth(authorization: string) {
  const res = await api.app.inject({ method: "GET", url: "/v1/user/?os=web", headers: { authorization } });
  expectNoLeak(res.body);
  return { status: res.statusCode, body: res.json() };
}

describe("tokens", () => {
  test("no token or a garbage one answers 300103 on every authenticated call", async () => {
    await everyCallAnswers(caller(api), ErrorCode.loginExpired);
    await everyCallAnswers(caller(api, { token: "garbage" }), ErrorCode.loginExpired);
    await everyCallAnswers(caller(api, { token: "x".repeat(43) }), ErrorCode.loginExpired);
    for (const header of ["", "HIN", "HIN ", "Bearer abc", "HIN a b", "garbage"]) {
      expectCode(await rawAuth(header), ErrorCode.loginExpired);
    }
  });

  test("the token is sent as `HIN <token>` (scheme case-insensitive) and nothing else", async () => {
    const { token } = await signUp(api);
    expectOk(await rawAuth(`HIN ${token}`));
    expectOk(await rawAuth(`hin ${token}`));
    expectCode(await rawAuth(`Bearer ${token}`), ErrorCode.loginExpired);
    expectCode(await rawAuth(token), ErrorCode.loginExpired);
  });

  test("tokens are stored only as hashes", async () => {
    const { token, user } = await signUp(api);
    const rows = await api.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
  });

  test("logout revokes that token only", async () => {
    const account = await signUp(api);
    const second = expectOk((await logIn(api, account.email, await newDid(api))).answer);
    const other = caller(api, { token: second.token, did: second.did });

    expect(expectOk(await account.client.call("POST", "/v1/user/logout/"))).toEqual({});
    await everyCallAnswers(account.client, ErrorCode.loginExpired);
    expectOk(await other.call("GET", "/v1/user/"));
  });

  test("calls made at once are each answered for their own account, and a logout among them holds for every call after it", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const calls = Array.from({ length: 6 }, () => [a.client.call("GET", "/v1/user/"), b.client.call("GET", "/v1/user/")]).flat();
    const emails = (await Promise.all(calls)).map((answer) => expectOk(answer).email);
    expect(emails).toEqual(Array.from({ length: 6 }, () => [a.email, b.email]).flat());

    const during = Array.from({ length: 6 }, () => a.client.call("GET", "/v1/user/"));
    expectOk(await a.client.call("POST", "/v1/user/logout/"));
    await Promise.all(during);
    const after = await Promise.all(Array.from({ length: 6 }, () => a.client.call("GET", "/v1/user/")));
    for (const answer of after) expectCode(answer, ErrorCode.loginExpired);
    expect(expectOk(await b.client.call("GET", "/v1/user/")).email).toBe(b.email);
  });

  test("a token expires after 30 days without use, use keeps it alive", async () => {
    const idle = await signUp(api);
    const busy = await signUp(api);

    api.clock.advance(29 * 86_400);
    expectOk(await busy.client.call("GET", "/v1/user/"));
    api.clock.advance(29 * 86_400);
    expectOk(await busy.client.call("GET", "/v1/user/"));
    expectCode(await idle.client.call("GET", "/v1/user/"), ErrorCode.loginExpired);

    api.clock.advance(30 * 86_400);
    expectOk(await busy.client.call("GET", "/v1/user/"));
    api.clock.advance(30 * 86_400 + 120);
    expectCode(await busy.client.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    // Expired stays expired.
    expectCode(await busy.client.call("GET", "/v1/user/"), ErrorCode.loginExpired);
  });
});

describe("banned accounts", () => {
  async function setBanned(userId: number, at: Date | null) {
    await api.database.db.update(users).set({ bannedAt: at }).where(eq(users.id, userId));
  }

  test("every authenticated call answers 300106 and every token is revoked", async () => {
    const account = await signUp(api);
    const second = expectOk((await logIn(api, account.email, await newDid(api))).answer);
    const other = caller(api, { token: second.token, did: second.did });
    const bystander = await signUp(api);

    await setBanned(account.user.id, api.clock.now());
    await everyCallAnswers(account.client, ErrorCode.accountBanned);
    await everyCallAnswers(other, ErrorCode.accountBanned);
    // ... and keeps answering it, call after call.
    await everyCallAnswers(account.client, ErrorCode.accountBanned);

    const rows = await api.database.db.select().from(authTokens).where(eq(authTokens.userId, account.user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.revokedAt).not.toBeNull();
    expectOk(await bystander.client.call("GET", "/v1/user/"));

    // A banned account cannot log in again.
    api.clock.advance(60);
    expectCode((await logIn(api, account.email, await newDid(api))).answer, ErrorCode.accountBanned);

    // Lifting the ban does not bring the old tokens back; a new login works.
    await setBanned(account.user.id, null);
    expectCode(await account.client.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    expectCode(await other.call("GET", "/v1/user/"), ErrorCode.loginExpired);
    api.clock.advance(60);
    const again = expectOk((await logIn(api, account.email, await newDid(api))).answer);
    expectOk(await caller(api, { token: again.token }).call("GET", "/v1/user/"));
  });

  test("a ban set while the token was idle-expired still answers 300106", async () => {
    const account = await signUp(api);
    api.clock.advance(31 * 86_400);
    await setBanned(account.user.id, api.clock.now());
    expectCode(await account.client.call("GET", "/v1/user/"), ErrorCode.accountBanned);
  });
});
