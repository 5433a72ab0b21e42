// What the benchmarks share: the production server started on ports of its own, stopped with its
// process group, and a user signed up through the API whose session cookie the pages take.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import pg from "pg";
import { request } from "undici";
import { openDatabase, type Database } from "#api/src/db/client.ts";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The positive integer after `name` on the command line (`--users 1000`), or the fallback. */
export function positiveArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} wants a positive integer`);
  return value;
}

/** Every request of a benchmark comes from 127.0.0.1: the rate limits must not be what is measured. */
const LOTS = "1000000000";
export const NO_RATE_LIMITS = {
  RATE_API_PER_IP_PER_MINUTE: LOTS,
  RATE_AUTH_PER_IP_PER_MINUTE: LOTS,
  RATE_WRITES_PER_USER_PER_MINUTE: LOTS,
  RATE_WEB_PER_IP_PER_MINUTE: LOTS,
  RATE_WEB_POSTS_PER_IP_PER_MINUTE: LOTS,
};

export /** The newest modification time under the given files and folders (0 when none exists). */
function newest(paths: string[]): number {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) latest = Math.max(latest, newest([join(path, entry)]));
    } else latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/** Runs `npm run build` when build/ is missing or older than the app's sources. */
export function ensureBuild(): void {
  const built = existsSync("build/server/index.js") ? statSync("build/server/index.js").mtimeMs : 0;
  if (built >= newest(["app", "contract", "locales", "vite.config.ts"])) return;
  console.log("Building the app (npm run build)...");
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}

// ---- servers -----------------------------------------------------------------------------

export interface Server {
  name: string;
  child: ChildProcess;
  base: string;
}
/** Servers still running, for a clean-up on failure or Ctrl-C. */
export const servers = new Set<Server>();

/** Started through npx in a process group of its own (npx does not pass signals on). */
export async function startServer(
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
  ready: string,
  cwd?: string,
): Promise<Server> {
  const child = spawn("npx", ["tsx", script], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const server = { name, child, base: `http://localhost:${port}` };
  servers.add(server);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it answered`);
    if (
      await fetch(server.base + ready).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${ready} in 60 s`);
    await sleep(250);
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function stopServer(server: Server): Promise<void> {
  servers.delete(server);
  const pid = server.child.pid!;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + 12_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
}

export /**
 * The resident memory of the node process that serves (the deepest `node` under npx and tsx),
 * from /proc/<pid>/status: VmRSS now and VmHWM, its peak.
 */
function serverMemory(server: Server): { rss: number; peak: number } | undefined {
  const parent = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  /** Steps from the npx process down to pid, or -1 when pid is not under it. */
  const depthOf = (pid: number) => {
    let depth = 0;
    for (let p = pid; p !== server.child.pid; depth++) {
      const up = parent.get(p);
      if (up === undefined || up <= 1 || depth > 50) return -1;
      p = up;
    }
    return depth;
  };
  let best: number | undefined;
  let bestDepth = -1;
  for (const pid of parent.keys()) {
    const depth = depthOf(pid);
    if (depth <= bestDepth) continue;
    try {
      // Not comm: Node 24 names its main thread "MainThread" there.
      if (basename(readlinkSync(`/proc/${pid}/exe`)) !== "node") continue;
    } catch {
      continue;
    }
    best = pid;
    bestDepth = depth;
  }
  if (best === undefined) return undefined;
  const status = readFileSync(`/proc/${best}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// ---- a signed-in user --------------------------------------------------------------------

async function api<T = any>(base: string, method: "GET" | "POST", path: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await request(base + path, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `HIN ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await res.body.json()) as { code: number; err_msg?: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path} answered ${res.statusCode} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Registers through the API (code from the outbox mail), starts the airdrop, returns the page cookies. */
export async function signedInCookie(apiBase: string, dataDir: string, secret: string): Promise<string> {
  const { did } = await api<{ did: string }>(apiBase, "GET", "/v1/user/did/");
  const query = `?os=web&lang=en&ui_lang=en&pkg=web&vcode=1&did=${encodeURIComponent(did)}`;
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  await api(apiBase, "POST", `/v1/user/vcode/send/${query}`, { body: { email, purpose: "register" } });
  const outbox = join(dataDir, "outbox");
  let code: string | undefined;
  for (let tries = 0; !code && tries < 100; tries++) {
    // The mail to this address: the outbox may hold other users' (npm run bench:cluster signs up many).
    const mails = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
    const mail = mails.map((f) => readFileSync(join(outbox, f), "utf8")).find((text) => text.includes(email));
    if (mail) code = /\b(\d{6})\b/.exec(mail)?.[1];
    else await sleep(100);
  }
  if (!code) throw new Error(`no sign-up code in ${outbox}`);
  const reg = await api<{ token: string; did: string }>(apiBase, "POST", `/v1/user/register/${query}`, { body: { email, code } });
  await api(apiBase, "POST", `/v1/mint/start/${query}`, { token: reg.token });
  return pageCookies(secret, reg.token, reg.did);
}

/** The cookies a browser signed in with this API token and device id sends to the web app. */
export async function pageCookies(secret: string, token: string, did: string): Promise<string> {
  const storage = createCookieSessionStorage({ cookie: { name: "vv_session", secrets: [secret], path: "/" } });
  const session = await storage.getSession();
  session.set("token", token);
  // Renewed just now: the pages measured carry no renewal of the session.
  session.set("renewedAt", Date.now());
  const sessionCookie = (await storage.commitSession(session)).split(";")[0];
  const device = (await createCookie("vv_device", { secrets: [secret], path: "/" }).serialize(did)).split(";")[0];
  // A returning visitor: the one-time welcome card has been shown.
  const welcomed = (await createCookie("vv_welcomed", { path: "/" }).serialize("1")).split(";")[0];
  return `${sessionCookie}; ${device}; ${welcomed}`;
}

// ---- scratch databases -------------------------------------------------------------------

/** The PostgreSQL server the benchmarks make their scratch databases on (an admin URL). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The URL without its credentials, for printing. */
export const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//");

/** One statement as the admin (creating and dropping scratch databases). */
export async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A database of its own, migrated, for `work`; dropped afterwards whatever happens. */
export async function withScratchDatabase<T>(prefix: string, work: (database: Database) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    try {
      return await work(database);
    } finally {
      await database.close().catch(() => undefined);
    }
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

/** The p-th percentile of samples sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
