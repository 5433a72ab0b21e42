import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { trustProxyValue } from "#lib/trust-proxy.ts";
import { originGuard } from "#server/request-guards.ts";
import { actionData } from "../setup/single-fetch.ts";

// PUBLIC_URL as it is by default; the browsers below use other addresses of the machine.
const PUBLIC_URL = "http://localhost:3000";
const FOREIGN = "https://evil.example";

const servers: (() => void)[] = [];
afterAll(() => servers.forEach((close) => close()));

/** originGuard as server.ts mounts it, with TRUST_PROXY as given, before a handler that stands for Remix. */
async function guarded(trustProxy: string): Promise<number> {
  const app = express();
  app.set("trust proxy", trustProxyValue(trustProxy));
  app.use(originGuard(PUBLIC_URL));
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  servers.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

/** A form post as a browser sends it; node:http, unlike fetch, lets the test name the Host. */
function post(port: number, headers: Record<string, string>, path = "/login"): Promise<{ status: number; body: string }> {
  const body = "intent=send&email=a%40example.com";
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("with no proxy trusted", () => {
  let port: number;
  beforeAll(async () => {
    port = await guarded("false");
  });

  test.each(["localhost:3000", "127.0.0.1:3000", "vv.lan:3000", "192.168.1.20:3000", "[::1]:3000"])(
    "a browser at http://%s posts with its own Origin and passes, whatever PUBLIC_URL says",
    async (host) => {
      expect((await post(port, { host, origin: `http://${host}` })).status).toBe(200);
      expect((await post(port, { host, origin: `http://${host}`, "sec-fetch-site": "same-origin" })).status).toBe(200);
    },
  );

  test("PUBLIC_URL's origin passes too: the public address behind a proxy that rewrites Host", async () => {
    expect((await post(port, { host: "vv-web.internal:8080", origin: PUBLIC_URL })).status).toBe(200);
  });

  test("a post with no Origin passes as before, unless Sec-Fetch-Site says it comes from elsewhere", async () => {
    expect((await post(port, { host: "192.168.1.20:3000" })).status).toBe(200);
    expect((await post(port, { host: "192.168.1.20:3000", "sec-fetch-site": "same-site" })).status).toBe(403);
  });

  test("another site's Origin is refused with 403: a page in the visitor's language, a toast for Remix's own fetch", async () => {
    const page = await post(port, { host: "192.168.1.20:3000", origin: FOREIGN, "accept-language": "ar" });
    expect(page.status).toBe(403);
    expect(page.body).toMatch(/<html lang="ar" dir="rtl">/);
    const data = await post(port, { host: "127.0.0.1:3000", origin: FOREIGN }, "/airdrop.data");
    expect(data.status).toBe(403);
    expect(await actionData(data.body)).toEqual({ toast: { kind: "error", code: ErrorCode.forbiddenOrigin } });
  });

  test("an Origin that differs from the address used by port, scheme or host, or says null, is refused", async () => {
    const host = "192.168.1.20:3000";
    for (const origin of ["http://192.168.1.20:3001", "https://192.168.1.20:3000", "http://192.168.1.21:3000", "null"]) {
      expect((await post(port, { host, origin })).status, origin).toBe(403);
    }
  });

  test("a browser's own Origin is refused when its request says it is cross-site or same-site", async () => {
    const host = "vv.lan:3000";
    for (const site of ["cross-site", "same-site"]) {
      expect((await post(port, { host, origin: `http://${host}`, "sec-fetch-site": site })).status, site).toBe(403);
    }
  });

  test("X-Forwarded-Host and -Proto from a proxy that is not trusted are ignored", async () => {
    const forwarded = { host: `127.0.0.1:${port}`, "x-forwarded-host": "vv.example", "x-forwarded-proto": "https" };
    expect((await post(port, { ...forwarded, origin: "https://vv.example" })).status).toBe(403);
    expect((await post(port, { ...forwarded, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });
});

describe("behind a trusted proxy (TRUST_PROXY's default, loopback)", () => {
  let port: number;
  beforeAll(async () => {
    port = await guarded("loopback");
  });

  test("the forwarded scheme and host are the address the browser used", async () => {
    const forwarded = { host: `127.0.0.1:${port}`, "x-forwarded-host": "vv.example, proxy.internal", "x-forwarded-proto": "https" };
    expect((await post(port, { ...forwarded, origin: "https://vv.example" })).status).toBe(200);
    expect((await post(port, { ...forwarded, origin: "http://vv.example" })).status).toBe(403);
    expect((await post(port, { ...forwarded, origin: `http://127.0.0.1:${port}` })).status).toBe(403);
    expect((await post(port, { ...forwarded, origin: FOREIGN })).status).toBe(403);
  });

  test("without forwarded headers the Host is the address used", async () => {
    expect((await post(port, { host: "192.168.1.20:3000", origin: "http://192.168.1.20:3000" })).status).toBe(200);
  });
});
