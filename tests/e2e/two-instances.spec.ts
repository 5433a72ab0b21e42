import { randomBytes, randomInt } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import pg from "pg";
import type { SMTPServer } from "smtp-server";
import { closeGraceMs } from "#lib/config/shared.ts";
import { haproxyBinary } from "../../scripts/cluster/haproxy.ts";
import type { Instance } from "../../scripts/cluster/instance.ts";
import { startCluster, type Cluster } from "../../scripts/cluster/topology.ts";
import { actionData } from "../setup/single-fetch.ts";
import { catchMail } from "../setup/smtp-catcher.ts";
import { E2E } from "./env.ts";

/**
 * The reference topology of `npm run cluster` (scripts/cluster/): HAProxy in front of two web
 * apps and two standalone APIs on one PostgreSQL and one Redis, the web apps reaching the APIs
 * through the balancer. Rounds must be distributed once whichever scheduler gets there first,
 * rate limits must be counted once for all instances, a session made on one web app must be
 * good on the other, an API stopped with SIGTERM while claims are in flight must answer them,
 * lose none, and exit by itself within its grace delay, and each instance restarted in turn
 * under traffic through the balancer must fail no request and lose or double no claim.
 *
 * The cluster has its own ports (E2E.clusterPort and up), database (dropped at the end) and run
 * folder, so the spec runs beside the other e2e specs; Redis is shared, so each test counts
 * under client IPs of its own (the limiter has no configurable key prefix).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ROUND_SECONDS = 2;
/** The limits under test; every other one is set out of reach. */
const AUTH_PER_MINUTE = 10;
const WEB_POSTS_PER_MINUTE = 8;
/** Each instance's SHUTDOWN_DRAIN_MS: HAProxy counts a failing /healthz in about 1.5 s. */
const DRAIN_MS = 2500;
/** close-with-grace's delay in api/src/server.ts: after it the process is killed, not closed. */
const GRACE_MS = closeGraceMs(DRAIN_MS);
/** VV_PER_POWER_PER_ROUND's default, 0.01 VV, in 1e-8 units. */
const UNITS_PER_POWER = 1_000_000n;

test.describe.configure({ mode: "serial" });

// ---------------------------------------------------------------- processes

/** An instance of the cluster, with what the tests read from its log. */
interface Proc {
  name: string;
  url: string;
  instance: Instance;
  /** Rounds this process logged as distributed ("round distributed", fresh only). */
  distributed: number[];
  /** Request ids the API logged as received ("incoming request"). */
  received: Set<string>;
}

function tail(proc: Proc): string {
  return proc.instance.tail();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A client address of its own (TEST-NET-like 10/8), so Redis counters never meet another run's. */
function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

async function unreachable(): Promise<string | undefined> {
  try {
    haproxyBinary();
  } catch (error) {
    return (error as Error).message;
  }
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    return `PostgreSQL at ${ADMIN_URL} is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: Error | undefined;
  redis.on("error", (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    if ((await redis.ping()) !== "PONG") return `Redis at ${REDIS_URL} did not answer PING`;
  } catch (error) {
    return `Redis at ${REDIS_URL} is not reachable (${(cause ?? (error as Error)).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

// ---------------------------------------------------------------- a browser's HTTP, by hand

/**
 * Cookies, forms and the client address as the load balancer in front of both web apps would
 * pass on a browser's requests (X-Forwarded-For, and X-Forwarded-Host: the public host, which
 * Remix compares with a form post's Origin), without following redirects.
 */
class Visitor {
  readonly jar = new Map<string, string>();
  constructor(
    /** Changed by a test that must not meet the per-IP limits the first test set low. */
    public ip: string,
    readonly origin: string,
  ) {}

  private get proxied(): Record<string, string> {
    return { "x-forwarded-for": this.ip, "x-forwarded-host": new URL(this.origin).host, "accept-language": "en" };
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now()));
      if (gone || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async get(base: string, path: string): Promise<Response> {
    const res = await fetch(base + path, {
      redirect: "manual",
      headers: { ...this.proxied, cookie: this.cookie },
      signal: AbortSignal.timeout(20_000),
    });
    this.remember(res);
    return res;
  }

  async post(base: string, path: string, form: Record<string, string>): Promise<Response> {
    const res = await fetch(base + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...this.proxied,
        origin: this.origin,
        "content-type": "application/x-www-form-urlencoded",
        cookie: this.cookie,
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    this.remember(res);
    return res;
  }

  /** What a signed cookie carries (Remix: base64 JSON, then ".signature"). */
  private signed(name: string): unknown {
    const raw = this.jar.get(name);
    if (!raw) return undefined;
    const value = decodeURIComponent(raw);
    return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
  }

  /** The login token from the session cookie, the device id from its own cookie. */
  session(): { token?: string; did?: string } {
    return {
      token: (this.signed("vv_session") as { token?: string } | undefined)?.token,
      did: this.signed("vv_device") as string | undefined,
    };
  }
}

interface Member {
  email: string;
  visitor: Visitor;
  token: string;
  did: string;
  userId: number;
  /** The web app the account was made on, or the balancer. */
  madeOn: "A" | "B" | "balancer";
}

// ---------------------------------------------------------------- shared state

const runId = randomBytes(5).toString("hex");
const dbName = `vv_two_${runId}`;
const dir = join("tests/.tmp", `two-instances-${runId}`);
let dbUrl = "";
let db: pg.Pool | undefined;
let smtp: SMTPServer | undefined;
const codes = new Map<string, string>();
let cluster: Cluster | undefined;
let apiA: Proc, apiB: Proc, webA: Proc, webB: Proc;
/** The address the browsers use (PUBLIC_URL), and the balancer's public side that serves it. */
let publicUrl = "";
let balanced = "";
const members: Member[] = [];
const started = Date.now();

async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const code = codes.get(email);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db!.query(text, values)).rows as T[];
}

/** Signs up through a web app's (or the balancer's) /register as a browser without JavaScript posts it. */
async function signUpThroughWeb(web: Pick<Proc, "url" | "name">, tag: string): Promise<Member> {
  const email = `${tag}-${runId}-${randomInt(1e9)}@example.com`;
  const visitor = new Visitor(randomIp(), publicUrl);
  const page = await visitor.get(web.url, "/register");
  expect(page.status, `GET /register on ${web.name}`).toBe(200);
  const sent = await visitor.post(web.url, "/register.data", { intent: "send", email });
  expect(sent.status).toBe(200);
  expect(await actionData(sent.body!)).toMatchObject({ sent: true, toast: { kind: "success" } });
  const code = await mailedCode(email);
  const done = await visitor.post(web.url, "/register", { intent: "register", email, code, sent: "1" });
  expect(done.status, `sign-up post on ${web.name}: ${done.status === 302 ? "" : (await done.text()).slice(0, 500)}`).toBe(302);
  expect(done.headers.get("location")).toBe("/airdrop");
  const { token, did } = visitor.session();
  expect(token, "a login token in the session cookie").toBeTruthy();
  const [row] = await query<{ id: string }>("select id from users where email = $1", [email]);
  return { email, visitor, token: token!, did: did!, userId: Number(row.id), madeOn: web === webA ? "A" : web === webB ? "B" : "balancer" };
}

/** A button of /airdrop pressed through a web app (Remix's own fetch: the toast comes back as data). */
async function airdropIntent(web: Proc, m: Member, intent: "start" | "claim"): Promise<{ kind: string; key?: string; code?: number }> {
  const res = await m.visitor.post(web.url, "/airdrop.data", { intent });
  expect(res.status, `${intent} on ${web.name}`).toBe(200);
  return (await actionData<{ toast: { kind: string; key?: string; code?: number } }>(res.body!)).toast;
}

// ---------------------------------------------------------------- setup and teardown

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const problem = await unreachable();
  if (problem) {
    if (process.env.CI) throw new Error(`${problem}; the two-instance test needs them in CI`);
    console.warn(`two-instances: skipped: ${problem}`);
    test.skip(true, problem);
    return;
  }
  const target = new URL(ADMIN_URL);
  target.pathname = `/${dbName}`;
  dbUrl = target.toString();

  const catcher = await catchMail((mail) => {
    const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
    for (const to of [mail.to].flat().flatMap((a) => a?.value ?? [])) if (code && to.address) codes.set(to.address, code);
  });
  smtp = catcher.server;

  const logs = new Map<string, Pick<Proc, "distributed" | "received">>();
  const logOf = (name: string) => logs.get(name) ?? logs.set(name, { distributed: [], received: new Set() }).get(name)!;
  // All four at once, as a deployment would roll them out: the APIs migrate the empty database together.
  cluster = await startCluster({
    portBase: E2E.clusterPort,
    publicHost: "127.0.0.1",
    apis: 2,
    webs: 2,
    databaseUrl: dbUrl,
    redisUrl: REDIS_URL,
    dir,
    drainMs: DRAIN_MS,
    // TRUST_PROXY stays at its default, loopback: the web apps take the client's address from
    // the X-Forwarded-For the test or HAProxy sends, the APIs from the one the web app sends.
    env: { LOG_LEVEL: "info" },
    apiEnv: {
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
      ROUND_SECONDS: String(ROUND_SECONDS),
      SCHEDULER_TICK_MS: "200",
      // Nobody is paused by unclaimed rounds while the test watches several of them close.
      SUSPEND_THRESHOLD: "1000",
      OTP_MAX_PER_IP_PER_HOUR: "100000",
      // One address for every browser: sign-up friction is tested apart (signup-friction.spec.ts).
      SIGNUP_POW_IP_PER_HOUR: "100000",
      SIGNUP_POW_INVITER_PER_HOUR: "100000",
      // The rolling restart signs the same people in again and again.
      OTP_RESEND_SECONDS: "1",
      OTP_MAX_PER_EMAIL_PER_HOUR: "100000",
      RATE_AUTH_PER_IP_PER_MINUTE: String(AUTH_PER_MINUTE),
      RATE_API_PER_IP_PER_MINUTE: "1000000",
      RATE_WRITES_PER_USER_PER_MINUTE: "1000000",
    },
    webEnv: {
      RATE_WEB_PER_IP_PER_MINUTE: "1000000",
      RATE_WEB_POSTS_PER_IP_PER_MINUTE: String(WEB_POSTS_PER_MINUTE),
    },
    onLog: (name, entry) => {
      const log = logOf(name);
      if (entry.msg === "round distributed" && typeof entry.round === "number") log.distributed.push(entry.round);
      if (entry.msg === "incoming request" && typeof entry.reqId === "string") log.received.add(entry.reqId);
    },
  });
  const proc = (instance: Instance): Proc => ({ name: instance.name, url: instance.url, instance, ...logOf(instance.name) });
  [apiA, apiB] = cluster.apis.map(proc);
  [webA, webB] = cluster.webs.map(proc);
  publicUrl = cluster.publicUrl;
  balanced = `http://127.0.0.1:${E2E.clusterPort}`;
  db = new pg.Pool({ connectionString: dbUrl, max: 4 });
});

test.afterAll(async () => {
  await cluster?.stop();
  await db?.end().catch(() => {});
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dbUrl) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
  if (dbUrl) console.log(`two-instances: whole spec ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

// What the processes said, when a test fails.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(cluster?.tail());
});

// ---------------------------------------------------------------- the tests

test("rate limits are counted once for every instance: the 429 comes at the shared threshold", async () => {
  // Sign-in calls for one client IP, alternately to API A and API B.
  const ip = randomIp();
  const api: { n: number; via: string; status: number; code: number; retryAfter: string | null }[] = [];
  for (let n = 1; n <= 2 * AUTH_PER_MINUTE + 2; n++) {
    const target = n % 2 ? apiA : apiB;
    const res = await fetch(`${target.url}/v1/user/did/?os=web&vcode=1`, { headers: { "x-forwarded-for": ip } });
    const body = (await res.json()) as { code: number };
    api.push({ n, via: target.name, status: res.status, code: body.code, retryAfter: res.headers.get("retry-after") });
  }
  const firstApi429 = api.find((a) => a.status === 429)!;
  expect(firstApi429, "some call was refused").toBeDefined();
  expect(firstApi429.n, "the first refused sign-in call: the shared limit + 1, not twice it").toBe(AUTH_PER_MINUTE + 1);
  expect(api.slice(0, AUTH_PER_MINUTE).every((a) => a.status === 200 && a.code === 0)).toBe(true);
  for (const refused of api.slice(AUTH_PER_MINUTE)) {
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(100429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  }
  expect(new Set(api.slice(AUTH_PER_MINUTE).map((a) => a.via)), "both APIs refuse").toEqual(new Set([apiA.name, apiB.name]));

  // Form posts from one visitor, alternately to web A and web B. A login post without a code is
  // answered by the web app alone, so only the web app's own post limit counts it.
  const visitor = new Visitor(randomIp(), publicUrl);
  const web: { n: number; via: string; status: number; code?: number; retryAfter: string | null }[] = [];
  for (let n = 1; n <= 2 * WEB_POSTS_PER_MINUTE + 2; n++) {
    const target = n % 2 ? webA : webB;
    const res = await visitor.post(target.url, "/login.data", { intent: "login", email: "nobody@example.com" });
    const body = await actionData<{ toast: { kind: string; key?: string; code?: number } }>(res.body!);
    web.push({ n, via: target.name, status: res.status, code: body.toast.code, retryAfter: res.headers.get("retry-after") });
  }
  const firstWeb429 = web.find((w) => w.status === 429)!;
  expect(firstWeb429, "some post was refused").toBeDefined();
  expect(firstWeb429.n, "the first refused post: the shared limit + 1, not twice it").toBe(WEB_POSTS_PER_MINUTE + 1);
  expect(web.slice(0, WEB_POSTS_PER_MINUTE).every((w) => w.status === 200)).toBe(true);
  for (const refused of web.slice(WEB_POSTS_PER_MINUTE)) {
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(100429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  }
  expect(new Set(web.slice(WEB_POSTS_PER_MINUTE).map((w) => w.via)), "both web apps refuse").toEqual(new Set([webA.name, webB.name]));
  console.log(
    `two-instances: API sign-in limit ${AUTH_PER_MINUTE}/min: first 429 at call ${firstApi429.n} (via ${firstApi429.via}, Retry-After ${firstApi429.retryAfter} s); ` +
      `web post limit ${WEB_POSTS_PER_MINUTE}/min: first 429 at post ${firstWeb429.n} (via ${firstWeb429.via}, Retry-After ${firstWeb429.retryAfter} s)`,
  );
});

test("a session made on web A is good on web B", async ({ browser }) => {
  const m = await signUpThroughWeb(webA, "session");
  members.push(m);

  // The cookie web A set, taken to web B: its signed-in page, not a redirect to /login.
  const page = await m.visitor.get(webB.url, "/airdrop");
  expect(page.status, `GET /airdrop on web B: ${page.headers.get("location") ?? ""}`).toBe(200);
  const html = await page.text();
  expect(html, "the page is this user's (the layout embeds the profile)").toContain(m.email);

  // And in a real browser holding only that cookie.
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: "vv_session", value: m.visitor.jar.get("vv_session")!, url: webB.url }]);
    const tab = await context.newPage();
    const res = await tab.goto(`${webB.url}/airdrop`);
    expect(res?.status()).toBe(200);
    expect(new URL(tab.url()).pathname).toBe("/airdrop");
    expect(await tab.content()).toContain(m.email);
  } finally {
    await context.close();
  }

  // A button pressed on web B with web A's session acts for the same user.
  expect(await airdropIntent(webB, m, "start")).toMatchObject({ kind: "success", key: "airdrop:toast.started" });
  const [minter] = await query<{ user_id: string }>("select user_id from minters where user_id = $1", [m.userId]);
  expect(Number(minter?.user_id)).toBe(m.userId);
});

test("each closed round is distributed once, though both schedulers run", async () => {
  test.setTimeout(60_000);
  // Accounts made on both web apps; each starts its airdrop through the other one.
  const made = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => signUpThroughWeb(i % 2 ? webB : webA, `rounds${i}`)));
  members.push(...made);
  await Promise.all(
    made.map(async (m) => expect(await airdropIntent(m.madeOn === "A" ? webB : webA, m, "start")).toMatchObject({ kind: "success" })),
  );

  const lastRound = async () => Number((await query<{ n: string | null }>("select max(round_number) as n from rounds"))[0].n ?? 0);
  const [{ first, last }] = await query<{ first: number; last: number }>(
    "select min(mint_from_round) as first, max(mint_from_round) as last from minters",
  );
  // Everyone has been paid once: half of them claim, through either web app.
  await expect.poll(lastRound, { timeout: 20_000, intervals: [200] }).toBeGreaterThanOrEqual(last);
  for (const [i, m] of members.entries()) {
    if (i % 2) continue;
    expect(await airdropIntent(i % 4 ? webB : webA, m, "claim")).toMatchObject({ kind: "success", key: "airdrop:toast.claimed" });
  }
  // Two more rounds for everyone.
  await expect.poll(lastRound, { timeout: 20_000, intervals: [200] }).toBeGreaterThanOrEqual(last + 2);

  const rounds = await query<{ round_number: number; participants: number; total_amount: string; distributed: boolean }>(
    "select round_number, participants, total_amount::text, distributed from rounds order by round_number",
  );
  const numbers = rounds.map((r) => r.round_number);
  expect(new Set(numbers).size, "one row per round").toBe(numbers.length);
  expect(numbers, "no round skipped").toEqual(numbers.map((_, i) => Number(first) + i));
  // Each round was distributed (logged as fresh) by exactly one of the two APIs.
  await expect.poll(() => numbers.every((n) => apiA.distributed.includes(n) || apiB.distributed.includes(n)), { timeout: 5000 }).toBe(true);
  const logged = [...apiA.distributed, ...apiB.distributed].filter((n) => n <= numbers[numbers.length - 1]).sort((a, b) => a - b);
  expect(logged, "every distribution logged once across both instances").toEqual(numbers);

  const credits = await query<{ round_number: number; n: string; users: string; sum: string }>(
    "select round_number, count(*) as n, count(distinct user_id) as users, sum(amount)::text as sum from user_rounds group by round_number order by round_number",
  );
  for (const r of rounds) {
    const c = credits.find((x) => x.round_number === r.round_number);
    expect(r.distributed).toBe(true);
    expect(Number(c?.n ?? 0), `round ${r.round_number}: one credit per user`).toBe(Number(c?.users ?? 0));
    expect(Number(c?.n ?? 0), `round ${r.round_number}: participants`).toBe(r.participants);
    expect(c?.sum ?? "0", `round ${r.round_number}: total`).toBe(r.total_amount);
  }
  // Rounds keep closing meanwhile: each user's credits are counted up to the rounds read above.
  const upTo = numbers[numbers.length - 1];
  for (const m of members) {
    const [row] = await query<{
      from: number;
      n: string;
      distinct_rounds: string;
      lo: number;
      hi: number;
      vv: string;
      claimed: string;
      bad: string;
    }>(
      `select mi.mint_from_round as from, count(ur.id) filter (where ur.round_number <= $3) as n,
              count(distinct ur.round_number) filter (where ur.round_number <= $3) as distinct_rounds,
              min(ur.round_number) as lo, max(ur.round_number) filter (where ur.round_number <= $3) as hi, u.vv::text as vv,
              coalesce(sum(ur.amount) filter (where ur.collected_at is not null), 0)::text as claimed,
              count(*) filter (where ur.amount <> ur.power * $2) as bad
         from users u join minters mi on mi.user_id = u.id left join user_rounds ur on ur.user_id = u.id
        where u.id = $1 group by mi.mint_from_round, u.vv`,
      [m.userId, UNITS_PER_POWER.toString(), upTo],
    );
    const expected = upTo - row.from + 1;
    expect(Number(row.n), `${m.email}: credited once for each round since it started`).toBe(expected);
    expect(Number(row.distinct_rounds)).toBe(expected);
    expect([row.lo, row.hi]).toEqual([row.from, upTo]);
    expect(Number(row.bad), "each credit is its power's").toBe(0);
    expect(row.vv, `${m.email}: balance = its claimed credits`).toBe(row.claimed);
  }
  console.log(
    `two-instances: ${members.length} users, ${rounds.length} rounds (${numbers[0]}..${numbers[numbers.length - 1]}) distributed once each: ` +
      `${apiA.distributed.filter((n) => numbers.includes(n)).length} by API A, ${apiB.distributed.filter((n) => numbers.includes(n)).length} by API B`,
  );
});

/** A money string of the wire ("12.5") in 1e-8 units. */
function units(amount: string): bigint {
  const [whole, frac = ""] = amount.split(".");
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, "0"));
}

test("SIGTERM to an API with claims in flight: each is answered, none lost or paid twice, and the API exits by itself", async () => {
  test.setTimeout(60_000);
  expect(members.length).toBeGreaterThan(0);
  const ids = members.map((m) => m.userId);
  // Everyone holds unclaimed rounds.
  const holding = async () =>
    Number(
      (
        await query<{ n: string }>(
          "select count(distinct user_id) as n from user_rounds where collected_at is null and user_id = any($1::bigint[])",
          [ids],
        )
      )[0].n,
    );
  await expect.poll(holding, { timeout: 10_000, intervals: [200] }).toBe(members.length);
  const before = new Map(
    (await query<{ id: string; vv: string }>("select id, vv::text from users where id = any($1::bigint[])", [ids])).map((r) => [
      Number(r.id),
      BigInt(r.vv),
    ]),
  );

  type Result =
    | { kind: "success"; amount: bigint; rounds: number }
    | { kind: "answer"; status: number; body: string }
    | { kind: "connection"; error: string; requestId: string };
  type Outcome = Result & { user: number; afterSignal: boolean };
  const outcomes: Outcome[] = [];
  let inFlight = 0;
  let inFlightAtSignal = -1;
  let signalled = false;
  const claim = async (m: Member) => {
    inFlight++;
    const requestId = `storm-${randomBytes(8).toString("hex")}`;
    const record = (result: Result) => outcomes.push({ ...result, user: m.userId, afterSignal: signalled });
    try {
      const res = await fetch(`${apiA.url}/v1/mint/collect/?os=web&vcode=1&lang=en&did=${encodeURIComponent(m.did)}`, {
        method: "POST",
        headers: { authorization: `HIN ${m.token}`, "x-forwarded-for": m.visitor.ip, "x-request-id": requestId },
        signal: AbortSignal.timeout(GRACE_MS + 5000),
      });
      const text = await res.text();
      let body: { code?: number; data?: { amount: string; rounds: number } } | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        // an answer all the same
      }
      if (res.status === 200 && body?.code === 0 && body.data)
        record({ kind: "success", amount: units(body.data.amount), rounds: body.data.rounds });
      else record({ kind: "answer", status: res.status, body: text.slice(0, 200) });
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      if (e.name === "TimeoutError") throw new Error("a claim got neither an answer nor a connection error within the grace delay");
      record({ kind: "connection", error: e.cause?.code ?? e.cause?.message ?? e.message, requestId });
    } finally {
      inFlight--;
    }
  };
  // Four clients per user, each on a connection of its own opened beforehand (a keep-alive pool,
  // as the web app's), claiming again as soon as it is answered, until the signal; what is in
  // flight then is left to finish, and the clients keep their connections open.
  const warm = (m: Member) =>
    fetch(`${apiA.url}/v1/mint/user_info/?os=web&vcode=1&did=${encodeURIComponent(m.did)}`, {
      headers: { authorization: `HIN ${m.token}`, "x-forwarded-for": m.visitor.ip },
    }).then((res) => res.arrayBuffer());
  await Promise.all(members.flatMap((m) => [warm(m), warm(m), warm(m), warm(m)]));
  const workers = members.flatMap((m) =>
    [0, 1, 2, 3].map(async () => {
      for (let i = 0; i < 40 && !signalled; i++) await claim(m);
    }),
  );
  await expect.poll(() => outcomes.length, { timeout: 15_000, intervals: [2] }).toBeGreaterThan(0);
  const pid = apiA.instance.pid!;
  process.kill(pid, "SIGTERM");
  const signalledAt = Date.now();
  signalled = true;
  inFlightAtSignal = inFlight;
  // Draining (SHUTDOWN_DRAIN_MS): its readiness fails as soon as the signal is handled, so a
  // balancer sends nothing more, while it still serves.
  const readiness = async () => {
    const res = await fetch(`${apiA.url}/healthz`);
    return `${res.status} ${((await res.json()) as { status: string }).status}`;
  };
  await expect.poll(readiness, { timeout: DRAIN_MS - 500, intervals: [20] }).toBe("503 draining");
  await Promise.all(workers);
  const answeredIn = Date.now() - signalledAt;
  // close-with-grace exits 0 once api.close() is done, or 1 when its delay runs out first.
  const deadline = signalledAt + GRACE_MS + 3000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const exitedIn = Date.now() - signalledAt;
  const code = await Promise.race([apiA.instance.whenExited(), new Promise<string>((r) => setTimeout(() => r("still running"), 5000))]);

  const count = (kind: Outcome["kind"], afterSignal?: boolean) =>
    outcomes.filter((o) => o.kind === kind && (afterSignal === undefined || o.afterSignal === afterSignal)).length;
  const paying = (afterSignal: boolean) =>
    outcomes.filter((o) => o.kind === "success" && o.rounds > 0 && o.afterSignal === afterSignal).length;
  const answers = outcomes.filter((o): o is Extract<Outcome, { kind: "answer" }> => o.kind === "answer");
  const errors = [...new Set(outcomes.flatMap((o) => (o.kind === "connection" ? [o.error] : [])))];
  console.log(
    `two-instances: ${outcomes.length} claims fired at API A by ${members.length} users (4 clients each), ${inFlightAtSignal} in flight at SIGTERM; ` +
      `${count("success")} succeeded (${paying(false)} paying before the signal, ${paying(true)} paying answered after it), ` +
      `${answers.length} other answers ${JSON.stringify([...new Set(answers.map((a) => a.status))])}, ${count("connection")} connection errors ${JSON.stringify(errors)}; ` +
      `all answered ${answeredIn} ms after SIGTERM; API A gone ${exitedIn} ms after SIGTERM, exit code ${code}`,
  );
  expect(inFlightAtSignal, "claims were in flight when the signal came").toBeGreaterThan(0);
  expect(
    count("success", true) + count("answer", true) + count("connection", true),
    "every claim in flight got an answer or a connection error",
  ).toBe(inFlightAtSignal);
  // A connection error is only for a request the API never started: one it took in is answered.
  const unanswered = outcomes.filter((o) => o.kind === "connection" && apiA.received.has(o.requestId));
  expect(unanswered, "claims API A received but whose connection it dropped").toEqual([]);
  expect(alive(pid), `API A still running ${exitedIn} ms after SIGTERM\n${tail(apiA)}`).toBe(false);
  expect(tail(apiA), "API A closed by itself, not killed by close-with-grace's timeout").not.toContain("killed by timeout");
  expect(exitedIn, "API A exited within its grace delay").toBeLessThan(GRACE_MS);
  expect(code, `API A's exit code\n${tail(apiA)}`).toBe(0);

  // Each success is recorded; nobody was paid twice; the rounds' claim counts agree.
  const after = await query<{ id: string; vv: string; claimed: string }>(
    `select u.id, u.vv::text as vv, coalesce(sum(ur.amount) filter (where ur.collected_at is not null), 0)::text as claimed
       from users u left join user_rounds ur on ur.user_id = u.id where u.id = any($1::bigint[]) group by u.id, u.vv`,
    [ids],
  );
  for (const m of members) {
    const row = after.find((r) => Number(r.id) === m.userId)!;
    const mine = outcomes.filter((o) => o.user === m.userId);
    const paid = mine.reduce((sum, o) => sum + (o.kind === "success" ? o.amount : 0n), 0n);
    const gained = BigInt(row.vv) - before.get(m.userId)!;
    expect(row.vv, `${m.email}: balance = its claimed credits`).toBe(row.claimed);
    if (mine.some((o) => o.kind === "connection")) {
      // A claim whose answer was lost may have been paid: never less than the answers say.
      expect(gained >= paid, `${m.email}: gained ${gained}, the answers say ${paid}`).toBe(true);
    } else {
      expect(gained, `${m.email}: paid what the answers say, once`).toBe(paid);
    }
  }
  const claimCounts = await query<{ round_number: number; claims: number; collected: string }>(
    `select r.round_number, r.claims, count(ur.id) filter (where ur.collected_at is not null) as collected
       from rounds r left join user_rounds ur on ur.round_number = r.round_number group by r.round_number, r.claims`,
  );
  for (const r of claimCounts) expect(r.claims, `round ${r.round_number}: each claim counted once`).toBe(Number(r.collected));

  // API B carries on alone: it distributes the next round and answers every user's claim.
  const lastRound = async () => Number((await query<{ n: string }>("select max(round_number) as n from rounds"))[0].n);
  const lastBefore = await lastRound();
  await expect.poll(lastRound, { timeout: 10_000, intervals: [200] }).toBeGreaterThan(lastBefore);
  for (const m of members) {
    const auth = { authorization: `HIN ${m.token}`, "x-forwarded-for": m.visitor.ip };
    const query_ = `?os=web&vcode=1&did=${encodeURIComponent(m.did)}`;
    const claimed = await fetch(`${apiB.url}/v1/mint/collect/${query_}`, { method: "POST", headers: auth });
    expect(((await claimed.json()) as { code: number }).code, `${m.email}: claim through API B`).toBe(0);
    const info = await fetch(`${apiB.url}/v1/mint/user_info/${query_}`, { headers: auth });
    const { vv } = ((await info.json()) as { data: { vv: string } }).data;
    const [row] = await query<{ vv: string; claimed: string }>(
      `select u.vv::text as vv, coalesce((select sum(amount) from user_rounds where user_id = u.id and collected_at is not null), 0)::text as claimed
         from users u where u.id = $1`,
      [m.userId],
    );
    expect(row.vv, `${m.email}: balance = its claimed credits`).toBe(row.claimed);
    expect(units(vv), `${m.email}: API B reports the recorded balance`).toBe(BigInt(row.vv));
  }
  const [totals] = await query<{ balances: string; claimed: string; missed: string }>(
    `select (select sum(vv) from users)::text as balances,
            (select sum(amount) from user_rounds where collected_at is not null)::text as claimed,
            (select count(*) from minters m where exists (
               select 1 from generate_series(m.mint_from_round, (select max(round_number) from rounds)) g
                where not exists (select 1 from user_rounds ur where ur.user_id = m.user_id and ur.round_number = g))) as missed`,
  );
  expect(totals.balances, "sum of balances = sum of the credits claimed").toBe(totals.claimed);
  expect(Number(totals.missed), "no user missed a round").toBe(0);
});

test("each API and each web app restarted in turn under traffic through the balancer: no request fails, no claim is lost or paid twice", async () => {
  test.setTimeout(150_000);
  const up = cluster!;
  // API A was stopped by the test before: it comes back first, as after a deploy of it.
  if (apiA.instance.pid === undefined) await up.start(apiA.instance);
  const ids = members.map((m) => m.userId);
  const balances = async () =>
    new Map(
      (await query<{ id: string; vv: string }>("select id, vv::text from users where id = any($1::bigint[])", [ids])).map((r) => [
        Number(r.id),
        BigInt(r.vv),
      ]),
    );
  const before = await balances();

  const failures: string[] = [];
  const served = { pages: 0, claims: 0, signIns: 0 };
  /** What each member's successful claims said they paid, in 1e-8 units. */
  const paid = new Map(ids.map((id) => [id, 0n]));
  let phase = "before the restarts";
  let done = false;
  const failed = (what: string, detail: string) => void failures.push(`${what}, ${phase}: ${detail}`);
  /** Every request from an address of its own: the per-IP limits the first test set low are not what is measured here. */
  const fresh = (visitor: Visitor) => ((visitor.ip = randomIp()), visitor);
  const through = { url: balanced, name: "the balancer" };

  /** Runs one step; a connection error or a thrown expectation is that step's failure. */
  const step = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      failed(what, e.cause?.code ?? e.message.split("\n")[0]);
    }
  };
  const pageViews = async (lane: number) => {
    for (let i = 0; !done; i++) {
      const m = members[(lane + i) % members.length];
      await step("GET /airdrop", async () => {
        const res = await fresh(m.visitor).get(balanced, "/airdrop");
        if (res.status !== 200 || !(await res.text()).includes(m.email)) throw new Error(`status ${res.status}, not ${m.email}'s page`);
      });
      await step("GET /login", async () => {
        const res = await new Visitor(randomIp(), publicUrl).get(balanced, "/login");
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
      });
      served.pages += 2;
    }
  };
  const claims = async (m: Member) => {
    while (!done) {
      await step("claim", async () => {
        const res = await fresh(m.visitor).post(balanced, "/airdrop.data", { intent: "claim" });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        const { toast } = await actionData<{ toast: { kind: string; key?: string; code?: number; params?: { amount?: string } } }>(
          res.body!,
        );
        if (toast.kind !== "success" || !toast.params?.amount) throw new Error(`toast ${JSON.stringify(toast)}`);
        paid.set(m.userId, paid.get(m.userId)! + units(toast.params.amount));
        served.claims++;
      });
      await new Promise((r) => setTimeout(r, 400));
    }
  };
  /** Sign-ups of new accounts and sign-ins of the members on new devices, by turns. */
  const signIns = async () => {
    for (let i = 0; !done; i++) {
      if (i % 2 === 0) {
        await step("sign-up", async () => void (await signUpThroughWeb(through, "rolling")));
      } else {
        const m = members[i % members.length];
        await step("sign-in", async () => {
          const visitor = new Visitor(randomIp(), publicUrl);
          const page = await visitor.get(balanced, "/login");
          if (page.status !== 200) throw new Error(`GET /login: status ${page.status}`);
          codes.delete(m.email);
          const sent = await visitor.post(balanced, "/login.data", { intent: "send", email: m.email });
          const answer = await actionData<{ sent?: boolean; toast?: unknown }>(sent.body!);
          if (sent.status !== 200 || !answer.sent) throw new Error(`send: status ${sent.status}, ${JSON.stringify(answer.toast)}`);
          const code = await mailedCode(m.email);
          const signedIn = await visitor.post(balanced, "/login", { intent: "login", email: m.email, code, sent: "1" });
          if (signedIn.status !== 302) throw new Error(`sign-in post: status ${signedIn.status}`);
          if (!visitor.session().token) throw new Error("no login token in the session cookie");
        });
      }
      served.signIns++;
    }
  };
  const load = [pageViews(0), ...members.map(claims), signIns()];

  /** Until every kind of traffic has been served again since `from`: pages, each member's claims, a sign-up or sign-in. */
  const flowing = async (from: typeof served) =>
    expect
      .poll(() => served.pages >= from.pages + 20 && served.claims >= from.claims + members.length && served.signIns >= from.signIns + 2, {
        timeout: 30_000,
      })
      .toBe(true);

  // Traffic of every kind first, then each instance in turn: SIGTERM, its exit, its start, up again in HAProxy.
  await flowing({ pages: 0, claims: 0, signIns: 0 });
  const restarts: string[] = [];
  const rollStart = Date.now();
  for (const proc of [apiA, apiB, webA, webB]) {
    phase = `while ${proc.name} restarts`;
    const t0 = Date.now();
    await up.restart(proc.instance);
    restarts.push(`${proc.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const rollMs = Date.now() - rollStart;
  phase = "after the restarts";
  await flowing({ ...served });
  done = true;
  await Promise.all(load);

  console.log(
    `two-instances: rolling restart of 4 instances in ${(rollMs / 1000).toFixed(1)} s (${restarts.join(", ")}) under ` +
      `${served.pages} page views, ${served.claims} claims and ${served.signIns} sign-ups and sign-ins through HAProxy: ${failures.length} failed`,
  );
  expect(failures, "requests through the balancer that failed").toEqual([]);
  expect(served.claims, "claims were made").toBeGreaterThan(members.length);
  expect(served.signIns, "people signed in").toBeGreaterThan(1);

  // Each member gained exactly what the answers said: no claim lost, none paid twice.
  const after = await balances();
  for (const m of members)
    expect(after.get(m.userId)! - before.get(m.userId)!, `${m.email}: gained what its claims said`).toBe(paid.get(m.userId));
  const [totals] = await query<{ balances: string; claimed: string; miscounted: string; doubled: string }>(
    `select (select sum(vv) from users)::text as balances,
            (select sum(amount) from user_rounds where collected_at is not null)::text as claimed,
            (select count(*) from rounds r where r.claims <> (select count(*) from user_rounds ur
               where ur.round_number = r.round_number and ur.collected_at is not null)) as miscounted,
            (select count(*) from (select 1 from user_rounds group by user_id, round_number having count(*) > 1) d) as doubled`,
  );
  expect(totals.balances, "sum of balances = sum of the credits claimed").toBe(totals.claimed);
  expect(Number(totals.miscounted), "each round counts each claim once").toBe(0);
  expect(Number(totals.doubled), "no round credited twice to anyone").toBe(0);
});
