import { test } from "vitest";
import { createTestApi } from "../setup/test-api.ts";
import { signUp, expectOk } from "./helpers.ts";
test("t", async () => {
  const api = await createTestApi();
  let t = Date.now();
  const u = await signUp(api);
  for (let i = 0; i < 10; i++) await signUp(api);
  console.log("signup x10", Date.now() - t);
  t = Date.now();
  for (let i = 0; i < 100; i++) { api.clock.advance(86400); expectOk(await u.client.call("GET", "/v1/mint/force_stone/")); }
  console.log("get x100", Date.now() - t);
  t = Date.now();
  for (let i = 0; i < 100; i++) { expectOk(await u.client.call("GET", "/v1/mint/user_info/")); }
  console.log("info x100", Date.now() - t);
  await api.close();
});
