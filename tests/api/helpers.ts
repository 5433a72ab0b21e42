/**
 * Helpers shared by the /v1 API test files. Everything goes through the real HTTP
 * surface (app.inject) the way a client would call it; every answer is also checked
 * for leaked internals (stack traces, SQL text).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { OtpPurpose } from "#contract/accounts.ts";
import { ErrorCode } from "#contract/errors.ts";
import { runCommand } from "#api/src/cli/ops-commands.ts";
import { aliasOf, parseAlias } from "#contract/people.ts";
import { browserAt, type Browser, type PushService } from "../setup/push-service.ts";
import { client, lastCode, type Answer, type TestApi } from "../setup/test-api.ts";

let counter = 0;

/** A fresh e-mail address, unique across the run. */
export function uniqueEmail(tag = "user"): string {
  counter += 1;
  return `${tag}-${counter}-${randomBytes(3).toString("hex")}@example.com`;
}

/** A fresh client IP, so the per-IP send limit of one test never touches another. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

// What an internal failure would leak: stack traces, SQL text, driver messages. Every
// pattern needs a space, quote or parenthesis, so random tokens and ids never match.
const LEAKS = [
  /"stack"/,
  /\bstack\s*trace/i,
  /\bSELECT\s/,
  /\bselect\s[^"]*\sfrom\s/i,
  /\binsert into\s/i,
  /\bupdate\s+"\w+"\s+set\s/i,
  /failed query/i,
  /\n\s*at\s/,
  /\bat \S+ \(/,
  /\(\/?[\w./-]+:\d+:\d+\)/,
  /node_modules\//,
];

/** Fails the test when an answer contains anything that looks like a stack trace or SQL. */
export function expectNoLeak(raw: string): void {
  for (const pattern of LEAKS) expect(raw, `response leaks ${pattern}`).not.toMatch(pattern);
}

export type Caller = ReturnType<typeof caller>;

/** The harness client (did, token, ip), with every answer checked for leaks. */
export function caller(api: TestApi, defaults: { did?: string; token?: string; ip?: string } = {}) {
  const c = client(api, { ip: uniqueIp(), ...defaults });
  return {
    state: c.state,
    async call<T = any>(
      method: string,
      path: string,
      body?: unknown,
      query: Record<string, string> = {},
      headers: Record<string, string> = {},
    ): Promise<Answer<T>> {
      const answer = await c.call<T>(method, path, body, query, headers);
      expectNoLeak(JSON.stringify(answer.body));
      return answer;
    },
  };
}

/** Asserts a success envelope and returns its data. */
export function expectOk<T = any>(answer: Answer<T>): T {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
  expect(answer.status).toBe(200);
  expect(answer.body.err_msg).toBeUndefined();
  return answer.body.data as T;
}

/**
 * Asserts a failure envelope `{code, err_msg}` at the given HTTP status, with no data but the one
 * refusal that carries some: a banned account's, which may hold its appeal pass (decision 066).
 */
export function expectCode(answer: Answer, code: number, status = 200): void {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(status);
  expect(typeof answer.body.err_msg).toBe("string");
  expect(answer.body.err_msg!.length).toBeGreaterThan(0);
  if (code === ErrorCode.accountBanned && answer.body.data !== undefined) {
    expect(answer.body.data).toEqual({ appeal_pass: expect.stringMatching(/^\d+\.\d+\.[\w-]+$/), pass_expires_at: expect.any(Number) });
  } else {
    expect(answer.body.data).toBeUndefined();
  }
}

export async function newDid(api: TestApi): Promise<string> {
  const answer = await caller(api).call<{ did: string }>("GET", "/v1/user/did/");
  return expectOk(answer).did;
}

export function sendCode(c: Caller, email: string, purpose: OtpPurpose, query: Record<string, string> = {}) {
  return c.call<{ resend_after: number; did: string }>("POST", "/v1/user/vcode/send/", { email, purpose }, query);
}

/** Sends a code and returns it as read from the mail. */
export async function mailedCode(api: TestApi, c: Caller, email: string, purpose: OtpPurpose): Promise<string> {
  expectOk(await sendCode(c, email, purpose));
  return lastCode(api, email.trim().toLowerCase());
}

export function registerCall(c: Caller, email: string, code: string, extra: Record<string, unknown> = {}) {
  return c.call("POST", "/v1/user/register/", { email, code, ...extra });
}

export function loginCall(c: Caller, email: string, code: string) {
  return c.call("POST", "/v1/user/login/", { email, code });
}

/** Registers a new account through the real calls; the returned client is signed in as it. */
export async function signUp(api: TestApi, opts: { email?: string; did?: string; invite?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const c = caller(api, { did: opts.did });
  const code = await mailedCode(api, c, email, "register");
  const data = expectOk(await registerCall(c, email, code, opts.invite ? { invite_code: opts.invite } : {}));
  c.state.token = data.token;
  c.state.did = data.did;
  return { client: c, user: data.user, token: data.token as string, did: data.did as string, email };
}

/** Logs in through the real calls from the given device; returns the raw answer. */
/** Asks for a code and signs in with it; a refusal of the code's request is the answer. */
export async function logIn(api: TestApi, email: string, did: string | undefined) {
  const c = caller(api, { did });
  const sent = await sendCode(c, email, "login");
  if (sent.body.code !== 0) return { answer: sent, client: c };
  return { answer: await loginCall(c, email, lastCode(api, email.trim().toLowerCase())), client: c };
}

/** Moves the manual clock forward to the next UTC day at the given hour (never backwards). */
export function nextUtcDay(api: TestApi, hour = 8): void {
  const now = api.clock.now();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour));
  api.clock.set(next);
}

/**
 * Runs the real operator CLI (api/src/cli/ops.ts, what `npm run ops` runs) in a process of its own
 * and returns what it printed. Node with tsx's loader is the process the `tsx` command starts
 * for it; starting that directly skips npx and tsx's launcher, a second or two every run. Where
 * the process is the subject (ops-socket.test.ts, database-faults.test.ts, the CLI on PostgreSQL in
 * farms.test.ts); a command's own work is tested through `opsIn`.
 */
export async function runOps(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", ...args], {
    env,
    encoding: "utf8",
  });
  return stdout;
}

/**
 * An operator command line run in this process on the test API's database, as the CLI runs it once
 * its database is open (runCommand, audited as the machine user): what it printed. A refusal
 * rejects with its reason, as the CLI's process prints it before exiting 1.
 */
export async function opsIn(api: Pick<TestApi, "domain">, ...argv: string[]): Promise<string> {
  const { output, exitCode } = await runCommand(api.domain, argv, { machineUser: userInfo().username });
  if (exitCode !== 0) throw new Error(`exit code ${exitCode}: ${output}`);
  return output;
}

/** The signed-in caller's language, as the app's language picker sets it. */
export async function speaks(c: Caller, language: string): Promise<void> {
  expectOk(await c.call("PUT", "/v1/user/", { ui_lang: language }));
}

/** A new browser of the caller's, subscribed to Web Push at the local push service, in `zone`. */
export async function subscribeBrowser(service: PushService, c: Caller, zone = "UTC"): Promise<Browser> {
  const browser = browserAt(service);
  expectOk(await c.call("POST", "/v1/user/web_push/subscribe/", { ...browser.json, time_zone: zone }));
  return browser;
}

/** A user's alias as a reader of `language` sees it ("Fox 42"): the animal as locales/<language>/people.json names it, and the number. */
export function aliasIn(language: string, displayId: string): string {
  const { alias, animals } = JSON.parse(readFileSync(`locales/${language}/people.json`, "utf8")) as {
    alias: string;
    animals: Record<string, string>;
  };
  const { key, number } = parseAlias(aliasOf(displayId))!;
  return alias.replace("{{animal}}", animals[key]).replace("{{number}}", String(number));
}
