import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectOk, signUp, uniqueEmail } from "./helpers.ts";

/** A client address of its own: Redis keeps counts across test runs for a minute. */
const freshIp = () => `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** An IPv6 /64 of its own, as the text its addresses start with (`2001:db8:x:y:`). */
const fresh64 = () => `2001:db8:${Math.floor(Math.random() * 0x10000).toString(16)}:${Math.floor(Math.random() * 0x10000).toString(16)}:`;

const LIMITS = {
  RATE_API_PER_IP_PER_MINUTE: "40",
  RATE_AUTH_PER_IP_PER_MINUTE: "8",
  RATE_WRITES_PER_USER_PER_MINUTE: "5",
  RATE_EXPORTS_PER_USER_PER_HOUR: "3",
};

/** The spellings of one token's Authorization header that the API reads as that token. */
const spellings = (token: string) => [`HIN ${token}`, `hin ${token}`, `Hin  ${token}`, `HIN\t${token}`, `hIN   ${token}`];

describe.each([
  ["in memory (the embedded default)", {}],
  ["in Redis (shared by every instance)", { REDIS_URL: "redis://127.0.0.1:6379/0" }],
])("rate limits %s", (_name, store) => {
  let api: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ ...LIMITS, ...store });
    second = await createTestApi({ ...LIMITS, ...store });
  });
  afterAll(async () => {
    await api.close();
    await second.close();
  });

  test("sign-in calls: 8 a minute per IP, then 429 with Retry-After in the envelope", async () => {
    const c = caller(api, { ip: freshIp() });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await c.call("GET", "/v1/user/did/"));
    expect(answers.slice(0, 8).every((a) => a.status === 200)).toBe(true);
    const refused = answers.slice(8);
    for (const a of refused) {
      expect(a.status).toBe(429);
      expect(a.body.code).toBe(ErrorCode.rateLimited);
    }
    // Another client is not held up by this one.
    expect((await caller(api, { ip: freshIp() }).call("GET", "/v1/user/did/")).status).toBe(200);
  });

  test("the sign-in limit counts the route matched, not the raw URL: /v1/user/%6cogin/ is /v1/user/login/", async () => {
    // The router decodes the path and ignores a trailing slash; the limit must see what it sees.
    const spellings = ["/v1/user/login/", "/v1/user/%6cogin/", "/v1/user/%6C%6Fgin", "/v1/user/login"];
    const c = caller(api, { ip: freshIp() });
    for (let i = 0; i < 8; i++)
      expect((await c.call("POST", spellings[i % spellings.length], { email: "nobody@example.com", code: "000000" })).status).not.toBe(429);
    for (const path of spellings) {
      const answer = await c.call("POST", path, { email: "nobody@example.com", code: "000000" });
      expect(answer.status, path).toBe(429);
      expect(answer.body.code).toBe(ErrorCode.rateLimited);
    }
  });

  test("a signed-in user's writes: 5 a minute per login, whatever IP they come from", async () => {
    const user = await signUp(api, { email: uniqueEmail("writer") });
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      user.client.state.ip = freshIp();
      statuses.push((await user.client.call("PUT", "/v1/user/", { ui_lang: "en" })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expectOk(await user.client.call("GET", "/v1/user/"));
  });

  test("a login's writes are one allowance however its Authorization header is spelled", async () => {
    const { client: c, token } = await signUp(api, { email: uniqueEmail("spelling-writer") });
    c.state.token = undefined;
    const statuses = [];
    for (const authorization of [...spellings(token), ...spellings(token)]) {
      const answer = await c.call("PUT", "/v1/user/", { ui_lang: "en" }, {}, { authorization });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.code).toBe(ErrorCode.rateLimited);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
  });

  test("a login's exports are one allowance however its Authorization header is spelled", async () => {
    const { token } = await signUp(api, { email: uniqueEmail("spelling-export") });
    const ip = freshIp();
    const answers = [];
    for (const authorization of [...spellings(token), spellings(token)[0]]) {
      answers.push(
        await api.app.inject({ method: "GET", url: "/v1/user/export/?format=json", remoteAddress: ip, headers: { authorization } }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429, 429]);
    for (const refused of answers.slice(3)) {
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: ErrorCode.rateLimited });
    }
  });

  test("every call: 40 a minute per IP", async () => {
    const c = caller(api, { ip: freshIp() });
    const statuses = [];
    for (let i = 0; i < 45; i++) statuses.push((await c.call("GET", "/v1/openapi.json")).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  test("an IPv6 /64 is one client: its addresses share the sign-in limit and the per-IP one; the next /64 is another", async () => {
    const net = fresh64();
    const statuses = [];
    for (let i = 1; i <= 12; i++)
      statuses.push((await caller(api, { ip: `${net}:${i.toString(16)}` }).call("GET", "/v1/user/did/")).status);
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
    const refused = await caller(api, { ip: `${net}ffff:ffff:ffff:ffff` }).call("GET", "/v1/user/did/");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.rateLimited);
    expect((await caller(api, { ip: fresh64() + ":1" }).call("GET", "/v1/user/did/")).status).toBe(200);

    const other = fresh64();
    const all = [];
    for (let i = 1; i <= 45; i++)
      all.push((await caller(api, { ip: `${other}${i.toString(16)}::${i.toString(16)}` }).call("GET", "/v1/openapi.json")).status);
    expect(all.filter((s) => s === 429)).toHaveLength(5);
  });

  test("an IPv4 address is counted alone, and written as IPv4-mapped IPv6 it is the same client", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await caller(api, { ip }).call("GET", "/v1/user/did/")).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await caller(api, { ip: `::ffff:${ip}` }).call("GET", "/v1/user/did/")).status).toBe(200);
    expect((await caller(api, { ip: `::ffff:${ip}` }).call("GET", "/v1/user/did/")).status).toBe(429);
    const neighbour = ip.replace(/\d+$/, (last) => String((Number(last) + 1) % 256));
    expect((await caller(api, { ip: neighbour }).call("GET", "/v1/user/did/")).status).toBe(200);
  });

  test("counted across instances only when they share Redis", async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await caller(api, { ip }).call("GET", "/v1/user/did/")).status).toBe(200);
    const onSecond = (await caller(second, { ip }).call("GET", "/v1/user/did/")).status;
    expect(onSecond).toBe("REDIS_URL" in store ? 429 : 200);
  });
});
