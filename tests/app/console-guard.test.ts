import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { consoleGuard } from "#server/console-guard.ts";

// The guard as server.ts stacks it, with CONSOLE_ALLOW_IPS set, in front of a handler that
// stands for Remix (whose router matches paths without case, after decoding them).
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  app.use(consoleGuard(["10.1.0.0/16", "2001:db8:1::1"]));
  app.all("*", (_req, res) => {
    res.send("page");
  });
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A raw request line, as an attacker writes it: fetch would tidy the path first. */
async function get(path: string, ip: string): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path, headers: { "x-forwarded-for": ip } }, (res) => {
      res.resume();
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") headers.set(name, value);
      resolve({ status: res.statusCode!, headers });
    });
    req.on("error", reject);
    req.end();
  });
}

// Every spelling the router would send to a console page or its data.
const CONSOLE_FORMS = [
  "/console",
  "/console/",
  "/console/login",
  "/console.data",
  "/console/people.data?_routes=routes%2Fconsole.people",
  "/CONSOLE/login",
  "/Console/enrol",
  "/cOnSoLe/people",
  "/CONSOLE.data",
  "/%63onsole/login",
  "/%43ONSOLE/people",
  "/con%73ole",
  "/%63%6f%6e%73%6f%6c%65/people",
  "//console/people",
  "/console//people",
  "/./console/login",
  "/x/../console/login",
  "/x/%2e%2e/console/login",
  "/console\\people",
];

test("from outside the allow-list, every spelling of a console path is the same 404 as a missing page", async () => {
  for (const path of CONSOLE_FORMS) {
    const res = await get(path, "203.0.113.7");
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
  }
  const v6 = await get("/CONSOLE/people", "2001:db8:1::2");
  expect(v6.status).toBe(404);
});

test("from inside the allow-list, every spelling reaches the console, never indexed nor cached", async () => {
  for (const path of CONSOLE_FORMS) {
    const res = await get(path, "10.1.2.3");
    expect({ path, status: res.status, robots: res.headers.get("x-robots-tag"), cache: res.headers.get("cache-control") }).toEqual({
      path,
      status: 200,
      robots: "noindex, nofollow",
      cache: "no-store",
    });
  }
  expect((await get("/Console/enrol", "2001:db8:1::1")).status).toBe(200);
  expect((await get("/Console/enrol", "::ffff:10.1.9.9")).status).toBe(200);
});

test("paths that only look like the console are the app's own, whoever asks", async () => {
  for (const path of ["/consoles", "/console-help", "/airdrop", "/x/console", "/%2e%2e/airdrop"]) {
    const res = await get(path, "203.0.113.7");
    expect({ path, status: res.status, robots: res.headers.get("x-robots-tag") }).toEqual({ path, status: 200, robots: null });
  }
});
