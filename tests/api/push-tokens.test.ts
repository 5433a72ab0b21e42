import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { pushTokens } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, logIn, signUp, type Caller } from "./helpers.ts";

const PUSH_TOKEN = "/v1/user/push_token/";

let api: TestApi;
beforeAll(async () => {
  // Two accounts take turns on one phone within a test.
  api = await createTestApi({ DEVICE_ACCOUNTS_PER_DAY: "3" });
});
afterAll(async () => api.close());

const bind = (c: Caller, body: unknown, query: Record<string, string> = {}) => c.call("PUT", PUSH_TOKEN, body, query);
const rowOf = async (did: string) => (await api.database.db.select().from(pushTokens).where(eq(pushTokens.did, did)))[0];
const rowsOfUser = (userId: number) => api.database.db.select().from(pushTokens).where(eq(pushTokens.userId, userId));

/** A token shaped like an FCM registration token, unique per call. */
let serial = 0;
const fcmToken = () => `fcm${++serial}:APA91b${"x".repeat(140)}`;

describe("PUT /v1/user/push_token/", () => {
  test("binds the token to the account and the device the login was made on", async () => {
    const { client, user, did } = await signUp(api);
    const token = fcmToken();
    expect(expectOk(await bind(client, { token, platform: "android" }))).toEqual({});
    expect(await rowOf(did)).toMatchObject({ did, userId: user.id, platform: "android", token });
    expect((await rowOf(did))!.updatedAt.getTime()).toBe(api.clock.now().getTime());
  });

  test("a new token from the same device replaces the old one: one row per device", async () => {
    const { client, user, did } = await signUp(api);
    expectOk(await bind(client, { token: fcmToken(), platform: "ios" }));
    api.clock.advance(60);
    const newer = fcmToken();
    expectOk(await bind(client, { token: `  ${newer}  `, platform: "ios" }));
    expect(await rowsOfUser(user.id)).toEqual([
      expect.objectContaining({ did, token: newer, platform: "ios", updatedAt: api.clock.now() }),
    ]);
  });

  test("another account signing in on the device takes its token over", async () => {
    const first = await signUp(api);
    const second = await signUp(api);
    const token = fcmToken();
    expectOk(await bind(first.client, { token, platform: "android" }));
    const { answer, client } = await logIn(api, second.email, first.did);
    const session = expectOk(answer);
    expect(session.did).toBe(first.did);
    client.state.token = session.token;
    client.state.did = session.did;
    expectOk(await bind(client, { token, platform: "android" }));
    expect(await rowOf(first.did)).toMatchObject({ userId: second.user.id, token });
    expect(await rowsOfUser(first.user.id)).toEqual([]);
  });

  test("the same token under a new device id (a reinstalled app) leaves only the new row", async () => {
    const before = await signUp(api);
    const token = fcmToken();
    expectOk(await bind(before.client, { token, platform: "android" }));
    const after = await signUp(api);
    expectOk(await bind(after.client, { token, platform: "android" }));
    expect(await rowOf(before.did)).toBeUndefined();
    expect(await rowOf(after.did)).toMatchObject({ userId: after.user.id, token });
  });

  test("a bad platform, an empty, spaced or huge token, or a missing or foreign did: 100400, nothing stored", async () => {
    const { client, user, did } = await signUp(api);
    const other = await signUp(api);
    const bodies: unknown[] = [
      {},
      { token: fcmToken() },
      { platform: "android" },
      { token: fcmToken(), platform: "windows" },
      { token: fcmToken(), platform: "Android" },
      { token: fcmToken(), platform: "" },
      { token: "", platform: "android" },
      { token: "   ", platform: "android" },
      { token: "has a space", platform: "android" },
      { token: "line\nbreak", platform: "android" },
      { token: "é-accent", platform: "ios" },
      { token: "x".repeat(1025), platform: "android" },
      { token: 12345, platform: "android" },
      { token: [fcmToken()], platform: "android" },
      { token: null, platform: "ios" },
    ];
    for (const body of bodies) expectCode(await bind(client, body), ErrorCode.badRequest, 400);
    // The device is the one this login was made on: none, or another device's id, is refused.
    expectCode(
      await bind(caller(api, { token: client.state.token }), { token: fcmToken(), platform: "android" }),
      ErrorCode.badRequest,
      400,
    );
    expectCode(await bind(client, { token: fcmToken(), platform: "android" }, { did: "" }), ErrorCode.badRequest, 400);
    expectCode(await bind(client, { token: fcmToken(), platform: "android" }, { did: other.did }), ErrorCode.badRequest, 400);
    expect(await rowsOfUser(user.id)).toEqual([]);
    expect(await rowOf(did)).toBeUndefined();
    expect(await rowOf(other.did)).toBeUndefined();
    // The longest token allowed still binds.
    expectOk(await bind(client, { token: "x".repeat(1024), platform: "android" }));
    expect((await rowOf(did))!.token).toHaveLength(1024);
  });

  test("without a login: 300103, nothing stored", async () => {
    const { did } = await signUp(api);
    expectCode(await bind(caller(api, { did }), { token: fcmToken(), platform: "android" }), ErrorCode.loginExpired);
    expectCode(await bind(caller(api, { did, token: "garbage" }), { token: fcmToken(), platform: "android" }), ErrorCode.loginExpired);
    expect(await rowOf(did)).toBeUndefined();
  });
});

describe("removal", () => {
  test("logout removes this device's token, not the account's other devices'", async () => {
    const phone = await signUp(api);
    const token = fcmToken();
    expectOk(await bind(phone.client, { token, platform: "android" }));
    const { answer, client: tablet } = await logIn(api, phone.email, undefined);
    const session = expectOk(answer);
    tablet.state.token = session.token;
    tablet.state.did = session.did;
    expectOk(await bind(tablet, { token: fcmToken(), platform: "ios" }));
    expect(await rowsOfUser(phone.user.id)).toHaveLength(2);

    expectOk(await phone.client.call("POST", "/v1/user/logout/"));
    expect(await rowOf(phone.did)).toBeUndefined();
    expect(await rowsOfUser(phone.user.id)).toEqual([expect.objectContaining({ did: session.did, platform: "ios" })]);
  });

  test("logout of an account that no longer owns the device's token leaves the new owner's row", async () => {
    const first = await signUp(api);
    const second = await signUp(api);
    const { answer, client } = await logIn(api, second.email, first.did);
    const session = expectOk(answer);
    client.state.token = session.token;
    client.state.did = session.did;
    const token = fcmToken();
    expectOk(await bind(client, { token, platform: "android" }));
    expectOk(await first.client.call("POST", "/v1/user/logout/"));
    expect(await rowOf(first.did)).toMatchObject({ userId: second.user.id, token });
  });

  test("deleting the account removes every device's token", async () => {
    const phone = await signUp(api);
    expectOk(await bind(phone.client, { token: fcmToken(), platform: "android" }));
    const { answer, client: tablet } = await logIn(api, phone.email, undefined);
    const session = expectOk(answer);
    tablet.state.token = session.token;
    tablet.state.did = session.did;
    expectOk(await bind(tablet, { token: fcmToken(), platform: "ios" }));
    const bystander = await signUp(api);
    expectOk(await bind(bystander.client, { token: fcmToken(), platform: "ios" }));

    expectOk(await phone.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await rowsOfUser(phone.user.id)).toEqual([]);
    expect(await rowOf(bystander.did)).toMatchObject({ userId: bystander.user.id });
  });

  test("banning the account removes every device's token; unbanning does not bring them back", async () => {
    const phone = await signUp(api);
    expectOk(await bind(phone.client, { token: fcmToken(), platform: "android" }));
    const bystander = await signUp(api);
    expectOk(await bind(bystander.client, { token: fcmToken(), platform: "ios" }));

    expect(await setUserBan(api.domain, { email: phone.email, banned: true, actor: "test" })).toBe(true);
    expect(await rowsOfUser(phone.user.id)).toEqual([]);
    await setUserBan(api.domain, { email: phone.email, banned: false, actor: "test" });
    expect(await rowsOfUser(phone.user.id)).toEqual([]);
    expect(await rowOf(bystander.did)).toMatchObject({ userId: bystander.user.id });
  });
});
