import { generateKeyPairSync } from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { loadApiConfig } from "#api/src/config.ts";
import { nativePlatforms, nativePushStatus } from "#api/src/native-push-config.ts";
import { ConfigError } from "#lib/config/shared.ts";
import { credentialsFolder } from "../setup/native-push-services.ts";

const api = (env: Record<string, string> = {}) => loadApiConfig({ NODE_ENV: "test", API_SECRET: "unit-tests-api-secret", ...env });
const refusal = (env: Record<string, string>) => {
  try {
    api(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("no ConfigError");
};

const pem = (type: "rsa" | "ec") =>
  (type === "rsa"
    ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey
    : generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey
  )
    .export({ type: "pkcs8", format: "pem" })
    .toString();
const RSA = pem("rsa");
const EC = pem("ec");
const files = credentialsFolder();
afterAll(() => files.remove());

const FCM_FIELDS = { FCM_PROJECT_ID: "vv-app-1234", FCM_CLIENT_EMAIL: "push@vv-app-1234.iam.gserviceaccount.com" };
const apnsWith = (key = EC) => ({
  APNS_KEY_ID: "ABC123DEFG",
  APNS_TEAM_ID: "TEAM123456",
  APNS_BUNDLE_ID: "com.example.vv",
  APNS_KEY_FILE: files.write(`key-${Math.random()}.p8`, key),
});

describe("the API's native push settings", () => {
  test("FCM from the service account's fields, its key on one line with \\n, or from its JSON file", () => {
    const oneLine = RSA.trim().replace(/\n/g, "\\n");
    expect(nativePlatforms(api({ ...FCM_FIELDS, FCM_PRIVATE_KEY: oneLine }))).toEqual(["android"]);
    const account = files.write(
      "account.json",
      JSON.stringify({ type: "service_account", project_id: "vv-app-1234", client_email: FCM_FIELDS.FCM_CLIENT_EMAIL, private_key: RSA }),
    );
    const config = api({ FCM_SERVICE_ACCOUNT_FILE: account, ...apnsWith() });
    expect(nativePlatforms(config)).toEqual(["android", "ios"]);
    expect(nativePushStatus(config)).toEqual({
      on: true,
      line: "native push on: FCM (project vv-app-1234) for Android, APNs (https://api.push.apple.com) for iOS",
    });
    expect(nativePushStatus(api({ ...apnsWith(), APNS_ENVIRONMENT: "sandbox" })).line).toBe(
      "native push off: FCM credentials not set (FCM_SERVICE_ACCOUNT_FILE, or FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY); " +
        "Android app users get teammate reminders by e-mail, and no round or pause notices",
    );
  });

  test("each set in part, or its files wrong, stops the start with one line", () => {
    expect(refusal({ FCM_PROJECT_ID: "vv-app-1234" })).toBe(
      "Invalid configuration: FCM_CLIENT_EMAIL, FCM_PRIVATE_KEY: set with FCM_PROJECT_ID, or none of them",
    );
    expect(refusal({ ...FCM_FIELDS, FCM_PRIVATE_KEY: "not a key" })).toBe("Invalid configuration: FCM_PRIVATE_KEY: not a PEM private key");
    expect(refusal({ ...FCM_FIELDS, FCM_PRIVATE_KEY: EC })).toBe("Invalid configuration: FCM_PRIVATE_KEY: not an RSA private key");
    expect(refusal({ FCM_SERVICE_ACCOUNT_FILE: `${files.dir}/missing.json` })).toBe(
      `Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: cannot read ${files.dir}/missing.json (ENOENT)`,
    );
    expect(refusal({ FCM_SERVICE_ACCOUNT_FILE: files.write("empty.json", "{}") })).toMatch(
      /^Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: .*empty\.json has no project_id, client_email and private_key: not a service account key$/,
    );
    expect(refusal({ FCM_SERVICE_ACCOUNT_FILE: files.write("x.json", "{}"), FCM_PROJECT_ID: "vv-app-1234" })).toMatch(
      /^Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: set, and FCM_PROJECT_ID, FCM_CLIENT_EMAIL or FCM_PRIVATE_KEY too/,
    );
    expect(refusal(apnsWith(RSA))).toBe("Invalid configuration: APNS_KEY_FILE: not an EC private key");
    expect(refusal({ ...apnsWith(), APNS_TEAM_ID: "team" })).toMatch(/^Invalid configuration: APNS_TEAM_ID: [^\n]+$/);
    expect(refusal({ ...apnsWith(), APNS_BUNDLE_ID: "" })).toMatch(/^Invalid configuration: APNS_BUNDLE_ID: [^\n]+$/);
  });
});
