import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConfigError, loadApiConfig, TEST_HOOKS_E2E_RUN } from "#api/src/config.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { mintInfo, roundConfig } from "./airdrop-helpers.ts";
import { caller, expectOk, uniqueEmail } from "./helpers.ts";

// Decision 069: the e2e run's test-only routes exist only when TEST_HOOKS turns them on.

describe("test hooks off (every server but a test run's)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig());
  });
  afterAll(async () => api.close());

  test("the test-only routes are unknown: 404, no account made, no round closed", async () => {
    const email = uniqueEmail("hooks-off");
    const made = await caller(api).call("POST", "/v1/test/accounts", { email });
    expect(made.status).toBe(404);
    expect(made.body.data).toBeUndefined();
    const closed = await caller(api).call("POST", "/v1/test/rounds/close", {});
    expect(closed.status).toBe(404);
    const before = api.clock.now().getTime();
    expect((await caller(api).call("POST", "/v1/test/clock/advance", { seconds: 60 })).status).toBe(404);
    expect(api.clock.now().getTime()).toBe(before);
    const sent = await caller(api).call("POST", "/v1/user/vcode/send/", { email, purpose: "login" });
    expect(sent.body.code, "no account was made").not.toBe(0);
  });

  test("NODE_ENV=production refuses TEST_HOOKS unless the e2e run's own value says otherwise", () => {
    const env = { NODE_ENV: "production" as const, API_SECRET: "s", DATA_DIR: "tests/.tmp", TEST_HOOKS: "1" };
    expect(() => loadApiConfig(env)).toThrow(ConfigError);
    expect(() => loadApiConfig({ ...env, TEST_HOOKS_IN_PRODUCTION: "yes" })).toThrow(/^Invalid configuration: TEST_HOOKS: /);
    expect(loadApiConfig({ ...env, TEST_HOOKS_IN_PRODUCTION: TEST_HOOKS_E2E_RUN }).TEST_HOOKS).toBe(true);
    expect(loadApiConfig({ NODE_ENV: "production" as const, API_SECRET: "s", DATA_DIR: "tests/.tmp" }).TEST_HOOKS).toBe(false);
  });
});

describe("test hooks on", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(roundConfig({ TEST_HOOKS: "1" }));
  });
  afterAll(async () => api.close());

  test("an account as the sign-up makes it, signed in, its airdrop started when asked", async () => {
    const email = uniqueEmail("hooks-on");
    const made = expectOk(await caller(api).call("POST", "/v1/test/accounts", { email, ui_lang: "ar", start_airdrop: true }));
    expect(made.user).toMatchObject({ email, ui_lang: "ar" });
    const signedIn = caller(api, { token: made.token, did: made.did });
    expect(await mintInfo(signedIn)).toMatchObject({ mint_status: "wait" });
    const again = await caller(api).call("POST", "/v1/test/accounts", { email });
    expect(again.body.code, "one account per e-mail, as the sign-up").not.toBe(0);
  });

  test("closing the round in progress distributes it at once; the next round is in progress", async () => {
    const made = expectOk(await caller(api).call("POST", "/v1/test/accounts", { email: uniqueEmail("hooks-round"), start_airdrop: true }));
    const signedIn = caller(api, { token: made.token, did: made.did });
    const before = await mintInfo(signedIn);
    const { closed } = expectOk(await caller(api).call("POST", "/v1/test/rounds/close", {}));
    expect(closed).toBe(before.next_round_number);
    const after = await mintInfo(signedIn);
    expect(after.next_round_number).toBe(closed + 1);
    expect(after.server_time).toBe(before.next_round_timestamp);
    expect(before.mint_status).toBe("wait");
    expect(after.mint_status, "started before the round closed: minting from the next").toBe("minting");
  });

  test("the clock moves forward by the seconds asked, a day at most, never back", async () => {
    const before = api.clock.now().getTime();
    const { now } = expectOk(await caller(api).call("POST", "/v1/test/clock/advance", { seconds: 90 }));
    expect(now).toBe(Math.floor(before / 1000) + 90);
    expect(api.clock.now().getTime()).toBe(before + 90_000);
    for (const seconds of [0, -5, 1.5, 86_401, "9"]) {
      expect((await caller(api).call("POST", "/v1/test/clock/advance", { seconds })).status, String(seconds)).toBe(400);
    }
    expect(api.clock.now().getTime()).toBe(before + 90_000);
  });
});
