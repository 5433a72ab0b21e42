import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import pg from "pg";
import { TEST_HOOKS_E2E_RUN } from "#api/src/config.ts";
import { E2E } from "./env.ts";

const run = promisify(execFile);

/**
 * A server of a spec's own: the web app and the API in one process (node with tsx's loader, as
 * the global setup starts the main one), on a scratch PostgreSQL database instead of the embedded
 * PGlite, so the operator commands (api/src/cli/ops.ts) can open the same database while it runs.
 * No SMTP_URL: the mailer writes every message into DATA_DIR/outbox, where the codes are read.
 */
export interface OwnServer {
  baseUrl: string;
  /** Its API, in the same process. */
  apiUrl: string;
  dataDir: string;
  dbUrl: string;
  /** The environment the server runs with; the operator commands get the same. */
  env: NodeJS.ProcessEnv;
  /** Runs an operator command against the server's database; its standard output, trimmed. */
  ops(...args: string[]): Promise<string>;
  /** The 6-digit code in the newest mail to `email` written after `after` (ms). */
  mailedCode(email: string, after: number): Promise<string>;
  /** The end of what the server printed, for a failing test's report. */
  tail(): string;
  stop(): Promise<void>;
}

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

export async function startOwnServer(opts: {
  tag: string;
  port: number;
  apiPort: number;
  env?: Record<string, string>;
  /**
   * The test hooks on (decision 069) and the run's SESSION_SECRET, so `signedIn(page, { baseUrl,
   * apiUrl })` makes the spec's accounts here as it does on the run's servers.
   */
  testHooks?: boolean;
}): Promise<OwnServer> {
  const id = randomBytes(4).toString("hex");
  const baseUrl = `http://localhost:${opts.port}`;
  if (await answers(`${baseUrl}/healthz`)) throw new Error(`port ${opts.port} is taken: is another run of this spec going on?`);
  const dbName = `e2e_${opts.tag}_${id}`;
  await admin(`create database ${dbName}`);
  const target = new URL(ADMIN_URL);
  target.pathname = `/${dbName}`;
  const dbUrl = target.toString();
  const dataDir = join("tests/.tmp", `${opts.tag}-${id}`);
  mkdirSync(dataDir, { recursive: true });

  // A TRUST_PROXY or an SMTP_URL of the caller's shell would change what the spec relies on.
  const { TRUST_PROXY: _proxy, SMTP_URL: _smtp, UPSTREAM_URL: _upstream, REDIS_URL: _redis, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    PORT: String(opts.port),
    API_PORT: String(opts.apiPort),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    SESSION_SECRET: `own-server-${randomBytes(12).toString("hex")}`,
    OTP_MAX_PER_IP_PER_HOUR: "100000",
    // One address for every browser: sign-up friction is tested apart (signup-friction.spec.ts).
    SIGNUP_POW_IP_PER_HOUR: "100000",
    SIGNUP_POW_INVITER_PER_HOUR: "100000",
    RATE_API_PER_IP_PER_MINUTE: "1000000",
    RATE_AUTH_PER_IP_PER_MINUTE: "1000000",
    RATE_WRITES_PER_USER_PER_MINUTE: "1000000",
    RATE_WEB_PER_IP_PER_MINUTE: "1000000",
    RATE_WEB_POSTS_PER_IP_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
    ...(opts.testHooks ? { TEST_HOOKS: "1", TEST_HOOKS_IN_PRODUCTION: TEST_HOOKS_E2E_RUN, SESSION_SECRET: E2E.sessionSecret } : {}),
    ...opts.env,
  };

  let output = "";
  // As `npm run serve` starts it: node with tsx's loader, without npx and tsx's launcher above it.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode === undefined) {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
    }
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // nothing left
    }
    await admin(`drop database if exists ${dbName} with (force)`).catch((error: Error) =>
      console.warn(`could not drop ${dbName}: ${error.message}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (!(await answers(`${baseUrl}/healthz`))) {
    if (exitCode !== undefined || Date.now() > deadline) {
      await stop();
      throw new Error(`own server ${exitCode !== undefined ? `exited with ${exitCode}` : "did not start in 60 s"}\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    apiUrl: `http://127.0.0.1:${opts.apiPort}`,
    dataDir,
    dbUrl,
    env,
    tail: () => output.slice(-4000),
    stop,
    async ops(...args) {
      try {
        const { stdout } = await run(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", ...args], {
          env,
          encoding: "utf8",
        });
        return stdout.trim();
      } catch (error) {
        const e = error as { code?: number; stdout?: string; stderr?: string };
        throw new Error(`ops ${args.join(" ")} exited with ${e.code}: ${e.stderr ?? ""}${e.stdout ?? ""}`);
      }
    },
    async mailedCode(email, after) {
      const outbox = join(dataDir, "outbox");
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
        for (const file of files) {
          if (Number(file.split("-")[0]) < after) continue;
          const mail = await simpleParser(readFileSync(join(outbox, file)));
          const to = [mail.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address?.toLowerCase());
          const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
          if (to.includes(email.toLowerCase()) && code) return code;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code mailed to ${email} in ${outbox}`);
    },
  };
}
