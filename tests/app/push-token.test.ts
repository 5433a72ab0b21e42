/**
 * POST /native/push-token: the native bridge's hand-over of the app's push token, bound by the
 * API to the account and device of the session (docs/native-bridge.md). It answers data, never
 * a redirect, since the bridge posts it by itself.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { pushTokens } from "#api/src/db/schema.ts";
import type { TestApi } from "../setup/test-api.ts";
import { type Jar, args, get, post, run, signUpThroughApp, startBff } from "./harness.ts";

let api: TestApi;
let route: typeof import("#app/routes/native.push-token.tsx");
let session: typeof import("#app/utils/session.server.ts");
let logout: typeof import("#app/routes/logout.tsx");

beforeAll(async () => {
  api = await startBff();
  route = await import("#app/routes/native.push-token.tsx");
  session = await import("#app/utils/session.server.ts");
  logout = await import("#app/routes/logout.tsx");
});
afterAll(async () => api.close());

const hand = (form: Record<string, string>, jar?: Jar) => run(() => route.action(args(post("/native/push-token", form, { jar }))));
const rowsWith = (token: string) => api.database.db.select().from(pushTokens).where(eq(pushTokens.token, token));
const didOf = async (jar: Jar) => (await session.readSession(get("/", { jar }))).did!;

describe("POST /native/push-token", () => {
  test("signed in: the token is bound to the session's account and device", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "push" });
    const token = `fcm:${"a".repeat(150)}`;
    const res = await hand({ token, platform: "android" }, jar);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await rowsWith(token)).toEqual([expect.objectContaining({ did: await didOf(jar), platform: "android" })]);
  });

  test("signed out: 401 as data, nothing bound", async () => {
    const res = await hand({ token: "apns-signed-out-0123456789", platform: "ios" });
    expect(res.status).toBe(401);
    expect(res.headers.get("Location")).toBeNull();
    expect(await res.json()).toEqual({ ok: false, code: ErrorCode.loginExpired });
    expect(await rowsWith("apns-signed-out-0123456789")).toEqual([]);
  });

  test("a missing or bad field: 400 before the API is asked", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "push-bad" });
    const forms: Record<string, string>[] = [
      {},
      { token: "t0123456789" },
      { token: "t0123456789", platform: "web" },
      { token: "", platform: "ios" },
      { token: "two words", platform: "ios" },
      { token: "x".repeat(1025), platform: "android" },
    ];
    for (const form of forms) {
      const res = await hand(form, jar);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(await res.json()).toEqual({ ok: false, code: ErrorCode.badRequest });
    }
    expect(
      await api.database.db
        .select()
        .from(pushTokens)
        .where(eq(pushTokens.did, await didOf(jar))),
    ).toEqual([]);
  });

  test("after logout the old session's token is refused by the API (401) and the device's token is gone", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "push-out" });
    const token = "apns-0123456789abcdef0123456789abcdef";
    expect((await hand({ token, platform: "ios" }, jar)).status).toBe(200);
    const stale = jar.clone();
    jar.take(await run(() => logout.action(args(post("/logout", {}, { jar })))));
    expect(await rowsWith(token)).toEqual([]);
    const res = await hand({ token, platform: "ios" }, stale);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ ok: false, code: ErrorCode.loginExpired });
    expect(await rowsWith(token)).toEqual([]);
  });
});
