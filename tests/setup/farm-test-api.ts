import type { FarmTransport } from "./farm.ts";
import { client, lastCode, type TestApi } from "./test-api.ts";

/** Through the test API of tests/api: app.inject from a trusted proxy, the test clock, its rounds. */
export function testApiTransport(api: TestApi): FarmTransport {
  return {
    async call(r) {
      const c = client(api, { did: r.did, token: r.token, ip: "127.0.0.1" });
      return (await c.call(r.method, r.path, r.body, {}, { "x-forwarded-for": r.ip })).body;
    },
    codeFor: async (email) => lastCode(api, email),
    async pass(seconds) {
      api.clock.advance(seconds);
      await api.distribute();
    },
  };
}
