import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openAsBlob, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "#api/src/app.ts";
import { ManualClock } from "#api/src/lib/clock.ts";
import { apiConfigSchema, type ApiConfig } from "#api/src/config.ts";
import { openDatabase, type Database } from "#api/src/db/client.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { catchUp, type DistributionResult } from "#api/src/domain/airdrop/distribution.ts";
import { openRuleBook, refreshRules } from "#api/src/domain/rules/versions.ts";
import type { Mailer, MailMessage } from "#api/src/mail/mailer.ts";
import type { JobsResult } from "#api/src/jobs/queue.ts";
import { runJobs } from "#api/src/jobs/worker.ts";
import { deliverDue, type DeliveryResult } from "#api/src/mail/outbox.ts";
import { socialFor } from "#api/src/social/choose.ts";
import type { SocialNetwork } from "#api/src/social/social.ts";

export interface TestApi {
  app: FastifyInstance;
  clock: ManualClock;
  config: ApiConfig;
  database: Database;
  /** The PostgreSQL database's address, when the suite runs on PostgreSQL: a second instance opens it. */
  databaseUrl?: string;
  mails: MailMessage[];
  failMail: { next: boolean };
  domain: DomainContext;
  /** Runs the round scheduler once, at the test clock's time. */
  distribute(): Promise<DistributionResult[]>;
  /** Runs the mail outbox worker once, at the test clock's time. */
  deliverMail(): Promise<DeliveryResult>;
  /** Runs the job worker once (every kind), at the test clock's time. */
  runJobs(): Promise<JobsResult>;
  close(): Promise<void>;
}

// PGlite's initdb takes seconds and the suite opens about a hundred databases, so each starts as
// a copy of one migrated database instead (openDatabase's `template`: about a second). The first
// test file of a run to need one makes its own database as usual, dumps it where global-setup.ts
// says, and goes on using it; the others read the dump, or wait while it is written. It is made
// anew every run, so it always holds the current migrations, and a run of unit tests alone makes
// none.

/** This run's template, or undefined when none comes (its writer died); `made` is set when this call made it. */
async function templateAt(path: string, dataDir: string | undefined): Promise<{ blob?: Blob; made?: Database }> {
  const lock = `${path}.lock`;
  // Far beyond the seconds writing it takes: only a writer that died is waited for this long.
  const deadline = Date.now() + 60_000;
  while (!existsSync(path)) {
    try {
      closeSync(openSync(lock, "wx"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) return {};
      await sleep(50);
      continue;
    }
    try {
      const made = await openDatabase({ dataDir });
      const dump = await (made.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
      // Renamed into place whole, so a reader never sees half of it.
      writeFileSync(`${path}.${process.pid}`, new Uint8Array(await dump.arrayBuffer()));
      renameSync(`${path}.${process.pid}`, path);
      return { blob: dump, made };
    } catch (error) {
      rmSync(lock, { force: true });
      throw error;
    }
  }
  // Read from the file when loaded, not copied into memory first (a quarter second).
  return { blob: await openAsBlob(path) };
}

let template: Promise<Blob | undefined> | undefined;

/** A migrated PGlite database: in memory, or in `dataDir` as a first start leaves it there. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const path = inject("pgliteTemplate");
  // Run without global-setup.ts (another config): an empty database, migrated here.
  if (!path) return openDatabase({ dataDir });
  if (!template) {
    const found = templateAt(path, dataDir);
    template = found.then(({ blob }) => blob);
    // Its failure is this call's, through `found`; later calls meet it when they await it.
    template.catch(() => {});
    const { made } = await found;
    if (made) return made;
  }
  return openDatabase({ dataDir, template: await template });
}

/**
 * A fresh API for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a PostgreSQL database of its own that is created here and dropped on close.
 */
export async function createTestApi(
  overrides: Partial<Record<keyof ApiConfig, string>> = {},
  opts: { social?: SocialNetwork } = {},
): Promise<TestApi> {
  const config = {
    // Rate limits count real time, not the test clock: high unless a test sets them.
    ...apiConfigSchema.parse({
      NODE_ENV: "test",
      DATA_DIR: "tests/.tmp",
      LOG_LEVEL: "silent",
      RATE_API_PER_IP_PER_MINUTE: "1000000",
      RATE_AUTH_PER_IP_PER_MINUTE: "1000000",
      RATE_WRITES_PER_USER_PER_MINUTE: "1000000",
      // Sign-up friction too: many tests sign many people up from one address or under one inviter.
      SIGNUP_POW_IP_PER_HOUR: "1000000",
      SIGNUP_POW_INVITER_PER_HOUR: "1000000",
      ...overrides,
    }),
    API_SECRET: "test-secret",
  };
  const admin = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (admin) {
    const name = `vv_test_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    // A copy of the database global-setup.ts migrated: quicker than migrating an empty one.
    const template = inject("postgresTemplate");
    await client.query(`create database ${name}${template ? ` template ${template}` : ""}`);
    await client.end();
    const target = new URL(admin);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = url ? await openDatabase({ url }) : await openPglite();
  const clock = new ManualClock(new Date("2026-03-01T08:00:00Z"));
  const mails: MailMessage[] = [];
  const failMail = { next: false };
  const mailer: Mailer = {
    target: "memory",
    async send(message) {
      if (failMail.next) {
        failMail.next = false;
        throw new Error("smtp down");
      }
      mails.push(message);
    },
  };
  const ruleBook = await openRuleBook({ db: database.db, config, clock }, { seed: true });
  const domain: DomainContext = { db: database.db, config, ruleBook, clock, mailer, social: opts.social ?? socialFor(config) };
  const app = await buildApp(domain, { logger: false });
  await app.ready();
  return {
    app,
    clock,
    config,
    database,
    databaseUrl: url,
    mails,
    failMail,
    domain,
    distribute: async () => {
      await refreshRules(domain);
      return catchUp(domain);
    },
    deliverMail: () => deliverDue(domain),
    runJobs: () => runJobs(domain),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export interface Answer<T = any> {
  status: number;
  body: { code: number; err_msg?: string; data?: T };
  headers?: Record<string, string | string[] | number | undefined>;
}

/**
 * A client of the test API that speaks the way the web app does (query params, HIN token), and
 * keeps the device id a code was sent for, as the web app does, so the sign-in comes from it.
 */
export function client(api: TestApi, defaults: { did?: string; token?: string; ip?: string } = {}) {
  const state = { ...defaults };
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const qs = new URLSearchParams({ os: "web", vcode: "1", ...(state.did ? { did: state.did } : {}), ...query });
    const res = await api.app.inject({
      method: method as "GET",
      url: `${path}?${qs}`,
      headers: { ...headers, ...(state.token ? { authorization: `HIN ${state.token}` } : {}) },
      remoteAddress: state.ip ?? "127.0.0.1",
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const answer: Answer<T> = { status: res.statusCode, body: res.json(), headers: res.headers };
    const sentFor = (answer.body.data as { did?: unknown } | undefined)?.did;
    if (path === "/v1/user/vcode/send/" && typeof sentFor === "string") state.did = sentFor;
    return answer;
  }
  return { state, call };
}

/** The code in the last mail sent to this address. */
export function lastCode(api: TestApi, email: string): string {
  const mail = [...api.mails].reverse().find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Registers an account through the real calls and returns a client signed in as it. */
export async function signUp(api: TestApi, email: string, opts: { did?: string; invite?: string } = {}) {
  const c = client(api, { did: opts.did });
  const sent = await c.call("POST", "/v1/user/vcode/send/", { email, purpose: "register" });
  if (sent.body.code !== 0) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
  const reg = await c.call("POST", "/v1/user/register/", { email, code: lastCode(api, email), invite_code: opts.invite });
  if (reg.body.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  c.state.token = reg.body.data.token;
  c.state.did = reg.body.data.did;
  return { client: c, user: reg.body.data.user };
}
