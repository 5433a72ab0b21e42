import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { ensureSecret } from "#lib/secret-file.ts";
import { startBalancer, type Balancer } from "./haproxy.ts";
import { Instance, type LogEntry } from "./instance.ts";

export interface ClusterOptions {
  /**
   * The first of the ports the cluster takes: the public side on it, the APIs' side of the
   * balancer on +1, its statistics on +2, web app n on +10+n, API n on +20+n.
   */
  portBase: number;
  /** Where the public side listens (CLUSTER_HOST): loopback unless told. */
  publicHost: string;
  /** The address visitors use (PUBLIC_URL): http://localhost:<portBase> unless told. */
  publicUrl?: string;
  apis: number;
  webs: number;
  /** The PostgreSQL database every API uses; made when it does not exist. */
  databaseUrl: string;
  redisUrl: string;
  /** The run folder: HAProxy's configuration, the logs, the secrets and the instances' data folders. */
  dir: string;
  /** Each instance's SHUTDOWN_DRAIN_MS: longer than HAProxy takes to see its /healthz fail. */
  drainMs: number;
  /** Settings for every instance, then for one tier: over the inherited environment. */
  env?: Record<string, string>;
  apiEnv?: Record<string, string>;
  webEnv?: Record<string, string>;
  /** Keep each instance's output in <dir>/logs/<name>.log (npm run cluster); tests keep it in memory. */
  logFiles?: boolean;
  onLog?: (instance: string, entry: LogEntry) => void;
}

export interface Cluster {
  publicUrl: string;
  /** The balancer's side in front of the APIs: every web app's UPSTREAM_URL. */
  upstreamUrl: string;
  apis: Instance[];
  webs: Instance[];
  balancer: Balancer;
  /** SIGTERM, wait for the exit, start again, wait until the balancer counts it up again. */
  restart(instance: Instance): Promise<void>;
  /** Starts an instance that was stopped, and waits until the balancer counts it up. */
  start(instance: Instance): Promise<void>;
  /** Every instance drained and stopped, then the balancer. */
  stop(): Promise<void>;
  /** Every process at once, undrained. */
  kill(): void;
  /** The end of every process's output, for an error's report. */
  tail(): string;
}

/**
 * The settings the cluster sets on each instance itself: whatever the caller's shell has under
 * these names would break the topology (two APIs on one port, a web app with its own API).
 */
const OWN = [
  "PORT",
  "API_PORT",
  "API_HOST",
  "DATA_DIR",
  "UPSTREAM_URL",
  "PUBLIC_URL",
  "DATABASE_URL",
  "REDIS_URL",
  "SESSION_SECRET",
  "API_SECRET",
  "SHUTDOWN_DRAIN_MS",
  "TRUST_PROXY",
  "METRICS_PORT",
  "METRICS_HOST",
];

function inherited(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of OWN) delete env[name];
  return env;
}

/** Creates the database when it does not exist yet (the APIs then migrate it at their start). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL must name its database (letters, digits, _): ${target.pathname}`);
  const server = new URL(url);
  server.pathname = "/postgres";
  const client = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Brings the topology up: the APIs first (they migrate the database together), the web apps, then the balancer. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const dir = resolve(opts.dir);
  mkdirSync(join(dir, "logs"), { recursive: true });
  const publicUrl = opts.publicUrl ?? `http://localhost:${opts.portBase}`;
  const upstreamUrl = `http://127.0.0.1:${opts.portBase + 1}`;
  // One secret of each kind for all instances: a session cookie signed by one web app is read by the other.
  const secrets = {
    SESSION_SECRET: process.env.SESSION_SECRET || ensureSecret(dir, "session-secret"),
    API_SECRET: process.env.API_SECRET || ensureSecret(dir, "api-secret"),
  };
  const common = {
    ...inherited(),
    NODE_ENV: "production",
    PUBLIC_URL: publicUrl,
    REDIS_URL: opts.redisUrl,
    SHUTDOWN_DRAIN_MS: String(opts.drainMs),
    ...opts.env,
  };
  const instance = (kind: "api" | "web", n: number, env: Record<string, string | undefined>) => {
    const name = `${kind}-${n}`;
    return new Instance({
      name,
      kind,
      port: opts.portBase + (kind === "web" ? 10 : 20) + n,
      // Both APIs share one data folder: the uploaded pictures and the mail outbox are one set.
      env: { ...common, ...env, DATA_DIR: join(dir, kind) },
      logFile: opts.logFiles ? join(dir, "logs", `${name}.log`) : undefined,
      onLog: opts.onLog && ((entry) => opts.onLog!(name, entry)),
    });
  };
  const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  const apis = range(opts.apis).map((n) =>
    instance("api", n, {
      API_HOST: "127.0.0.1",
      API_PORT: String(opts.portBase + 20 + n),
      // Each instance's Prometheus metrics on loopback (decision 059): web n at base+30+n, API n at base+40+n.
      METRICS_PORT: String(opts.portBase + 40 + n),
      DATABASE_URL: opts.databaseUrl,
      API_SECRET: secrets.API_SECRET,
      ...opts.apiEnv,
    }),
  );
  const webs = range(opts.webs).map((n) =>
    instance("web", n, {
      PORT: String(opts.portBase + 10 + n),
      METRICS_PORT: String(opts.portBase + 30 + n),
      UPSTREAM_URL: upstreamUrl,
      SESSION_SECRET: secrets.SESSION_SECRET,
      ...opts.webEnv,
    }),
  );
  const all = [...apis, ...webs];

  let balancer: Balancer | undefined;
  const tail = () => [...all.map((i) => i.tail()), balancer?.tail() ?? ""].join("\n");
  const stop = async () => {
    await Promise.all(all.map((i) => i.stop()));
    all.forEach((i) => i.close());
    await balancer?.stop();
  };
  try {
    await ensureDatabase(opts.databaseUrl);
    // The web apps' readiness asks the APIs through the balancer: it comes first.
    balancer = await startBalancer(
      {
        publicHost: opts.publicHost,
        publicPort: opts.portBase,
        apiPort: opts.portBase + 1,
        statsPort: opts.portBase + 2,
        web: { name: "web", servers: webs.map((w) => ({ name: w.name, port: w.spec.port })) },
        api: { name: "api", servers: apis.map((a) => ({ name: a.name, port: a.spec.port })) },
      },
      dir,
    );
    await Promise.all(apis.map((a) => a.start()));
    await Promise.all(webs.map((w) => w.start()));
    await Promise.all(all.map((i) => balancer!.waitUp(i.spec.kind, i.name)));
  } catch (error) {
    await stop();
    throw error;
  }
  const up = balancer;

  const start = async (i: Instance) => {
    await i.start();
    await up.waitUp(i.spec.kind, i.name);
  };
  return {
    publicUrl,
    upstreamUrl,
    apis,
    webs,
    balancer: up,
    start,
    async restart(i) {
      const code = await i.stop();
      if (code !== 0) throw new Error(`${i.name} exited with ${code} when stopped\n${i.tail()}`);
      await start(i);
    },
    stop,
    kill() {
      all.forEach((i) => i.kill());
      up.kill();
    },
    tail,
  };
}
