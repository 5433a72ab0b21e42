import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { claimBonusResult, taskListResult, type BonusTask } from "#contract/airdrop.ts";
import { APP_KEY_HEADER } from "#contract/wire.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { grantsOf, mintInfo, nowSeconds, roundConfig, start, tally } from "./airdrop-helpers.ts";
import { expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

// The bonus tasks: 1 bind (+20), 2 follow (+50, 5 minutes after the follow is recorded),
// 3 invite (+100 once 3 level-1 invitees started), 4 app upgrade (native app at the latest version).

const APP_KEY = "tasks-test-native-app-key";
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ APP_LATEST_VCODE: "7", UPGRADE_POWER: "30", NATIVE_APP_KEY: APP_KEY }));
});
afterAll(async () => api.close());

/** How a client names itself: the common query, and `key` for the native app's key header. */
type Client = Record<string, string> & { key?: string };
const WEB: Client = { os: "web", vcode: "1" };
const native = (os: "android" | "ios", vcode: string, key = APP_KEY): Client => ({ os, vcode, key });

function callAs(c: Caller, method: string, path: string, app: Client, extra: Record<string, string> = {}) {
  const { key, ...query } = app;
  return c.call(method, path, undefined, { ...query, ...extra }, key ? { [APP_KEY_HEADER]: key } : {});
}

async function tasks(c: Caller, app: Client = WEB) {
  const data = expectOk(await callAs(c, "GET", "/v1/mint/task/list/", app));
  const parsed = taskListResult.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data as {
    list: BonusTask[];
    gp_pop: boolean;
    app_outdated: boolean;
    power_amount: string;
    invite_friends: number;
    invite_started: number;
  };
}

async function task(c: Caller, type: number, app: Client = WEB) {
  return (await tasks(c, app)).list.find((t) => t.bonus_type === type)!;
}

function claim(c: Caller, type: number | string, app: Client = WEB) {
  return callAs(c, "POST", "/v1/mint/task/bonus/collect/", app, { bonus_type: String(type) });
}

async function claimOk(c: Caller, type: number, power: number, app: Client = WEB) {
  const data = expectOk(await claim(c, type, app));
  expect(claimBonusResult.safeParse(data).success).toBe(true);
  expect(data).toEqual({ bonus_type: type, power });
}

async function ownPower(c: Caller) {
  return (await mintInfo(c)).own_power;
}

describe("task list", () => {
  test("four tasks, none claimable for a new web user; gp_pop false, power_amount from config", async () => {
    const { client, user } = await signUp(api);
    const data = await tasks(client);
    expect(data.gp_pop).toBe(false);
    expect(data.power_amount).toBe("30");
    expect(data.list.map((t) => [t.bonus_type, t.power, t.can_collect, t.collected, t.available_at])).toEqual([
      [1, 20, false, false, null],
      [2, 50, false, false, null],
      [3, 100, false, false, null],
      [4, 30, false, false, null],
    ]);
    for (const t of data.list) {
      expect(t.user_id).toBe(user.id);
      expect(t.title.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(0);
    }
  });

  test("a bonus_type outside 1-4 or missing is a bad request", async () => {
    const { client } = await signUp(api);
    for (const bad of ["0", "5", "x", "1.5", ""]) expectCode(await claim(client, bad), ErrorCode.badRequest, 400);
    expectCode(await client.call("POST", "/v1/mint/task/bonus/collect/"), ErrorCode.badRequest, 400);
  });
});

describe("bind task (1)", () => {
  test("needs a bound handle (210101), grants 20 once (210109 after), power in user_info", async () => {
    const { client } = await signUp(api);
    expectCode(await claim(client, 1), ErrorCode.bindSocialFirst);
    expect(await ownPower(client)).toBe(0);
    expectOk(await client.call("PUT", "/v1/mint/twitter/", { twitter: "@binder_one" }));
    expect(await task(client, 1)).toMatchObject({ can_collect: true, collected: false });
    await claimOk(client, 1, 20);
    expect(await task(client, 1)).toMatchObject({ can_collect: false, collected: true });
    expectCode(await claim(client, 1), ErrorCode.bonusCollected);
    expect(await ownPower(client)).toBe(20);
    // Together with the start reward.
    await start(client);
    expect(await mintInfo(client)).toMatchObject({ own_power: 120, power: 120 });
  });

  test("20 parallel claims of one bonus grant it once", async () => {
    const { client, user } = await signUp(api);
    expectOk(await client.call("PUT", "/v1/mint/twitter/", { twitter: "@binder_race" }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(client, 1)));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 0: 1, [ErrorCode.bonusCollected]: 19 });
    expect(await ownPower(client)).toBe(20);
    expect(await grantsOf(api, user.id)).toHaveLength(1);
  });
});

describe("follow task (2)", () => {
  test("needs the follow recorded (210102), then FOLLOW_WAIT_SECONDS (210107 before), then grants 50 once", async () => {
    const { client } = await signUp(api);
    expectCode(await claim(client, 2), ErrorCode.followFirst);
    expectOk(await client.call("PUT", "/v1/mint/twitter/", { twitter: "@follower_1" }));
    expectCode(await claim(client, 2), ErrorCode.followFirst);
    expect(await task(client, 2)).toMatchObject({ can_collect: false, available_at: null });

    const followedAt = nowSeconds(api);
    const follow = expectOk(await client.call("POST", "/v1/mint/twitter/follow/"));
    expect(follow).toEqual({ followed_at: followedAt, claim_at: followedAt + 300 });
    expect(await task(client, 2)).toMatchObject({ can_collect: false, collected: false, available_at: followedAt + 300 });
    expect(await mintInfo(client)).toMatchObject({ follow_twitter: 1, follow_claim_at: followedAt + 300 });
    expectCode(await claim(client, 2), ErrorCode.followWait);

    api.clock.advance(299);
    expectCode(await claim(client, 2), ErrorCode.followWait);
    expect(await ownPower(client)).toBe(0);
    api.clock.advance(1);
    expect(await task(client, 2)).toMatchObject({ can_collect: true, available_at: followedAt + 300 });
    await claimOk(client, 2, 50);
    expectCode(await claim(client, 2), ErrorCode.bonusCollected);
    expect(await task(client, 2)).toMatchObject({ can_collect: false, collected: true });
    // Binding still pays its own reward beside it.
    await claimOk(client, 1, 20);
    expect(await ownPower(client)).toBe(70);
  });

  test("parallel follow claims grant once", async () => {
    const { client } = await signUp(api);
    expectOk(await client.call("PUT", "/v1/mint/twitter/", { twitter: "@follower_2" }));
    expectOk(await client.call("POST", "/v1/mint/twitter/follow/"));
    api.clock.advance(300);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(client, 2)));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 0: 1, [ErrorCode.bonusCollected]: 9 });
    expect(await ownPower(client)).toBe(50);
  });
});

describe("invite task (3)", () => {
  test("claimable once 3 level-1 invitees have started their airdrop (210108 before)", async () => {
    const inviter = await signUp(api);
    const code = inviter.user.invite_code;
    const l1 = [await signUp(api, { invite: code }), await signUp(api, { invite: code }), await signUp(api, { invite: code })];
    const l2 = await signUp(api, { invite: l1[0].user.invite_code });
    expectCode(await claim(inviter.client, 3), ErrorCode.inviteNotEnough);

    await start(l1[0].client);
    await start(l1[1].client);
    await start(l2.client); // level 2 does not count
    expectCode(await claim(inviter.client, 3), ErrorCode.inviteNotEnough);
    // Two level-1 invitees started, the third only signed up: not yet.
    expect(await task(inviter.client, 3)).toMatchObject({ can_collect: false });
    expect(await tasks(inviter.client)).toMatchObject({ invite_friends: 3, invite_started: 2 });

    await start(l1[2].client);
    // A banned invitee is nobody's friend any more: the third is missing again until the unban.
    await setUserBan(api.domain, { email: l1[2].email, banned: true, actor: "test" });
    expect(await tasks(inviter.client)).toMatchObject({ invite_started: 2 });
    expectCode(await claim(inviter.client, 3), ErrorCode.inviteNotEnough);
    await setUserBan(api.domain, { email: l1[2].email, banned: false, actor: "test" });
    expect(await task(inviter.client, 3)).toMatchObject({ can_collect: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(inviter.client, 3)));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 0: 1, [ErrorCode.bonusCollected]: 4 });
    expect(answers.find((a) => a.body.code === 0)!.body.data).toEqual({ bonus_type: 3, power: 100 });
    expectCode(await claim(inviter.client, 3), ErrorCode.bonusCollected);
    expect(await ownPower(inviter.client)).toBe(100);
    expect(await task(inviter.client, 3)).toMatchObject({ can_collect: false, collected: true });
  });
});

describe("upgrade task (4)", () => {
  test("only the native app at or above APP_LATEST_VCODE: gp_pop and power_amount; web gets 210111", async () => {
    const { client } = await signUp(api);
    const android = native("android", "7");
    const oldAndroid = native("android", "6");

    let data = await tasks(client, WEB);
    expect(data).toMatchObject({ gp_pop: false, power_amount: "30" });
    expectCode(await claim(client, 4, WEB), ErrorCode.bonusUnavailable);
    expectCode(await claim(client, 4, { os: "web", vcode: "99" }), ErrorCode.bonusUnavailable);
    data = await tasks(client, oldAndroid);
    expect(data.gp_pop).toBe(false);
    expectCode(await claim(client, 4, oldAndroid), ErrorCode.bonusUnavailable);
    expectCode(await claim(client, 4, { os: "android", key: APP_KEY }), ErrorCode.bonusUnavailable);

    data = await tasks(client, android);
    expect(data).toMatchObject({ gp_pop: true, power_amount: "30" });
    expect(data.list.find((t) => t.bonus_type === 4)).toMatchObject({ can_collect: true, power: 30 });
    await claimOk(client, 4, 30, android);
    expectCode(await claim(client, 4, android), ErrorCode.bonusCollected);
    expectCode(await claim(client, 4, native("ios", "8")), ErrorCode.bonusCollected);
    expect(await tasks(client, android)).toMatchObject({ gp_pop: false });
    expect(await ownPower(client)).toBe(30);
  });

  test("iOS above the latest version; parallel claims grant once", async () => {
    const { client } = await signUp(api);
    const ios = native("ios", "12");
    expect((await tasks(client, ios)).gp_pop).toBe(true);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(client, 4, ios)));
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 0: 1, [ErrorCode.bonusCollected]: 9 });
    expect(await ownPower(client)).toBe(30);
  });

  test("once per app version: a newer latest version opens the reward again", async () => {
    const { client } = await signUp(api);
    await claimOk(client, 4, 30, native("android", "7"));
    api.config.APP_LATEST_VCODE = 8;
    try {
      expect(await tasks(client, native("android", "7"))).toMatchObject({ gp_pop: false });
      expectCode(await claim(client, 4, native("android", "7")), ErrorCode.bonusUnavailable);
      expect(await tasks(client, native("android", "8"))).toMatchObject({ gp_pop: true });
      await claimOk(client, 4, 30, native("android", "8"));
      expect(await ownPower(client)).toBe(60);
    } finally {
      api.config.APP_LATEST_VCODE = 7;
    }
  });

  test("a browser that names the app in its URL, without the app's key or with a wrong one, gets neither popup nor reward", async () => {
    const { client } = await signUp(api);
    for (const forged of [{ os: "android", vcode: "99" }, native("android", "99", "a-wrong-key-of-some-length"), native("ios", "99", "")]) {
      expect(await tasks(client, forged)).toMatchObject({ gp_pop: false });
      expectCode(await claim(client, 4, forged), ErrorCode.bonusUnavailable);
    }
    expect(await ownPower(client)).toBe(0);
  });

  test("app_outdated: only the proved native app below APP_LATEST_VCODE; the web, the latest app and forged URLs get false", async () => {
    const { client } = await signUp(api);
    for (const old of [native("android", "6"), native("ios", "1"), native("android", "0")]) {
      expect(await tasks(client, old), JSON.stringify(old)).toMatchObject({ app_outdated: true, gp_pop: false });
    }
    for (const latest of [native("android", "7"), native("ios", "12")]) {
      expect(await tasks(client, latest), JSON.stringify(latest)).toMatchObject({ app_outdated: false, gp_pop: true });
    }
    for (const other of [WEB, { os: "android", vcode: "1" }, native("android", "1", "a-wrong-key-of-some-length"), native("ios", "x")]) {
      expect((await tasks(client, other)).app_outdated, JSON.stringify(other)).toBe(false);
    }
    // The airdrop screen's one call carries the same flag.
    expect(expectOk(await callAs(client, "GET", "/v1/mint/overview/", native("android", "6"))).tasks.app_outdated).toBe(true);
    api.config.APP_LATEST_VCODE = 8;
    try {
      expect(await tasks(client, native("android", "7"))).toMatchObject({ app_outdated: true, gp_pop: false });
    } finally {
      api.config.APP_LATEST_VCODE = 7;
    }
    api.config.NATIVE_APP_KEY = undefined;
    try {
      expect((await tasks(client, native("android", "6"))).app_outdated).toBe(false);
    } finally {
      api.config.NATIVE_APP_KEY = APP_KEY;
    }
  });

  test("with no NATIVE_APP_KEY configured no client is native", async () => {
    const { client } = await signUp(api);
    api.config.NATIVE_APP_KEY = undefined;
    try {
      expect(await tasks(client, native("android", "99"))).toMatchObject({ gp_pop: false });
      expectCode(await claim(client, 4, native("android", "99")), ErrorCode.bonusUnavailable);
    } finally {
      api.config.NATIVE_APP_KEY = APP_KEY;
    }
  });
});
