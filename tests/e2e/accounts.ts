import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { langCookie } from "#lib/visitor-language.ts";
import { E2E } from "./env.ts";
import { uniqueEmail } from "./helpers.ts";

/**
 * Accounts for the tests that are not about signing up (decision 069): made by the API's
 * test-only route (the same register() the sign-up form reaches, with a code issued and spent on
 * the spot instead of mailed), then signed in by putting into the browser the cookies a sign-up
 * leaves there, signed as the web app signs them (app/utils/cookies.server.ts, with the run's
 * SESSION_SECRET): the session (token, renewedAt), the device id, the language. The sign-up form
 * itself is tested by auth.spec.ts, signup-friction.spec.ts, rtl.spec.ts and no-javascript.spec.ts.
 */

/** The run's two servers (global-setup.ts): a page's web address and its API's. */
const SERVERS = [
  { web: E2E.baseUrl, api: `http://127.0.0.1:${E2E.apiPort}` },
  { web: E2E.clocked.baseUrl, api: `http://127.0.0.1:${E2E.clocked.apiPort}` },
];

/** The server the page's context talks to: its base URL, as a request of the context resolves it. */
async function serverOf(page: Page, baseUrl?: string, apiUrl?: string) {
  let web = baseUrl;
  if (!web) {
    try {
      web = new URL((await page.request.get("/healthz")).url()).origin;
    } catch {
      web = E2E.baseUrl; // a context without a base URL: the tests' pages name the main server's
    }
  }
  const server = SERVERS.find((s) => s.web === web);
  // A web server of a spec's own in front of one of the run's APIs (SESSION_SECRET the run's).
  if (apiUrl) return { web: web!, api: apiUrl };
  if (!server) throw new Error(`no test hooks on ${web}: signedIn works on the run's own servers`);
  return server;
}

async function hook<T>(api: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; err_msg?: string; data: T };
  if (res.status !== 200 || json.code !== 0) throw new Error(`${path}: ${res.status} ${json.code} ${json.err_msg ?? ""}`);
  return json.data;
}

const secure = false;
const sessionStorage = createCookieSessionStorage<{ token: string; renewedAt: number }>({
  cookie: { name: "vv_session", path: "/", sameSite: "lax", httpOnly: true, secure, secrets: [E2E.sessionSecret] },
});
const deviceCookie = createCookie("vv_device", { path: "/", sameSite: "lax", httpOnly: true, secure, secrets: [E2E.sessionSecret] });

/** The value of a Set-Cookie line. */
const valueOf = (setCookie: string) => setCookie.slice(setCookie.indexOf("=") + 1, setCookie.indexOf(";"));

export interface SignedIn {
  email: string;
  /** The display id the Profile tab shows ("ID 1…"). */
  displayId: string;
  userId: number;
  inviteCode: string;
  token: string;
  did: string;
}

/**
 * A new account, signed in in this page's browser context, as the sign-up leaves it (on /airdrop
 * unless `goto` says another page, or false for none). `lng` is its language (the sign-up page's
 * `?ui_lang=`), `invite` the inviter's code, `started` its airdrop started (as the first tap on
 * /airdrop does: waiting for the next round).
 */
export async function signedIn(
  page: Page,
  opts: {
    email?: string;
    lng?: string;
    invite?: string;
    started?: boolean;
    goto?: string | false;
    baseUrl?: string;
    /** The API behind a web server of the spec's own (one of the run's: its test hooks make the account). */
    apiUrl?: string;
  } = {},
): Promise<SignedIn> {
  const server = await serverOf(page, opts.baseUrl, opts.apiUrl);
  const email = opts.email ?? uniqueEmail("user");
  const lng = opts.lng ?? "en";
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const made = await hook<{ token: string; did: string; user: { id: number; display_id: string; invite_code: string; ui_lang: string } }>(
    server.api,
    "/v1/test/accounts",
    { email, ui_lang: lng, invite_code: opts.invite, user_agent: userAgent, start_airdrop: opts.started ?? false },
  );
  const session = await sessionStorage.getSession();
  session.set("token", made.token);
  session.set("renewedAt", Date.now());
  const url = server.web;
  // As long-lived as the web app makes them (cookies.server.ts, TOKEN_IDLE_DAYS's default of 30 for the session).
  const expires = (days: number) => Math.floor(Date.now() / 1000) + days * 24 * 60 * 60;
  await page.context().addCookies([
    {
      name: "vv_session",
      value: valueOf(await sessionStorage.commitSession(session)),
      url,
      httpOnly: true,
      sameSite: "Lax",
      expires: expires(30),
    },
    {
      name: "vv_device",
      value: valueOf(await deviceCookie.serialize(made.did)),
      url,
      httpOnly: true,
      sameSite: "Lax",
      expires: expires(3650),
    },
    { name: "vv_lang", value: valueOf(await langCookie.serialize(made.user.ui_lang)), url, sameSite: "Lax", expires: expires(365) },
  ]);
  const goto = opts.goto ?? "/airdrop";
  if (goto) {
    await page.goto(`${url}${goto}`);
    await expect(page).toHaveURL(new RegExp(`${goto.replace(/[?]/g, "\\?")}$`));
  }
  return {
    email,
    displayId: made.user.display_id,
    userId: made.user.id,
    inviteCode: made.user.invite_code,
    token: made.token,
    did: made.did,
  };
}

const LOCK = join(E2E.dir, "rounds.lock");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The clocked server's rounds for one test alone: every test that closes rounds there holds
 * this lock (a folder: made by one process at a time) while it runs, so no other test's round
 * closes come between its steps. A holder that died leaves its lock to be taken.
 */
export async function holdRounds(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "owner"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(LOCK, "owner"), "utf8"));
      } catch {
        // being written, or just released
      }
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Closes the clocked server's round in progress now (its clock moves to the round's close) and
 * distributes it before answering: the round number closed. Only with the rounds held
 * (fixtures.ts's `rounds`), so that no other test's rounds move under it.
 */
export async function closeRound(): Promise<number> {
  return (await hook<{ closed: number }>(SERVERS[1].api, "/v1/test/rounds/close", {})).closed;
}
