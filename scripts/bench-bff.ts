// How much the web app (BFF) adds over the API call it proxies (the target: at most 2 ms p50).
// Starts the production server on a scratch data folder, registers a user through the API,
// then times the same profile read directly at the API and through the web app's data request
// (single fetch's, for the _app layout's loader only).
//   npx tsx scripts/bench-bff.ts [--requests 500]
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { Agent, request } from "undici";

const count = Number(process.argv[process.argv.indexOf("--requests") + 1]) || 500;
const PORT = 3610;
const API_PORT = 8810;
const SECRET = "bench-session-secret-0123456789abcdef";
const dataDir = mkdtempSync(join(tmpdir(), "vv-bench-bff-"));
const web = `http://localhost:${PORT}`;
const api = `http://127.0.0.1:${API_PORT}`;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 1 });

const server = spawn("npx", ["tsx", "server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    API_PORT: String(API_PORT),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});

async function json(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await request(url, {
    method: (init.method ?? "GET") as "GET",
    dispatcher: agent,
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return (await res.body.json()) as any;
}

async function time(url: string, headers: Record<string, string>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count + 50; i++) {
    const start = process.hrtime.bigint();
    const res = await request(url, { dispatcher: agent, headers });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    if (i >= 50) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];

try {
  for (let ready = false, tries = 0; !ready; tries++) {
    if (tries > 120) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
    ready = await fetch(`${web}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  const email = `bench-${Date.now()}@example.com`;
  await json(`${api}/v1/user/vcode/send/`, { method: "POST", body: { email, purpose: "register" } });
  const outbox = join(dataDir, "outbox");
  const code = /\b(\d{6})\b/.exec(readFileSync(join(outbox, readdirSync(outbox)[0]), "utf8"))![1];
  const reg = await json(`${api}/v1/user/register/`, { method: "POST", body: { email, code } });
  const { token, did } = reg.data;

  const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [SECRET], path: "/" } });
  const session = await storage.getSession();
  session.set("token", token);
  // Renewed just now: the answers measured carry no renewal of the session.
  session.set("renewedAt", Date.now());
  const device = (await createCookie("vv_device", { secrets: [SECRET], path: "/" }).serialize(did)).split(";")[0];
  const cookie = `${(await storage.commitSession(session)).split(";")[0]}; ${device}`;

  const query = `os=web&country=&lang=en&ui_lang=en&pkg=web&vcode=1&did=${did}`;
  const direct = await time(`${api}/v1/user/?${query}`, { authorization: `HIN ${token}` });
  const viaBff = await time(`${web}/team.data?_routes=routes%2F_app`, { cookie });
  const row = (name: string, s: number[]) =>
    `${name.padEnd(38)} ${pct(s, 50).toFixed(2).padStart(7)} ${pct(s, 90).toFixed(2).padStart(7)} ${pct(s, 99).toFixed(2).padStart(7)}`;
  console.log(
    `${"profile read, sequential, keep-alive".padEnd(38)} ${"p50 ms".padStart(7)} ${"p90 ms".padStart(7)} ${"p99 ms".padStart(7)}`,
  );
  console.log(row("API GET /v1/user/", direct));
  console.log(row("web app /team.data?_routes=routes/_app", viaBff));
  const added = pct(viaBff, 50) - pct(direct, 50);
  console.log(`BFF adds ${added.toFixed(2)} ms at p50 over ${count} requests (budget 2 ms): ${added <= 2 ? "OK" : "OVER"}`);
} finally {
  process.kill(-server.pid!, "SIGTERM");
  await agent.close();
  rmSync(dataDir, { recursive: true, force: true });
}
