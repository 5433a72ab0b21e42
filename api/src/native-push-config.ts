import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "#lib/config/shared.ts";

/**
 * The native apps' push services (docs/decisions/047): FCM HTTP v1 for the Android app, APNs
 * with token auth for the iOS app. Each is on only when its credentials are set; part of them
 * set stops the start.
 */
export const nativePushSettings = {
  // A service account's JSON key as the Firebase console downloads it, or its three fields.
  FCM_SERVICE_ACCOUNT_FILE: z.string().trim().min(1).optional(),
  FCM_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a Firebase project id, like vv-app-1234")
    .optional(),
  FCM_CLIENT_EMAIL: z.email("the service account's e-mail address").optional(),
  // PEM; "\n" written as two characters (one-line environment files) is read as a line break.
  FCM_PRIVATE_KEY: z.string().trim().min(1).optional(),
  FCM_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  FCM_URL: z.url().default("https://fcm.googleapis.com"),
  APNS_KEY_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, "the key's 10-character id")
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, "the 10-character team id")
    .optional(),
  // The .p8 file Apple lets one download once, when the key is made.
  APNS_KEY_FILE: z.string().trim().min(1).optional(),
  // The iOS app's bundle id: the topic of every notification.
  APNS_BUNDLE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "a bundle id, like com.example.vv")
    .optional(),
  // Tokens of a development build are only known to the sandbox.
  APNS_ENVIRONMENT: z.enum(["production", "sandbox"]).default("production"),
  // Unset: Apple's host for APNS_ENVIRONMENT.
  APNS_URL: z.url().optional(),
  // Certificates (PEM) trusted for APNS_URL besides the system's: the tests' local APNs.
  APNS_CA_FILE: z.string().trim().min(1).optional(),
};

type NativePushSettings = z.output<z.ZodObject<typeof nativePushSettings>>;

export interface FcmCredentials {
  projectId: string;
  clientEmail: string;
  privateKey: KeyObject;
  tokenUrl: string;
  baseUrl: string;
}

export interface ApnsCredentials {
  keyId: string;
  teamId: string;
  privateKey: KeyObject;
  bundleId: string;
  url: string;
  ca?: string;
}

export interface NativePushCredentials {
  fcm: FcmCredentials | null;
  apns: ApnsCredentials | null;
}

const APNS_HOSTS = { production: "https://api.push.apple.com", sandbox: "https://api.sandbox.push.apple.com" };

function invalid(setting: string, problem: string): ConfigError {
  return new ConfigError(`Invalid configuration: ${setting}: ${problem}`);
}

function readSetting(setting: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw invalid(setting, `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function privateKeyOf(setting: string, pem: string, type: "rsa" | "ec"): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem.replace(/\\n/g, "\n"));
  } catch {
    throw invalid(setting, "not a PEM private key");
  }
  if (key.asymmetricKeyType !== type) throw invalid(setting, `not an ${type.toUpperCase()} private key`);
  if (type === "ec" && key.asymmetricKeyDetails?.namedCurve !== "prime256v1") throw invalid(setting, "not a P-256 key");
  return key;
}

/** Each named setting, set or not: all of a group or none, else the unset ones are named. */
function allOrNone(group: Record<string, string | undefined>): boolean {
  const unset = Object.keys(group).filter((name) => !group[name]);
  if (unset.length === Object.keys(group).length) return false;
  if (unset.length)
    throw invalid(
      unset.join(", "),
      `set with ${Object.keys(group)
        .filter((n) => group[n])
        .join(", ")}, or none of them`,
    );
  return true;
}

function fcmOf(settings: NativePushSettings): FcmCredentials | null {
  const fields = {
    FCM_PROJECT_ID: settings.FCM_PROJECT_ID,
    FCM_CLIENT_EMAIL: settings.FCM_CLIENT_EMAIL,
    FCM_PRIVATE_KEY: settings.FCM_PRIVATE_KEY,
  };
  const endpoints = { tokenUrl: settings.FCM_TOKEN_URL, baseUrl: settings.FCM_URL };
  const file = settings.FCM_SERVICE_ACCOUNT_FILE;
  if (file) {
    if (Object.values(fields).some(Boolean)) {
      throw invalid("FCM_SERVICE_ACCOUNT_FILE", "set, and FCM_PROJECT_ID, FCM_CLIENT_EMAIL or FCM_PRIVATE_KEY too: set one or the other");
    }
    let account: { project_id?: unknown; client_email?: unknown; private_key?: unknown };
    try {
      account = JSON.parse(readSetting("FCM_SERVICE_ACCOUNT_FILE", file));
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw invalid("FCM_SERVICE_ACCOUNT_FILE", `${file} is not JSON`);
    }
    const { project_id: projectId, client_email: clientEmail, private_key: privateKey } = account;
    if (typeof projectId !== "string" || typeof clientEmail !== "string" || typeof privateKey !== "string") {
      throw invalid("FCM_SERVICE_ACCOUNT_FILE", `${file} has no project_id, client_email and private_key: not a service account key`);
    }
    return { projectId, clientEmail, privateKey: privateKeyOf("FCM_SERVICE_ACCOUNT_FILE", privateKey, "rsa"), ...endpoints };
  }
  if (!allOrNone(fields)) return null;
  return {
    projectId: fields.FCM_PROJECT_ID!,
    clientEmail: fields.FCM_CLIENT_EMAIL!,
    privateKey: privateKeyOf("FCM_PRIVATE_KEY", fields.FCM_PRIVATE_KEY!, "rsa"),
    ...endpoints,
  };
}

function apnsOf(settings: NativePushSettings): ApnsCredentials | null {
  const group = {
    APNS_KEY_ID: settings.APNS_KEY_ID,
    APNS_TEAM_ID: settings.APNS_TEAM_ID,
    APNS_KEY_FILE: settings.APNS_KEY_FILE,
    APNS_BUNDLE_ID: settings.APNS_BUNDLE_ID,
  };
  if (!allOrNone(group)) return null;
  return {
    keyId: group.APNS_KEY_ID!,
    teamId: group.APNS_TEAM_ID!,
    privateKey: privateKeyOf("APNS_KEY_FILE", readSetting("APNS_KEY_FILE", group.APNS_KEY_FILE!), "ec"),
    bundleId: group.APNS_BUNDLE_ID!,
    url: settings.APNS_URL ?? APNS_HOSTS[settings.APNS_ENVIRONMENT],
    ...(settings.APNS_CA_FILE ? { ca: readSetting("APNS_CA_FILE", settings.APNS_CA_FILE) } : {}),
  };
}

// Read once per configuration: every send needs them, and the files do not change while it runs.
const loaded = new WeakMap<NativePushSettings, NativePushCredentials>();

/** The push services the settings enable; a ConfigError when they are set in part or their files are wrong. */
export function nativePushCredentials(settings: NativePushSettings): NativePushCredentials {
  let credentials = loaded.get(settings);
  if (!credentials) {
    credentials = { fcm: fcmOf(settings), apns: apnsOf(settings) };
    loaded.set(settings, credentials);
  }
  return credentials;
}

/** The app platforms whose push service is on, as push_tokens names them. */
export function nativePlatforms(settings: NativePushSettings): ("android" | "ios")[] {
  const { fcm, apns } = nativePushCredentials(settings);
  return [...(fcm ? ["android" as const] : []), ...(apns ? ["ios" as const] : [])];
}

/**
 * The start's line about native push, for operators. Without a push service the app's users
 * still get what is mailed (a teammate's reminder); round and pause notices have no e-mail.
 */
export function nativePushStatus(settings: NativePushSettings): { on: boolean; line: string } {
  const { fcm, apns } = nativePushCredentials(settings);
  if (fcm && apns) return { on: true, line: `native push on: FCM (project ${fcm.projectId}) for Android, APNs (${apns.url}) for iOS` };
  const missing = [
    ...(fcm ? [] : ["FCM credentials not set (FCM_SERVICE_ACCOUNT_FILE, or FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY)"]),
    ...(apns ? [] : ["APNs credentials not set (APNS_KEY_ID, APNS_TEAM_ID, APNS_KEY_FILE and APNS_BUNDLE_ID)"]),
  ];
  const who = [...(fcm ? [] : ["Android"]), ...(apns ? [] : ["iOS"])].join(" and ");
  return {
    on: false,
    line: `native push off: ${missing.join("; ")}; ${who} app users get teammate reminders by e-mail, and no round or pause notices`,
  };
}
