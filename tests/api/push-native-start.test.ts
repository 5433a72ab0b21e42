import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { credentialsFolder } from "../setup/native-push-services.ts";
import { freePort } from "../setup/tcp.ts";

// What an operator reads when the API starts: whether the native apps get push, and if not,
// what is missing and what their users get instead.
const folder = credentialsFolder();
afterAll(() => folder.remove());

/** Starts the standalone API (npm run api) with `env`; resolves with its output once `until` is printed, or when it ends. */
function startApi(env: Record<string, string>, until: RegExp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    if (until.test(stdout)) child.kill("SIGTERM");
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { level: number; msg: string });

test("without credentials the start says native push is off, what is missing, and what the apps' users get", async () => {
  const { stdout } = await startApi({ DATA_DIR: folder.dir, API_PORT: String(await freePort()) }, /native push/);
  const said = lines(stdout).filter((l) => l.msg.startsWith("native push"));
  expect(said).toEqual([
    expect.objectContaining({
      level: 40,
      msg:
        "native push off: FCM credentials not set (FCM_SERVICE_ACCOUNT_FILE, or FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY); " +
        "APNs credentials not set (APNS_KEY_ID, APNS_TEAM_ID, APNS_KEY_FILE and APNS_BUNDLE_ID); " +
        "Android and iOS app users get teammate reminders by e-mail, and no round or pause notices",
    }),
  ]);
});

test("credentials set in part stop the start with one line naming what is missing", async () => {
  const key = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const { code, stderr, stdout } = await startApi(
    { DATA_DIR: folder.dir, API_PORT: String(await freePort()), APNS_KEY_ID: "ABC123DEFG", APNS_KEY_FILE: folder.write("AuthKey.p8", key) },
    /listening/,
  );
  expect(code).toBe(1);
  expect(stdout).toBe("");
  expect(stderr.trimEnd().split("\n")).toEqual([
    "Invalid configuration: APNS_TEAM_ID, APNS_BUNDLE_ID: set with APNS_KEY_ID, APNS_KEY_FILE, or none of them",
  ]);
});
