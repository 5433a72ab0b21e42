import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

interface Backend {
  /** "web" or "api": the backend's name in the configuration and in the statistics. */
  name: string;
  servers: { name: string; port: number }[];
}

export interface BalancerPlan {
  /** The address the public reaches the web apps on. */
  publicHost: string;
  publicPort: number;
  /** Loopback only: the web apps' UPSTREAM_URL, in front of the APIs. */
  apiPort: number;
  /** Loopback only: HAProxy's statistics as CSV, which the cluster reads a server's state from. */
  statsPort: number;
  web: Backend;
  api: Backend;
}

/**
 * Health checks: every second, every quarter of a second once a check has failed, and two in a
 * row decide. A server that starts draining is out within about 1.5 s, which SHUTDOWN_DRAIN_MS
 * must exceed (the cluster gives it 3 s); a started one is in after two good checks.
 */
const CHECKS = "check inter 1s fastinter 250ms downinter 1s fall 2 rise 2";

function backend(b: Backend, retryOn: string, forwardFor: boolean): string {
  return [
    `backend ${b.name}`,
    // The server with the fewest requests in flight: a slow page does not pile more on its server.
    "  balance leastconn",
    "  option httpchk GET /healthz",
    "  http-check expect status 200",
    // A request whose connection failed, or whose server closed without a byte of answer (or, for
    // the API, answered 503: Fastify's answer once it is closing), is sent to another server.
    `  retry-on ${retryOn}`,
    ...(forwardFor ? ["  option forwardfor"] : []),
    ...b.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} ${CHECKS}`),
  ].join("\n");
}

/** The configuration of the one HAProxy in front of both tiers. */
function haproxyConfig(plan: BalancerPlan): string {
  return [
    "global",
    "  maxconn 4096",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    // Beyond the apps' own limits (REQUEST_TIMEOUT_MS 30 s, API_TIMEOUT_MS 10 s): they answer first.
    "  timeout server 35s",
    "  timeout queue 10s",
    "  timeout check 2s",
    "  retries 3",
    // Each retry goes to another server than the one that failed.
    "  option redispatch 1",
    "frontend public",
    `  bind ${plan.publicHost}:${plan.publicPort}`,
    `  default_backend ${plan.web.name}`,
    "frontend upstream",
    `  bind 127.0.0.1:${plan.apiPort}`,
    `  default_backend ${plan.api.name}`,
    // The web app names the visitor in X-Forwarded-For already: the API reads it through us.
    backend(plan.api, "conn-failure empty-response 503", false),
    // The web apps learn the visitor's address from it (TRUST_PROXY: loopback).
    backend(plan.web, "conn-failure empty-response", true),
    "listen stats",
    `  bind 127.0.0.1:${plan.statsPort}`,
    "  stats enable",
    "  stats uri /",
    "",
  ].join("\n");
}

/** The haproxy program: HAPROXY_BIN, or the one Debian installs (`apt-get install haproxy`). */
export function haproxyBinary(): string {
  const candidates = [process.env.HAPROXY_BIN, "haproxy", "/usr/sbin/haproxy"].filter((c): c is string => !!c);
  for (const bin of candidates) if (spawnSync(bin, ["-v"], { stdio: "ignore" }).status === 0) return bin;
  throw new Error("HAProxy is not installed: apt-get install -y haproxy (or set HAPROXY_BIN)");
}

export interface Balancer {
  statsUrl: string;
  /** Each server's state as HAProxy sees it ("UP", "DOWN", "UP 1/2", "MAINT"), by "backend/server". */
  states(): Promise<Map<string, string>>;
  /** Resolves once HAProxy counts the server as up (after its `rise` good checks). */
  waitUp(backend: string, server: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  kill(): void;
  tail(): string;
}

/**
 * Our own HAProxy process, in the foreground (-db), on a configuration written into the run
 * folder: never the system's service nor its /etc/haproxy. The configuration is checked first
 * (-c), so a mistake is one clear message.
 */
export async function startBalancer(plan: BalancerPlan, runDir: string): Promise<Balancer> {
  const bin = haproxyBinary();
  const file = join(runDir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(plan));
  const check = spawnSync(bin, ["-c", "-q", "-f", file], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`HAProxy refused ${file}:\n${check.stdout}${check.stderr}`);
  let output = "";
  const child: ChildProcess = spawn(bin, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-8000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", () => {
      running = false;
      resolve();
    }),
  );
  const statsUrl = `http://127.0.0.1:${plan.statsPort}/`;

  const states = async () => {
    const csv = await (await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) })).text();
    const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
    const columns = header.split(",");
    const [px, sv, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
    return new Map(rows.map((row) => row.split(",")).map((cells) => [`${cells[px]}/${cells[sv]}`, cells[status]]));
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running) throw new Error(`HAProxy exited at its start:\n${output}`);
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`HAProxy's statistics did not answer in 10 s:\n${output}`);
    await sleep(100);
  }

  return {
    statsUrl,
    states,
    async waitUp(backendName, server, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const state = (await states()).get(`${backendName}/${server}`);
        if (state === "UP") return;
        if (Date.now() > until) throw new Error(`HAProxy still counts ${backendName}/${server} as ${state} after ${timeoutMs / 1000} s`);
        await sleep(100);
      }
    },
    async stop() {
      if (!running) return;
      // SIGUSR1: a soft stop, which lets the requests in flight finish.
      child.kill("SIGUSR1");
      await Promise.race([exited, sleep(5000)]);
      if (running) child.kill("SIGKILL");
      await exited;
    },
    kill: () => void (running && child.kill("SIGKILL")),
    tail: () => `--- haproxy ---\n${output.slice(-4000)}`,
  };
}
