import { afterAll, beforeAll, expect, test } from "vitest";
import type { TestApi } from "../setup/test-api.ts";
import { args, get, run, signUpThroughApp, startBff } from "./harness.ts";

let api: TestApi;
let recruit: typeof import("#app/routes/_app.recruit.tsx");

beforeAll(async () => {
  api = await startBff({ TEAM_L1_PERCENT: "30", INVITE_FRIENDS: "4" });
  recruit = await import("#app/routes/_app.recruit.tsx");
});
afterAll(async () => api.close());

test("/recruit: the code, the link, a QR code drawn on the server, and the reward numbers from the API", async () => {
  const { jar } = await signUpThroughApp(api, { tag: "recruit" });

  const res = await run(() => recruit.loader(args(get("/recruit", { jar }))));
  expect(res.status).toBe(200);
  const data = await res.json();
  expect(data.invite).toMatchObject({ level1_percent: 30, level2_percent: 5, invite_friends: 4, invite_power: 100 });
  expect(data.invite.invite_link).toBe(`http://localhost:3000/register?invite=${data.invite.invite_code}`);
  // A version-3 QR code or larger (29+ modules) with its quiet zone, as one path of unit squares.
  expect(data.qr.size).toBeGreaterThanOrEqual(29 + 8);
  expect(data.qr.d).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
});

test("/recruit needs a signed-in user", async () => {
  const res = await run(() => recruit.loader(args(get("/recruit"))));
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Frecruit");
});
