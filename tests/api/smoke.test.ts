import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, signUp, type TestApi } from "../setup/test-api.ts";

let api: TestApi;
beforeAll(async () => { api = await createTestApi(); });
afterAll(async () => api.close());

test("smoke", async () => {
  const { client, user } = await signUp(api, "a@example.com");
  expect(user.email).toBe("a@example.com");
  const me = await client.call("GET", "/v1/user/");
  expect(me.body.code).toBe(0);
});
