/**
 * An API that answers too slowly or too much, made with a real HTTP server: undici's idle
 * timers never fire on a body that drips a byte at a time, so only an overall deadline ends
 * it, and an endless body must be cut off while it streams.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { SESSION_SECRET, args, get, run } from "./harness.ts";
import { createCookieSessionStorage } from "@remix-run/node";

const DEADLINE_MS = 1_000;
const MAX_BYTES = 64 * 1024;
const FILE = "a".repeat(22) + ".webp";

let server: Server;
let client: typeof import("#app/utils/api.server.ts");
/** Bytes the fault server managed to write for the endless answer before the client hung up. */
let endlessBytesWritten = 0;
const timers = new Set<NodeJS.Timeout>();

function drip(res: ServerResponse) {
  res.writeHead(200, { "content-type": "application/json" });
  res.write('{"code":0,"data":{');
  const timer = setInterval(() => res.write(" "), 100);
  timers.add(timer);
  res.on("close", () => clearInterval(timer));
}

function endless(res: ServerResponse) {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.write('{"code":0,"data":{"did":"');
  const pump = () => {
    while (!res.destroyed && endlessBytesWritten < 200 * 1024 * 1024) {
      endlessBytesWritten += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
  };
  res.on("close", () => res.destroy());
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, "http://x").pathname;
    if (path === routes.accounts.did.path || path === routes.profile.me.path) return drip(res);
    if (path === routes.team.inviter.path) return endless(res);
    if (path.startsWith("/v1/file/")) return endless(res);
    if (path === "/healthz") return drip(res);
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.API_TIMEOUT_MS = String(DEADLINE_MS);
  process.env.API_MAX_RESPONSE_BYTES = String(MAX_BYTES);
  client = await import("#app/utils/api.server.ts");
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function timed<T>(work: Promise<T>): Promise<{ ms: number; outcome: T | unknown }> {
  const started = performance.now();
  const outcome = await work.catch((error: unknown) => error);
  return { ms: performance.now() - started, outcome };
}

describe("every API call has an overall deadline and a size cap", () => {
  test("a dripping answer ends at the deadline as 200007, though bytes keep coming", async () => {
    const { ms, outcome } = await timed(client.callApi(routes.accounts.did, { locale: "en" }));
    expect(outcome).toBeInstanceOf(client.ApiError);
    expect((outcome as InstanceType<typeof client.ApiError>).code).toBe(ErrorCode.networkNoBody);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(DEADLINE_MS + 1_500);
  });

  test("a signed-in page over a dripping API becomes the 503 page within the deadline", async () => {
    const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [SESSION_SECRET], path: "/" } });
    const session = await storage.getSession();
    session.set("token", "some-token");
    const cookie = (await storage.commitSession(session)).split(";")[0];
    const appLayout = await import("#app/routes/_app.tsx");
    const { ms, outcome } = await timed(run(() => appLayout.loader(args(get("/airdrop", { headers: { cookie } })))));
    expect(outcome).toBeInstanceOf(Response);
    const res = outcome as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: ErrorCode.networkNoBody, message: "network error" });
    expect(ms).toBeLessThan(DEADLINE_MS + 1_500);
  });

  test("an endless answer is cut off at the cap while it streams, not read whole", async () => {
    endlessBytesWritten = 0;
    const { ms, outcome } = await timed(client.callApi(routes.team.inviter, { locale: "en" }, { query: { invite_code: "ABCDEFGH" } }));
    expect((outcome as InstanceType<typeof client.ApiError>).code).toBe(ErrorCode.networkNoBody);
    expect(ms).toBeLessThan(DEADLINE_MS);
    // Socket buffers hold a few MB at most; the 200 MB answer was never produced.
    expect(endlessBytesWritten).toBeLessThan(32 * 1024 * 1024);
  });

  test("a stored file's endless answer is a 404, and readiness says the dripping API is not ready", async () => {
    const { serveMedia } = await import("#app/features/profile/media.server.ts");
    const media = await serveMedia(FILE);
    expect(media.status).toBe(404);
    const { ms, outcome } = await timed(client.apiAnswers());
    expect(outcome).toBe(false);
    expect(ms).toBeLessThan(DEADLINE_MS + 1_500);
  });
});
