// Push at a round's close, and the crowd that follows (issue 25). Not a test.
//
// On a scratch PostgreSQL database: N users who started the airdrop, each with one browser
// subscribed (its own endpoint on a push service inside this benchmark; P-256 key pairs and
// auth secrets reused across users, as many as --keys). The production server (web app with
// its API thread and job worker) and --instances - 1 more API instances start with the round
// not yet closed; at its close this benchmark runs distributeRound, the scheduler's own
// statement, which queues one `round` push per user spread over PUSH_SPREAD_SECONDS. The job
// workers of the instances send them, encrypted with web-push, to the push service here, which
// counts what arrives and decrypts every --sample-th post with that subscription's keys.
// Meanwhile the crowd: --crowd of the same users claim through the web app (the /airdrop
// action, as the page's claim button posts it, over real HTTP), each at a random moment within
// the spread window, a twentieth of them tapping twice at once. At the end SQL checks that every
// push job was done once and that each claim paid its round exactly once.
//
//   npm run bench:push -- [--users 100000] [--crowd 10000] [--instances 2] [--spread 60]
//                         [--tick-ms 100] [--keys 256] [--sample 1000] [--max-minutes 60]
//
// BENCH_DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/test); the
// database `vv_bench_push_<random>` is made there and dropped at the end, even on failure.
// Ports: 3650 + E2E_PORT_OFFSET for the web app, 8850 + E2E_PORT_OFFSET and up for the APIs.
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import ece from "http_ece";
import { Agent, request } from "undici";
import webPush from "web-push";
import { LANGUAGE_CODES } from "#contract/languages.ts";
import { apiConfigSchema, type ApiConfig } from "#api/src/config.ts";
import { openDatabase, rowsOf, type Database, type Db } from "#api/src/db/client.ts";
import { distributeRound } from "#api/src/domain/airdrop/distribution.ts";
import { roundClosesAt, uniformSchedule } from "#api/src/domain/airdrop/schedule.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { environmentRuleBook } from "#api/src/domain/rules/versions.ts";
import { systemClock } from "#api/src/lib/clock.ts";
import { wellFormedHandleAdapter } from "#api/src/social/social.ts";
import { keyedHash } from "#lib/crypto.ts";
import {
  ADMIN_URL,
  admin,
  NO_RATE_LIMITS,
  ensureBuild,
  pageCookies,
  percentile,
  positiveArg,
  redact,
  serverMemory,
  servers,
  sleep,
  startServer,
  stopServer,
  type Server,
} from "./bench-support.ts";

const USERS = positiveArg("--users", 100_000);
const CROWD = Math.min(USERS, positiveArg("--crowd", 10_000));
const INSTANCES = positiveArg("--instances", 2);
const SPREAD = positiveArg("--spread", 60);
const TICK_MS = positiveArg("--tick-ms", 100);
const KEYS = positiveArg("--keys", 256);
const SAMPLE = positiveArg("--sample", 1000);
const MAX_MINUTES = positiveArg("--max-minutes", 60);
/** The round closed in the run; earlier ones never happened (nobody minted before it). */
const ROUND = 100;
/** From the servers' start to the round's close: they are up and idle when it closes. */
const LEAD_SECONDS = 60;
/** Users who tap "claim" twice at once, one in this many. */
const DOUBLE_TAP_EVERY = 20;
const SECRET = "bench-session-secret-0123456789abcdef";
const API_SECRET = "bench-api-secret";
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const WEB_PORT = 3650 + OFFSET;
const API_PORT = 8850 + OFFSET;

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const log = (line: string) => process.stderr.write(`${line}\n`);

// ---- the push service --------------------------------------------------------------------

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
}

/**
 * The push service every subscription points at: POST /p/<user id>. It counts the posts per
 * user and when they came, and decrypts every SAMPLE-th user's post with that user's keys to
 * check it is the round's notification, in words, for that user.
 */
function pushService(browsers: Browser[]) {
  const arrivals = new Uint8Array(USERS + 1);
  const stats = {
    posts: 0,
    distinct: 0,
    first: 0,
    last: 0,
    sampled: 0,
    sampleFailures: [] as string[],
    perSecond: new Map<number, number>(),
  };
  const check = (user: number, body: Buffer) => {
    const b = browsers[user % browsers.length];
    try {
      const message = JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: b.ecdh, authSecret: b.auth }).toString("utf8"));
      const ok =
        message.kind === "round" &&
        message.url === "/airdrop" &&
        message.dedupe_key === `push:${user}:round:${ROUND}` &&
        typeof message.title === "string" &&
        message.title.length > 0 &&
        typeof message.body === "string" &&
        message.body.length > 0;
      if (!ok) stats.sampleFailures.push(`user ${user}: unexpected payload ${JSON.stringify(message)}`);
    } catch (error) {
      stats.sampleFailures.push(`user ${user}: ${(error as Error).message}`);
    }
    stats.sampled += 1;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const user = Number(/^\/p\/(\d+)$/.exec(req.url ?? "")?.[1]);
      if (!(user >= 1 && user <= USERS)) return void res.writeHead(404).end();
      const now = performance.now();
      stats.posts += 1;
      if (arrivals[user]++ === 0) stats.distinct += 1;
      if (!stats.first) stats.first = now;
      stats.last = now;
      const second = Math.floor(now / 1000);
      stats.perSecond.set(second, (stats.perSecond.get(second) ?? 0) + 1);
      if (user % SAMPLE === 0) check(user, Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  return {
    stats,
    arrivals,
    base: "",
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---- the load ----------------------------------------------------------------------------

/**
 * USERS users (languages in turn through the 16), all minting from ROUND, each with one browser
 * at the push service (the keys of browser user % KEYS, in UTC); the crowd's API tokens.
 */
async function load(db: Db, browsers: Browser[], pushBase: string, tokens: { hash: string; did: string }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.25)`);
    await tx.execute(sql`
      insert into users (id, display_id, email, invite_code, power, ui_lang, created_at)
      select i, (100000000 + i)::text, 'u' || i || '@bench.local', 'c' || i, 100 + floor(random() * 301)::int,
        (string_to_array(${LANGUAGE_CODES.join(",")}, ','))[1 + i % ${LANGUAGE_CODES.length}],
        timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${USERS}::bigint) as i`);
    await tx.execute(sql`select setval('users_id_seq', ${USERS}::bigint)`);
    await tx.execute(sql`
      insert into minters (user_id, mint_from_round, started_at)
      select i, ${ROUND}, timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${USERS}::bigint) as i`);
    await tx.execute(sql`
      insert into web_push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, created_at)
      select i, ${pushBase} || '/p/' || i, k.p256dh, k.auth, 'UTC', timestamptz '2026-01-02'
      from generate_series(1, ${USERS}::bigint) as i
      join unnest(string_to_array(${browsers.map((b) => b.ecdh.getPublicKey("base64url")).join(",")}, ','),
          string_to_array(${browsers.map((b) => b.auth.toString("base64url")).join(",")}, ',')) with ordinality as k(p256dh, auth, n) on k.n = i % ${browsers.length} + 1`);
    await tx.execute(sql`
      insert into auth_tokens (user_id, token_hash, did, created_at, last_seen_at)
      select t.n, t.hash, t.did, now(), now()
      from unnest(string_to_array(${tokens.map((t) => t.hash).join(",")}, ','),
        string_to_array(${tokens.map((t) => t.did).join(",")}, ',')) with ordinality as t(hash, did, n)`);
  });
  await db.execute(sql`vacuum (analyze) users, minters, web_push_subscriptions, auth_tokens`);
}

// ---- the crowd ---------------------------------------------------------------------------

interface ClaimOutcome {
  user: number;
  ms: number;
  kind: "claimed" | "refused" | "error";
  detail?: string;
}

/** One tap of "claim" on /airdrop as the page posts it (a single-fetch action request). */
async function claim(agent: Agent, cookie: string): Promise<Omit<ClaimOutcome, "user">> {
  const body = "intent=claim";
  const t = performance.now();
  try {
    const res = await request(`http://localhost:${WEB_PORT}/airdrop.data`, {
      method: "POST",
      dispatcher: agent,
      headers: {
        cookie,
        origin: `http://localhost:${WEB_PORT}`,
        "sec-fetch-site": "same-origin",
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        "content-length": String(body.length),
      },
      body,
    });
    const text = await res.body.text();
    const ms = performance.now() - t;
    if (res.statusCode >= 500) return { ms, kind: "error", detail: `HTTP ${res.statusCode}` };
    if (text.includes("airdrop:toast.claimed")) return { ms, kind: "claimed" };
    // The page's error toast, as turbo-stream encodes it: ..."code",200007,"message","network error"...
    const toast = /"code",(\d+),"message","([^"]*)"/.exec(text);
    return { ms, kind: "refused", detail: toast ? `toast ${toast[1]} "${toast[2]}"` : `HTTP ${res.statusCode} ${text.slice(0, 100)}` };
  } catch (error) {
    return { ms: performance.now() - t, kind: "error", detail: (error as Error).message };
  }
}

/** Each crowd user taps at a random moment within the spread window (some twice at once), open loop. */
async function crowd(cookies: string[]): Promise<ClaimOutcome[]> {
  const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 });
  const start = performance.now();
  const taps = cookies.flatMap((cookie, i) => {
    const at = Math.random() * SPREAD * 1000;
    const tap = { at, user: i + 1, cookie };
    return i % DOUBLE_TAP_EVERY === 0 ? [tap, tap] : [tap];
  });
  taps.sort((a, b) => a.at - b.at);
  const pending: Promise<ClaimOutcome>[] = [];
  for (const tap of taps) {
    const wait = tap.at - (performance.now() - start);
    if (wait > 0) await sleep(wait);
    pending.push(claim(agent, tap.cookie).then((o) => ({ ...o, user: tap.user })));
  }
  const outcomes = await Promise.all(pending);
  await agent.close();
  return outcomes;
}

// ---- the run -----------------------------------------------------------------------------

const count = async (db: Db, query: ReturnType<typeof sql>) => Number(rowsOf<{ c: string | number }>(await db.execute(query))[0].c);

/** Every second, each server's resident memory (the peak is VmHWM), and this process's heap. */
function memoryWatch(watched: Server[]) {
  const peak = new Map<string, number>();
  let heapPeak = 0;
  let rssPeak = 0;
  const timer = setInterval(() => {
    for (const s of watched) {
      const m = serverMemory(s);
      if (m) peak.set(s.name, Math.max(peak.get(s.name) ?? 0, m.peak));
    }
    const own = process.memoryUsage();
    heapPeak = Math.max(heapPeak, own.heapUsed);
    rssPeak = Math.max(rssPeak, own.rss);
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return { servers: peak, heapPeak, rssPeak };
    },
  };
}

async function main(): Promise<void> {
  ensureBuild();
  const name = `vv_bench_push_${randomBytes(5).toString("hex")}`;
  const dataDirs: string[] = [];
  let database: Database | undefined;
  let service: ReturnType<typeof pushService> | undefined;
  const cleanUp = async () => {
    await Promise.all([...servers].map(stopServer));
    await service?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await admin(`drop database if exists "${name}" with (force)`).catch((error) => log(`could not drop ${name}: ${error.message}`));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    log("interrupted: stopping the servers and dropping the database");
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    await admin(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    const { db } = database;

    const browsers = Array.from({ length: KEYS }, () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return { ecdh, auth: randomBytes(16) };
    });
    service = pushService(browsers);
    await service.start();
    const crowdTokens = Array.from({ length: CROWD }, (_, i) => ({
      token: randomBytes(32).toString("base64url"),
      did: `bench-device-${String(i + 1).padStart(8, "0")}`,
    }));
    const tokens = crowdTokens.map((t) => ({ hash: keyedHash(API_SECRET, t.token), did: t.did }));

    console.log(
      `Push at a round's close on ${redact(ADMIN_URL)}: ${fmt(USERS)} users with a browser subscribed, ${fmt(CROWD)} of them claiming; ` +
        `${INSTANCES} instance(s), spread ${SPREAD} s, job tick ${TICK_MS} ms; machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
        `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0].toFixed(1)} (other work shares the cores)`,
    );
    const t = performance.now();
    await load(db, browsers, service.base, tokens);
    const loadSeconds = (performance.now() - t) / 1000;
    log(`  loaded ${fmt(USERS)} users, minters and subscriptions in ${loadSeconds.toFixed(1)} s`);

    // The round closes LEAD_SECONDS from now; every process reads the same schedule.
    const closesAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + LEAD_SECONDS * 1000);
    const epoch = new Date(closesAt.getTime() - ROUND * 28_800_000).toISOString();
    const vapid = webPush.generateVAPIDKeys();
    const settings: Record<string, string> = {
      ...NO_RATE_LIMITS,
      DATABASE_URL: url.toString(),
      API_SECRET,
      SESSION_SECRET: SECRET,
      PUBLIC_URL: `http://localhost:${WEB_PORT}`,
      ROUND_EPOCH: epoch,
      ROUND_SECONDS: "28800",
      // The benchmark closes the round itself, at a known moment; the schedulers' first tick (at
      // start, before the close) finds nothing to do and the next is a day later.
      SCHEDULER_TICK_MS: "86400000",
      OUTBOX_TICK_MS: String(TICK_MS),
      PUSH_SPREAD_SECONDS: String(SPREAD),
      PUSH_ENDPOINT_ALLOW_LOCAL: "true",
      // The same time twice: no quiet hours, every push is sent now.
      PUSH_QUIET_START: "00:00",
      PUSH_QUIET_END: "00:00",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:push-ops@example.com",
    };
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), "vv-bench-push-"));
      dataDirs.push(dir);
      return dir;
    };
    const started = await Promise.all([
      startServer(
        "web app + API + job worker",
        "server.ts",
        WEB_PORT,
        { ...settings, API_PORT: String(API_PORT), DATA_DIR: dataDir() },
        "/healthz",
      ),
      ...Array.from({ length: INSTANCES - 1 }, (_, i) => {
        const port = API_PORT + i + 1;
        const env = { ...settings, API_PORT: String(port), DATA_DIR: dataDir() };
        return startServer(`API instance ${i + 2} + job worker`, "api/src/server.ts", port, env, "/healthz");
      }),
    ]);
    const cookies = await Promise.all(crowdTokens.map((c) => pageCookies(SECRET, c.token, c.did)));
    const config: ApiConfig = { ...apiConfigSchema.parse(settings), API_SECRET };
    if (roundClosesAt(uniformSchedule(config), ROUND).getTime() !== closesAt.getTime()) throw new Error("schedule mismatch");
    const wait = closesAt.getTime() - Date.now();
    if (wait < 0) throw new Error(`the servers took longer than ${LEAD_SECONDS} s to start`);
    log(`  ${started.length} server(s) up; the round closes in ${(wait / 1000).toFixed(1)} s`);
    await sleep(wait + 50);

    const memory = memoryWatch(started);
    const unused = () => Promise.reject(new Error("not used by distribution"));
    const ctx: DomainContext = {
      db,
      config,
      ruleBook: environmentRuleBook(config),
      clock: systemClock,
      mailer: { target: "none", send: unused },
      social: wellFormedHandleAdapter,
    };
    const closed = performance.now();
    const out = await distributeRound(ctx, ROUND);
    const distributedMs = performance.now() - closed;
    if (!out?.fresh || out.participants !== USERS) throw new Error(`round ${ROUND} not distributed to everyone: ${JSON.stringify(out)}`);
    const queued = await count(db, sql`select count(*) as c from jobs where kind = 'push'`);
    log(`  round ${ROUND} distributed in ${distributedMs.toFixed(0)} ms: ${fmt(out.participants)} paid, ${fmt(queued)} pushes queued`);

    const crowdDone = crowd(cookies);
    const deadline = closed + MAX_MINUTES * 60_000;
    let lastReport = performance.now();
    while (service.stats.distinct < queued && performance.now() < deadline) {
      await sleep(250);
      if (performance.now() - lastReport >= 10_000) {
        lastReport = performance.now();
        log(`    ${((lastReport - closed) / 1000).toFixed(0)} s: ${fmt(service.stats.distinct)} of ${fmt(queued)} notified`);
      }
    }
    const notifiedAll = service.stats.distinct >= queued;
    const outcomes = await crowdDone;
    // Late copies (a retry of a post that did arrive) would land now.
    await sleep(2 * TICK_MS + 500);
    const mem = memory.stop();
    const jobs = rowsOf<{ done: string; failed: string; pending: string; retried: string }>(
      await db.execute(sql`
        select count(*) filter (where done_at is not null) as done, count(*) filter (where failed_at is not null) as failed,
          count(*) filter (where done_at is null and failed_at is null) as pending, count(*) filter (where attempts > 1) as retried
        from jobs where kind = 'push'`),
    )[0];

    // Claims paid exactly once: each crowd user's round collected, and their balance is that round's amount, once.
    const crowdIds = sql`u.id <= ${CROWD}`;
    const collected = await count(
      db,
      sql`select count(*) as c from users u join user_rounds ur on ur.user_id = u.id and ur.round_number = ${ROUND} where ${crowdIds} and ur.collected_at is not null`,
    );
    const wrongBalance = await count(
      db,
      sql`select count(*) as c from users u join user_rounds ur on ur.user_id = u.id and ur.round_number = ${ROUND}
          where ${crowdIds} and u.vv <> case when ur.collected_at is null then 0 else ur.amount end`,
    );
    const othersPaid = await count(db, sql`select count(*) as c from users u where u.id > ${CROWD} and u.vv <> 0`);
    const roundClaims = await count(db, sql`select claims as c from rounds where round_number = ${ROUND}`);
    const rows = rowsOf<{ t: string; c: string }>(
      await db.execute(sql`
        select 'users' as t, (select count(*) from users)::text as c
        union all select 'web_push_subscriptions', (select count(*) from web_push_subscriptions)::text
        union all select 'user_rounds', (select count(*) from user_rounds)::text
        union all select 'jobs', (select count(*) from jobs)::text`),
    );

    // ---- report
    const s = service.stats;
    const sendSeconds = (s.last - s.first) / 1000;
    const busiest = Math.max(...s.perSecond.values());
    const toAll = (s.last - closed) / 1000;
    const lat = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const by = (k: ClaimOutcome["kind"]) => outcomes.filter((o) => o.kind === k);
    const claimedUsers = new Set(by("claimed").map((o) => o.user)).size;
    const duplicates = [...service.arrivals].filter((n) => n > 1).length;
    console.log();
    console.log(`Load: ${loadSeconds.toFixed(1)} s; rows: ${rows.map((r) => `${r.t} ${fmt(Number(r.c))}`).join(", ")}`);
    console.log(
      `Distribution of round ${ROUND} (pays ${fmt(out.participants)}, queues ${fmt(queued)} pushes): ${distributedMs.toFixed(0)} ms`,
    );
    console.log(
      `Push: ${fmt(s.distinct)} of ${fmt(queued)} users notified${notifiedAll ? "" : ` (stopped after ${MAX_MINUTES} min)`}; ` +
        `${fmt(s.posts)} posts (${fmt(duplicates)} users got a copy again); ` +
        `${fmt(s.distinct / sendSeconds)} sends/s on average, ${fmt(busiest)} in the busiest second; ` +
        `first at ${((s.first - closed) / 1000).toFixed(1)} s, ` +
        (notifiedAll
          ? `everyone by ${toAll.toFixed(1)} s after the close`
          : `the last at ${toAll.toFixed(1)} s; everyone would take ~${(toAll + (queued - s.distinct) / (s.distinct / sendSeconds)).toFixed(0)} s at that rate`),
    );
    console.log(
      `  jobs: ${fmt(Number(jobs.done))} done, ${fmt(Number(jobs.failed))} failed, ${fmt(Number(jobs.pending))} pending, ${fmt(Number(jobs.retried))} retried`,
    );
    console.log(
      `  decrypted ${fmt(s.sampled)} sampled posts (1 in ${SAMPLE}) with the subscription's keys: ${s.sampleFailures.length} failed` +
        (s.sampleFailures.length ? `\n    ${s.sampleFailures.slice(0, 5).join("\n    ")}` : ""),
    );
    console.log(
      `Crowd: ${fmt(CROWD)} users, ${fmt(outcomes.length)} taps on claim within ${SPREAD} s (1 in ${DOUBLE_TAP_EVERY} tapped twice at once): ` +
        `p50 ${percentile(lat, 50).toFixed(0)} ms, p99 ${percentile(lat, 99).toFixed(0)} ms, max ${lat[lat.length - 1].toFixed(0)} ms; ` +
        `${fmt(by("claimed").length)} claimed, ${fmt(by("refused").length)} refused, ${fmt(by("error").length)} errors`,
    );
    const problems = new Map<string, number>();
    for (const o of outcomes) if (o.detail) problems.set(`${o.kind}: ${o.detail}`, (problems.get(`${o.kind}: ${o.detail}`) ?? 0) + 1);
    for (const [what, n] of problems) console.log(`    ${fmt(n)} x ${what}`);
    console.log(
      `  paid exactly once: ${fmt(claimedUsers)} users saw "claimed", ${fmt(collected)} rounds collected by the crowd, ${wrongBalance} balances not equal to the round's amount once, ` +
        `${othersPaid} non-claimers credited, rounds.claims = ${fmt(roundClaims)}`,
    );
    console.log(
      `Memory (peak resident): ${[...mem.servers].map(([n, m]) => `${n} ${m.toFixed(0)} MB`).join("; ")}; ` +
        `this benchmark (push service and crowd) ${mb(mem.rssPeak).toFixed(0)} MB, heap ${mb(mem.heapPeak).toFixed(0)} MB`,
    );
    console.log(`Load average at the end: ${loadavg()[0].toFixed(1)} (1 min), ${loadavg()[1].toFixed(1)} (5 min)`);
    const ok =
      notifiedAll &&
      s.sampleFailures.length === 0 &&
      wrongBalance === 0 &&
      othersPaid === 0 &&
      collected === roundClaims &&
      collected >= claimedUsers;
    if (!ok) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(`bench-push failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
});
