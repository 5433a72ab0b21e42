import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ERROR_MESSAGES, ErrorCode, type ErrorCodeValue } from "#contract/errors.ts";
import { allRoutes } from "#contract/routes.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectNoLeak, expectOk, sendCode, signUp, uniqueEmail } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

/** A raw request (string bodies, odd headers), checked for leaks; answers status and parsed body. */
async function raw(opts: { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string> }) {
  const res = await api.app.inject({ method: opts.method as "POST", url: opts.url, payload: opts.payload, headers: opts.headers });
  expectNoLeak(res.body);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return { status: res.statusCode, body: res.json() };
}

function expectFailureShape(body: Record<string, unknown>, code: ErrorCodeValue) {
  expect(body).toEqual({ code, err_msg: ERROR_MESSAGES[code] });
}

describe("the envelope", () => {
  test("success is {code: 0, data}", async () => {
    const answer = await caller(api).call("GET", "/v1/user/did/");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["code", "data"]);
    expect(answer.body.code).toBe(0);
  });

  test("a business error is HTTP 200 with {code, err_msg} from the catalogue", async () => {
    const answer = await sendCode(caller(api), "nope", "register");
    expect(answer.status).toBe(200);
    expectFailureShape(answer.body, ErrorCode.invalidEmail);
    const unknown = await sendCode(caller(api), uniqueEmail(), "login");
    expectFailureShape(unknown.body, ErrorCode.emailNotFound);
  });

  test("malformed JSON is HTTP 400, code 100400", async () => {
    for (const payload of ["{bad", '{"email": "a@example.com", ', "nul\u0000l", "[1,2", '{"a":1}}']) {
      const res = await raw({
        method: "POST",
        url: "/v1/user/vcode/send/",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expectFailureShape(res.body, ErrorCode.badRequest);
    }
  });

  test("a missing or mistyped field is HTTP 400, code 100400", async () => {
    const c = caller(api);
    for (const body of [{}, { email: uniqueEmail() }, { purpose: "register" }, { email: ["a@example.com"], purpose: "register" }, [1, 2]]) {
      expectCode(await c.call("POST", "/v1/user/vcode/send/", body), ErrorCode.badRequest, 400);
    }
    expectCode(await c.call("POST", "/v1/user/login/", { email: uniqueEmail() }), ErrorCode.badRequest, 400);
    for (const payload of ["null", "", '"text"', "42"]) {
      const res = await raw({ method: "POST", url: "/v1/user/vcode/send/", payload, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expectFailureShape(res.body, ErrorCode.badRequest);
    }
  });

  test("a body of another content type is refused with code 100400", async () => {
    const res = await raw({
      method: "POST",
      url: "/v1/user/vcode/send/",
      payload: "email=a@example.com&purpose=register",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([400, 415]).toContain(res.status);
    expectFailureShape(res.body, ErrorCode.badRequest);
  });

  test("a body over 64 KB is HTTP 413, code 100413", async () => {
    const payload = JSON.stringify({ email: uniqueEmail(), purpose: "register", pad: "x".repeat(70 * 1024) });
    const res = await raw({ method: "POST", url: "/v1/user/vcode/send/", payload, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expectFailureShape(res.body, ErrorCode.tooLarge);
    // Just under the limit is parsed (and then judged on its fields).
    const fits = JSON.stringify({ email: uniqueEmail(), purpose: "register", pad: "x".repeat(60 * 1024) });
    const ok = await raw({ method: "POST", url: "/v1/user/vcode/send/", payload: fits, headers: { "content-type": "application/json" } });
    expect(ok.status).toBe(200);
    expect(ok.body.code).toBe(0);
  });

  test("an unknown path or method is HTTP 404, code 100404", async () => {
    for (const [method, url] of [
      ["GET", "/v1/nope/"],
      ["GET", "/v1/user/nope/"],
      ["POST", "/nothing"],
      ["DELETE", "/v1/user/"],
      ["GET", "/v1/user/register/"],
      ["GET", "/v1/../etc/passwd"],
    ]) {
      const res = await raw({ method, url });
      expect(res.status, `${method} ${url}`).toBe(404);
      expectFailureShape(res.body, ErrorCode.notFound);
    }
  });

  test("trailing slashes are optional", async () => {
    expectOk(await caller(api).call("GET", "/v1/user/did"));
    expectOk(await caller(api).call("GET", "/v1/user/did/"));
  });

  test("a too long query parameter is a bad request, not a fault", async () => {
    const res = await raw({ method: "GET", url: `/v1/user/did/?did=${"a".repeat(200)}` });
    expect(res.status).toBe(400);
    expectFailureShape(res.body, ErrorCode.badRequest);
  });

  test("odd input never becomes a server fault", async () => {
    const { client } = await signUp(api);
    const nasty = ["\u0000", "'; drop table users; --", "\uD800", "%00", "a".repeat(32), "😀"];
    for (const value of nasty) {
      for (const [method, path, body] of [
        ["POST", "/v1/user/vcode/send/", { email: value, purpose: "login" }],
        ["POST", "/v1/user/login/", { email: value, code: value.slice(0, 12) }],
        ["POST", "/v1/user/register/", { email: uniqueEmail(), code: value.slice(0, 12), invite_code: value, ui_lang: value.slice(0, 16) }],
        ["PUT", "/v1/user/", { name: value, ui_lang: value.slice(0, 16), lang: value.slice(0, 16) }],
        ["POST", "/v1/user/invite_code/", { invite_code: value }],
      ] as const) {
        const answer = await client.call(method, path, body, { ui_lang: value.slice(0, 16), did: value.slice(0, 64) });
        expect(answer.status, `${method} ${path} ${JSON.stringify(value)}`).toBeLessThan(500);
        expect(answer.body.code).not.toBe(ErrorCode.internal);
      }
    }
  });
});

describe("service documents", () => {
  test("/healthz answers ok", async () => {
    const res = await api.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  test("PostgreSQL: the service survives its connections being terminated", async (ctx) => {
    if (api.database.kind !== "postgres") ctx.skip();
    // Fill the pool with idle connections, then have the server end all of them.
    await Promise.all(Array.from({ length: 8 }, () => caller(api).call("GET", "/v1/user/did/")));
    await api.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await api.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expectOk(await caller(api).call("GET", "/v1/user/did/"));
  });

  test("/v1/openapi.json documents every contract route", async () => {
    const res = await api.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(documented.sort()).toEqual([...new Set(expected)].sort());
    for (const route of allRoutes) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      expect(op.responses["200"]).toBeDefined();
      expect(op.security.length > 0).toBe(Boolean(route.auth));
    }
  });

  test("every contract route is served (none answers 404)", async () => {
    for (const route of allRoutes) {
      const res = await raw({
        method: route.method,
        url: route.path,
        ...(route.method === "GET" ? {} : { payload: "{}", headers: { "content-type": "application/json" } }),
      });
      expect(res.status, `${route.method} ${route.path}`).not.toBe(404);
    }
  });
});
