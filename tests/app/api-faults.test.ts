/**
 * Faults the real API cannot produce (resets, timeouts, garbage bodies), made with
 * undici's MockAgent through api.server.ts's dispatcher seam. Everything else in
 * tests/app talks to the real API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { MockAgent, errors } from "undici";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import type { TestApi } from "../setup/test-api.ts";
import { createCookieSessionStorage } from "@remix-run/node";
import { SESSION_SECRET, args, get, post, run, startBff } from "./harness.ts";

let api: TestApi & { url: string };
let client: typeof import("#app/utils/api.server.ts");
let login: typeof import("#app/routes/login.tsx");
let mock: MockAgent | undefined;

beforeAll(async () => {
  api = await startBff();
  client = await import("#app/utils/api.server.ts");
  login = await import("#app/routes/login.tsx");
});
afterAll(async () => api.close());

/** Routes every API call through a fresh MockAgent that allows no real connection. */
function useMock() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  client.setApiDispatcher(agent);
  mock = agent;
  return agent.get(api.url);
}

afterEach(async () => {
  client.setApiDispatcher(undefined);
  if (mock) {
    mock.assertNoPendingInterceptors();
    await mock.close();
    mock = undefined;
  }
});

const anyPath = (prefix: string) => (path: string) => path.startsWith(prefix);
const caller = { locale: "en" as const };

async function apiError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(client.ApiError);
  return error as InstanceType<typeof client.ApiError>;
}

describe("callApi turns answers that are not answers into ApiError 200007", () => {
  test("connection reset", async () => {
    useMock()
      .intercept({ path: anyPath("/v1/user/did/"), method: "GET" })
      .replyWithError(Object.assign(new errors.SocketError("other side closed"), { code: "ECONNRESET" }));
    const error = await apiError(client.callApi(routes.accounts.did, caller));
    expect(error.code).toBe(ErrorCode.networkNoBody);
  });

  test("connection refused", async () => {
    useMock()
      .intercept({ path: anyPath("/v1/user/did/"), method: "GET" })
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }));
    const error = await apiError(client.callApi(routes.accounts.did, caller));
    expect(error.code).toBe(ErrorCode.networkNoBody);
    // The address of the API never reaches a page: the toast carries only the code's words.
    expect(error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  test("headers timeout and body timeout", async () => {
    const pool = useMock();
    pool.intercept({ path: anyPath("/v1/user/did/"), method: "GET" }).replyWithError(new errors.HeadersTimeoutError());
    pool.intercept({ path: anyPath("/v1/user/did/"), method: "GET" }).replyWithError(new errors.BodyTimeoutError());
    expect((await apiError(client.callApi(routes.accounts.did, caller))).code).toBe(ErrorCode.networkNoBody);
    expect((await apiError(client.callApi(routes.accounts.did, caller))).code).toBe(ErrorCode.networkNoBody);
  });

  test.each([
    ["an HTML error page from a proxy", 502, "<html><body>Bad gateway</body></html>", "text/html"],
    ["an empty body", 200, "", "application/json"],
    ["truncated JSON", 200, '{"code":0,"data":{"did":"ab', "application/json"],
    ["JSON that is not an envelope", 200, '"ok"', "application/json"],
    ["an envelope with a non-numeric code", 200, '{"code":"0","data":{}}', "application/json"],
    ["a success whose data breaks the contract", 200, '{"code":0,"data":{"did":42}}', "application/json"],
  ])("garbage: %s", async (_name, status, body, type) => {
    useMock()
      .intercept({ path: anyPath("/v1/user/did/"), method: "GET" })
      .reply(status, body, { headers: { "content-type": type } });
    expect((await apiError(client.callApi(routes.accounts.did, caller))).code).toBe(ErrorCode.networkNoBody);
  });

  test("a business error keeps its code; 200011 carries the server's text; err_code is read too", async () => {
    const pool = useMock();
    pool.intercept({ path: anyPath("/v1/user/did/"), method: "GET" }).reply(200, { code: 200011, err_msg: "Maintenance until 10:00" });
    pool.intercept({ path: anyPath("/v1/user/did/"), method: "GET" }).reply(200, { err_code: 300104, err_msg: "wait" });
    const first = await apiError(client.callApi(routes.accounts.did, caller));
    expect([first.code, first.message]).toEqual([ErrorCode.serverMessage, "Maintenance until 10:00"]);
    expect((await apiError(client.callApi(routes.accounts.did, caller))).code).toBe(ErrorCode.sendCodeTooSoon);
  });

  test("every call carries the common query and the HIN token", async () => {
    let seen: { path: string; headers: Record<string, string> } | undefined;
    useMock()
      .intercept({ path: anyPath("/v1/user/"), method: "GET" })
      .reply(200, (opts) => {
        seen = { path: opts.path, headers: opts.headers as Record<string, string> };
        return { code: 500 };
      });
    await apiError(
      client.callApi(routes.profile.me, { locale: "ar", token: "tok123", did: "dev456", requestId: "req-1", clientIp: "203.0.113.7" }),
    );
    const query = new URL(seen!.path, api.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ os: "web", country: "", lang: "ar", ui_lang: "ar", pkg: "web", vcode: "1", did: "dev456" });
    const headers = new Headers(seen!.headers);
    expect(headers.get("authorization")).toBe("HIN tok123");
    expect(headers.get("x-request-id")).toBe("req-1");
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7");
  });
});

describe("shutting down", () => {
  test("apiCallsSettled waits for the calls in flight, and for one that a finished call's code makes next", async () => {
    const pool = useMock();
    const did = { code: 0, data: { did: "d".repeat(22) } };
    pool
      .intercept({ path: anyPath("/v1/user/did/"), method: "GET" })
      .reply(200, did)
      .delay(300);
    pool
      .intercept({ path: anyPath("/v1/user/did/"), method: "GET" })
      .reply(200, did)
      .delay(300);
    const seen: string[] = [];
    // A loader that goes on after its visitor left: one call, then another.
    const loader = client.callApi(routes.accounts.did, caller).then(async () => {
      seen.push("first answered");
      await client.callApi(routes.accounts.did, caller);
      seen.push("second answered");
    });
    await client.apiCallsSettled();
    seen.push("settled");
    await loader;
    expect(seen).toEqual(["first answered", "second answered", "settled"]);
    await client.apiCallsSettled();
  });
});

describe("the login action under a network fault", () => {
  test("a reset while sending the code becomes toast 200007, the e-mail kept", async () => {
    useMock()
      .intercept({ path: anyPath("/v1/user/vcode/send/"), method: "POST" })
      .replyWithError(Object.assign(new errors.SocketError("other side closed"), { code: "ECONNRESET" }));
    const res = await run(() => login.action(args(post("/login", { intent: "send", email: "someone@example.com" }))));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: "someone@example.com",
      sent: false,
      toast: { kind: "error", code: ErrorCode.networkNoBody },
    });
  });

  test("a garbage answer to the login call becomes toast 200007 and no session", async () => {
    useMock()
      .intercept({ path: anyPath("/v1/user/login/"), method: "POST" })
      .reply(200, "<html>oops</html>", { headers: { "content-type": "text/html" } });
    const res = await run(() => login.action(args(post("/login", { intent: "login", email: "someone@example.com", code: "123456" }))));
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toMatchObject({ sent: true, toast: { kind: "error", code: ErrorCode.networkNoBody } });
  });

  test("a signed-in page whose API is unreachable is a 503 carrying code 200007, not a crash", async () => {
    const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [SESSION_SECRET], path: "/" } });
    const session = await storage.getSession();
    session.set("token", "some-token");
    session.set("did", "some-device-id-123456");
    const cookie = (await storage.commitSession(session)).split(";")[0];
    const appLayout = await import("#app/routes/_app.tsx");
    useMock()
      .intercept({ path: anyPath("/v1/user/"), method: "GET" })
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    const res = await run(() => appLayout.loader(args(get("/team", { headers: { cookie } }))));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: ErrorCode.networkNoBody });
  });

  test("with the real dispatcher back, the real API answers again", async () => {
    client.setApiDispatcher(undefined);
    const { did } = await client.callApi(routes.accounts.did, caller);
    expect(did).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    const res = await run(() => login.action(args(post("/login", { intent: "send", email: "not-an-email" }))));
    expect((await res.json()).toast.code).toBe(ErrorCode.invalidEmail);
  });
});
