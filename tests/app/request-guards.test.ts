import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rateLimits } from "#lib/rate-limit.ts";
import { ErrorCode } from "#contract/errors.ts";
import { bodyGuard, methodGuard, originGuard, rateGuard } from "#server/request-guards.ts";
import { actionData, readSingleFetch } from "../setup/single-fetch.ts";

// The guards as server.ts stacks them, in front of a handler that stands for Remix.
let base: string;
let close: () => void;
const limits = rateLimits();

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  app.use(methodGuard, originGuard("http://localhost:3000"), bodyGuard({ bodyLimit: 1024, uploadLimit: 4096, uploadPaths: ["/settings"] }));
  app.use(rateGuard(limits, { perMinute: 12, postsPerMinute: 3, ipv6Prefix: 64 }));
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await limits.close();
});

const post = (path: string, ip: string, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: "POST",
    headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "intent=x",
  });

test("posts: 3 a minute per visitor IP, then 429 with Retry-After, localized; another visitor is not held up", async () => {
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await post("/airdrop", "203.0.113.9")).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  const page = await post("/airdrop", "203.0.113.9", { "accept-language": "ar" });
  expect(page.status).toBe(429);
  expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await page.text()).toMatch(/<html lang="ar" dir="rtl">/);
  // Remix's own fetch of the action (single fetch): the toast as action data, which the page shows.
  const data = await post("/airdrop.data", "203.0.113.9");
  expect(data.status).toBe(429);
  expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
  expect(await actionData(data.body!)).toEqual({ toast: { kind: "error", code: ErrorCode.rateLimited } });
  expect((await post("/airdrop", "203.0.113.10")).status).toBe(200);
});

test("pages: 12 a minute per visitor IP; a page's data over the limit sends the browser to the page, which says why", async () => {
  const statuses = [];
  for (let i = 0; i < 14; i++) statuses.push((await fetch(`${base}/team`, { headers: { "x-forwarded-for": "198.51.100.20" } })).status);
  expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  const data = await fetch(`${base}/team.data?level=2&_routes=routes%2F_app.team`, { headers: { "x-forwarded-for": "198.51.100.20" } });
  expect(data.status).toBe(202);
  expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await readSingleFetch(data.body!)).toEqual({
    redirect: { redirect: "/team?level=2", status: 302, revalidate: false, reload: true, replace: false },
  });
});

test("an IPv6 /64 is one visitor: its addresses share the limits, and the next /64 has its own", async () => {
  const statuses = [];
  for (const ip of [
    "2001:db8:99:1::1",
    "2001:db8:99:1::2",
    "2001:db8:99:1:ab:cd:ef:1",
    "2001:db8:99:1:ffff:ffff:ffff:ffff",
    "2001:db8:99:1::3",
  ]) {
    statuses.push((await post("/airdrop", ip)).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  expect((await post("/airdrop", "2001:db8:99:2::1")).status).toBe(200);
  const pages = [];
  for (let i = 1; i <= 14; i++)
    pages.push((await fetch(`${base}/team`, { headers: { "x-forwarded-for": `2001:db8:98:1::${i.toString(16)}` } })).status);
  expect(pages.filter((s) => s === 429)).toHaveLength(2);
});

test("an IPv4 visitor is counted alone, and written as IPv4-mapped IPv6 is the same visitor", async () => {
  const statuses = [];
  for (const ip of ["198.51.100.30", "::ffff:198.51.100.30", "::FFFF:198.51.100.30", "198.51.100.30"])
    statuses.push((await post("/airdrop", ip)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await post("/airdrop", "198.51.100.31")).status).toBe(200);
});

test("a post from another origin is refused", async () => {
  const res = await post("/login", "192.0.2.1", { origin: "https://evil.example" });
  expect(res.status).toBe(403);
});

test("a post whose body is not a form is 400, localized; an empty post and both form types pass", async () => {
  const send = (ip: string, type: string | undefined, body: string, path = "/airdrop", lang = "en") =>
    fetch(base + path, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "accept-language": lang, ...(type ? { "content-type": type } : {}) },
      body,
    });
  const json = await send("192.0.2.31", "application/json", '{"intent":"start"}', "/airdrop", "ar");
  expect(json.status).toBe(400);
  expect(await json.text()).toMatch(/<html lang="ar" dir="rtl">/);
  expect((await send("192.0.2.32", "text/plain", "intent=start")).status).toBe(400);
  const data = await send("192.0.2.33", "text/plain", "intent=start", "/airdrop.data");
  expect(data.status).toBe(400);
  expect(await actionData(data.body!)).toEqual({ toast: { kind: "error", code: ErrorCode.badRequest } });
  expect((await send("192.0.2.34", undefined, "")).status).toBe(200);
  expect((await send("192.0.2.35", "application/x-www-form-urlencoded; charset=UTF-8", "intent=start")).status).toBe(200);
  expect((await send("192.0.2.36", "multipart/form-data; boundary=x", "--x--\r\n")).status).toBe(200);
});
