// Throughput through the reference topology (npm run cluster, scripts/cluster/): pages and claims
// per second that HAProxy serves with a p99 under 250 ms, with 1 API + 1 web app and with 2 + 2,
// and how long a rolling restart of the 2 + 2 takes under traffic (with its failed requests,
// which must be 0). A measurement, not a test: it exits 0 whatever the figures, 1 only when
// something failed to run.
//
// Each topology runs on a scratch PostgreSQL database (`vv_bench_cluster_<random>`, dropped at
// the end) and the running Redis, rate limits out of the way. Users sign up through the API
// and start their airdrop; each load is then run at 2, 4, 8, 16 and 32 connections (a warm-up
// first), every request with the cookie of the next user:
//   pages:  GET /airdrop, signed in (the page reads the API: both tiers work)
//   direct: the same, from the one web app of 1 + 1 without HAProxy (the balancer's cost)
//   claims: POST /airdrop.data intent=claim (Remix's own fetch of the claim button; 5 s rounds,
//           so many claims collect a round)
// The best rate whose p99 stays under 250 ms is the figure.
//
//   npx tsx scripts/bench-cluster.ts [--duration 5] [--users 40] [--no-build]
//
// BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/test);
// BENCH_REDIS_URL the Redis (redis://127.0.0.1:6379); BENCH_CLUSTER_PORT the first port (3400).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon, { type Result } from "autocannon";
import { ensureSecret } from "#lib/secret-file.ts";
import { admin, ADMIN_URL, ensureBuild, NO_RATE_LIMITS, positiveArg, redact, signedInCookie, sleep } from "./bench-support.ts";
import { startCluster, type Cluster } from "./cluster/topology.ts";

const DURATION = positiveArg("--duration", 5);
const USERS = positiveArg("--users", 40);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3400);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CONNECTIONS = [2, 4, 8, 16, 32];
const P99_LIMIT_MS = 250;
const WARM_UP_SECONDS = 3;
const DRAIN_MS = 2500;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

interface Step {
  connections: number;
  rate: number;
  p99: number;
  failed: number;
}

/** One load at each number of connections; the cookies taken in turn, one per request. */
async function sweep(what: string, url: string, cookies: string[], post?: { body: string; origin: string }): Promise<Step[]> {
  let next = 0;
  const options = (connections: number, duration: number) => ({
    url,
    connections,
    duration,
    timeout: 10,
    ...(post ? { method: "POST" as const, body: post.body } : {}),
    headers: {
      "accept-encoding": "gzip",
      ...(post ? { "content-type": "application/x-www-form-urlencoded", origin: post.origin } : {}),
    },
    requests: [
      {
        setupRequest: (req: { headers: Record<string, string> }) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[next++ % cookies.length] },
        }),
      },
    ],
  });
  await autocannon(options(8, WARM_UP_SECONDS));
  const steps: Step[] = [];
  for (const connections of CONNECTIONS) {
    const r: Result = await autocannon(options(connections, DURATION));
    const step = { connections, rate: r.requests.mean, p99: r.latency.p99, failed: r.errors + r.timeouts + r.non2xx };
    steps.push(step);
    console.log(
      `  ${what.padEnd(7)} ${String(connections).padStart(2)} connections: ${step.rate.toFixed(0).padStart(5)} /s, p99 ${String(step.p99).padStart(5)} ms${step.failed ? `, ${step.failed} failed` : ""}`,
    );
    if (step.p99 > 4 * P99_LIMIT_MS) break;
  }
  return steps;
}

/** The best rate of a sweep whose p99 is under the limit, with no failure. */
function best(steps: Step[]): Step | undefined {
  return steps.filter((s) => s.p99 < P99_LIMIT_MS && s.failed === 0).sort((a, b) => b.rate - a.rate)[0];
}

/** Traffic by plain clients (page views and claims) while each instance is restarted in turn. */
async function rollingRestart(
  cluster: Cluster,
  cookies: string[],
): Promise<{ ms: number; each: string[]; requests: number; failed: string[] }> {
  let done = false;
  let requests = 0;
  const failed: string[] = [];
  const client = async (lane: number) => {
    for (let i = lane; !done; i++) {
      const claim = i % 2 === 1;
      try {
        const res = await fetch(`${cluster.publicUrl.replace("localhost", "127.0.0.1")}${claim ? "/airdrop.data" : "/airdrop"}`, {
          method: claim ? "POST" : "GET",
          headers: {
            cookie: cookies[i % cookies.length],
            ...(claim ? { "content-type": "application/x-www-form-urlencoded", origin: cluster.publicUrl } : {}),
          },
          body: claim ? "intent=claim" : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
        });
        await res.arrayBuffer();
        if (res.status !== 200) failed.push(`${claim ? "claim" : "page"}: ${res.status}`);
      } catch (error) {
        failed.push(
          `${claim ? "claim" : "page"}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`,
        );
      }
      requests++;
    }
  };
  const clients = [0, 1, 2, 3].map(client);
  await sleep(1000);
  const started = Date.now();
  const each: string[] = [];
  for (const instance of [...cluster.apis, ...cluster.webs]) {
    const t0 = Date.now();
    await cluster.restart(instance);
    each.push(`${instance.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const ms = Date.now() - started;
  done = true;
  await Promise.all(clients);
  return { ms, each, requests, failed };
}

async function topology(
  size: 1 | 2,
): Promise<{ pages?: Step; direct?: Step; claims?: Step; restart?: Awaited<ReturnType<typeof rollingRestart>> }> {
  const name = `vv_bench_cluster_${randomBytes(5).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), "vv-bench-cluster-"));
  console.log(`\n${size} API${size > 1 ? "s" : ""} and ${size} web app${size > 1 ? "s" : ""} behind HAProxy (load average ${load()}):`);
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      portBase: PORT,
      publicHost: "127.0.0.1",
      apis: size,
      webs: size,
      databaseUrl: url.toString(),
      redisUrl: REDIS_URL,
      dir,
      drainMs: DRAIN_MS,
      env: { ...NO_RATE_LIMITS, LOG_LEVEL: "warn" },
      apiEnv: {
        ROUND_SECONDS: "5",
        SCHEDULER_TICK_MS: "500",
        SUSPEND_THRESHOLD: "1000",
        OTP_MAX_PER_IP_PER_HOUR: "1000000",
        SIGNUP_POW_IP_PER_HOUR: "1000000",
        SIGNUP_POW_INVITER_PER_HOUR: "1000000",
      },
    });
    const secret = ensureSecret(dir, "session-secret");
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i++) cookies.push(await signedInCookie(cluster.upstreamUrl, join(dir, "api"), secret));
    const base = cluster.publicUrl.replace("localhost", "127.0.0.1");
    const pages = best(await sweep("pages", `${base}/airdrop`, cookies));
    // The same page from the one web app, not through HAProxy: what the balancer's hop costs.
    const direct = size === 1 ? best(await sweep("direct", `${cluster.webs[0].url}/airdrop`, cookies)) : undefined;
    const claims = best(await sweep("claims", `${base}/airdrop.data`, cookies, { body: "intent=claim", origin: cluster.publicUrl }));
    const restart = size > 1 ? await rollingRestart(cluster, cookies) : undefined;
    return { pages, direct, claims, restart };
  } finally {
    await cluster?.stop();
    await admin(`drop database if exists "${name}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

const figure = (s: Step | undefined) =>
  s ? `${s.rate.toFixed(0)} /s (${s.connections} connections, p99 ${s.p99} ms)` : `none under p99 ${P99_LIMIT_MS} ms`;

try {
  ensureBuild();
  console.log(`bench:cluster on ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), PostgreSQL ${redact(ADMIN_URL)}, Redis ${REDIS_URL}`);
  const one = await topology(1);
  const two = await topology(2);
  console.log(`\nThrough HAProxy, best rate with p99 < ${P99_LIMIT_MS} ms and no failure:`);
  console.log(`  pages  (GET /airdrop, signed in): 1+1 ${figure(one.pages)}; 2+2 ${figure(two.pages)}`);
  console.log(`  pages of the one web app, not through HAProxy: ${figure(one.direct)}`);
  console.log(`  claims (POST /airdrop.data):      1+1 ${figure(one.claims)}; 2+2 ${figure(two.claims)}`);
  if (two.restart) {
    const r = two.restart;
    console.log(
      `Rolling restart of 2 APIs and 2 web apps (drain ${DRAIN_MS} ms each): ${(r.ms / 1000).toFixed(1)} s (${r.each.join(", ")}), ` +
        `${r.requests} requests meanwhile, ${r.failed.length} failed${r.failed.length ? `: ${[...new Set(r.failed)].join(", ")}` : ""}`,
    );
  }
  console.log(`Load average at the end: ${load()}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
