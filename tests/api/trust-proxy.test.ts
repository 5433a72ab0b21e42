import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, type TestApi } from "../setup/test-api.ts";

/**
 * Whose address counts: X-Forwarded-For is believed only from the proxies TRUST_PROXY names
 * (the web app on loopback by default, or a separately run web app's subnet), so a client
 * cannot rotate a forged header past the per-IP limits, and visitors behind the web app are
 * counted apart.
 */
const SIGN_IN_LIMIT = 3;

async function statuses(api: TestApi, remoteAddress: string, forwardedFor: (i: number) => string, count = 6): Promise<number[]> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const res = await api.app.inject({
      method: "GET",
      url: "/v1/user/did/",
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor(i) },
    });
    out.push(res.statusCode);
  }
  return out;
}

describe.each([
  ["default (loopback)", {}, "127.0.0.1"],
  ["a web app's subnet", { TRUST_PROXY: "10.0.0.0/8" }, "10.20.30.40"],
])("TRUST_PROXY %s", (_name, settings, proxy) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ RATE_AUTH_PER_IP_PER_MINUTE: String(SIGN_IN_LIMIT), ...settings });
  });
  afterAll(async () => api.close());

  test("from the trusted proxy, each forwarded visitor has a limit of their own", async () => {
    expect(await statuses(api, proxy, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await statuses(api, proxy, () => "203.0.113.200")).toEqual([200, 200, 200, 429, 429, 429]);
  });

  test("from the trusted proxy, the forwarded visitors of one IPv6 /64 are one client; the next /64 another", async () => {
    expect(await statuses(api, proxy, (i) => `2001:db8:77:1::${i + 1}`)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await statuses(api, proxy, () => "2001:db8:77:2::1", 1)).toEqual([200]);
  });

  test("from anywhere else, a forged X-Forwarded-For is ignored: the sender's own address is counted", async () => {
    expect(await statuses(api, "198.51.100.7", (i) => `203.0.113.${i + 100}`)).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
