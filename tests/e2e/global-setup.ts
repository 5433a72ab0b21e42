import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sharp from "sharp";
import { catchMail } from "../setup/smtp-catcher.ts";
import { TEST_HOOKS_E2E_RUN } from "#api/src/config.ts";
import { E2E, mailFileName } from "./env.ts";

/**
 * A real SMTP server that keeps every message as JSON for the tests to read, the
 * production build started as `npm start` would, on a data folder of its own, and one
 * device banned beforehand through the operator command; beside it the same build whose clock the
 * tests move (E2E.clocked), sending to the same SMTP server.
 */
/**
 * The production build as `npm run serve` runs it (node with tsx's loader: npx and tsx's launcher
 * would be two more processes to start), once it answers /healthz.
 */
async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${env.PUBLIC_URL}/healthz`);
      if (res.ok) return server;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`server on ${env.PUBLIC_URL} exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      process.kill(-server.pid!, "SIGTERM");
      throw new Error(`server on ${env.PUBLIC_URL} did not start in 60 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function globalSetup() {
  rmSync(E2E.dir, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  mkdirSync(E2E.shotsDir, { recursive: true });

  let seq = 0;
  const { server: smtp } = await catchMail((mail) => {
    const to = [mail.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .flatMap((v) => (v.address ? [v.address] : []));
    const file = join(E2E.mailDir, mailFileName(Date.now(), seq++, to));
    // The one-click unsubscribe's headers, unfolded, by their lower-case names.
    const headers = Object.fromEntries(
      mail.headerLines
        .filter((h) => h.key.startsWith("list-"))
        .map((h) => [
          h.key,
          h.line
            .slice(h.line.indexOf(":") + 1)
            .replace(/\r\n\s+/g, " ")
            .trim(),
        ]),
    );
    writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html, headers }));
  }, E2E.smtpPort);

  // Every tile is the same plain square: the tests look for the map's requests, not its picture.
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#dfe8d8" } })
    .png()
    .toBuffer();
  const tiles = createServer((req, res) => {
    if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" }).end(tile);
  });
  await new Promise<void>((resolve) => tiles.listen(E2E.tilePort, "127.0.0.1", resolve));

  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    PORT: String(E2E.port),
    API_PORT: String(E2E.apiPort),
    PUBLIC_URL: E2E.baseUrl,
    DATA_DIR: E2E.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    SESSION_SECRET: E2E.sessionSecret,
    OTP_TTL_SECONDS: String(E2E.otpTtlSeconds),
    OTP_MAX_PER_IP_PER_HOUR: "100000",
    // One address for every browser: sign-up friction is tested apart (signup-friction.spec.ts).
    SIGNUP_POW_IP_PER_HOUR: "100000",
    SIGNUP_POW_INVITER_PER_HOUR: "100000",
    ROUND_SECONDS: String(E2E.roundSeconds),
    FOLLOW_WAIT_SECONDS: String(E2E.followWaitSeconds),
    REQUEST_TIMEOUT_MS: String(E2E.requestTimeoutMs),
    // Every browser here is 127.0.0.1: the limits are tested apart (tests/api/rate-limits, tests/app/request-guards).
    RATE_API_PER_IP_PER_MINUTE: "1000000",
    RATE_AUTH_PER_IP_PER_MINUTE: "1000000",
    RATE_WRITES_PER_USER_PER_MINUTE: "1000000",
    RATE_WEB_PER_IP_PER_MINUTE: "1000000",
    RATE_WEB_POSTS_PER_IP_PER_MINUTE: "1000000",
    SCHEDULER_TICK_MS: "500",
    APP_LATEST_VCODE: "20",
    NATIVE_APP_KEY: E2E.nativeAppKey,
    ...E2E.appLinks,
    LOG_LEVEL: "warn",
    MAP_TILE_URL: `http://127.0.0.1:${E2E.tilePort}/tiles/{z}/{x}/{y}.png`,
    MAP_TILE_ATTRIBUTION: "Test tiles",
    // The notifications test's push service is a server of its own on 127.0.0.1.
    PUSH_ENDPOINT_ALLOW_LOCAL: "true",
    // A round's notifications go out within a second, at any hour the suite runs (no quiet hours).
    PUSH_SPREAD_SECONDS: "1",
    PUSH_QUIET_START: "00:00",
    PUSH_QUIET_END: "00:00",
    // The test-only routes (decision 069): accounts made directly, rounds closed when a test says.
    TEST_HOOKS: "1",
    TEST_HOOKS_IN_PRODUCTION: TEST_HOOKS_E2E_RUN,
  };
  const ban = spawnSync(process.execPath, ["--import", "tsx", "api/src/cli/ops.ts", "ban-device", E2E.bannedDid], {
    env,
    encoding: "utf8",
  });
  if (ban.status !== 0) throw new Error(`ops ban-device failed: ${ban.stderr}`);

  // Both start at once: the second costs the run no wait of its own.
  const starts = await Promise.allSettled([
    startServer(env),
    startServer({
      ...env,
      PORT: String(E2E.clocked.port),
      API_PORT: String(E2E.clocked.apiPort),
      PUBLIC_URL: E2E.clocked.baseUrl,
      DATA_DIR: E2E.clocked.dataDir,
      ROUND_SECONDS: String(E2E.clocked.roundSeconds),
    }),
  ]);
  const servers = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = starts.find((start) => start.status === "rejected");
  if (failed) {
    for (const server of servers) process.kill(-server.pid!, "SIGTERM");
    throw failed.reason;
  }

  return async () => {
    for (const server of servers) process.kill(-server.pid!, "SIGTERM");
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    tiles.closeAllConnections();
    await new Promise<void>((resolve) => tiles.close(() => resolve()));
  };
}
