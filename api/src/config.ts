import { createECDH } from "node:crypto";
import { z } from "zod";
import { CAMPAIGN_TASKS, type CampaignTask } from "#contract/campaign-states.ts";
import { CLOCK_TIME } from "#contract/notification-kinds.ts";
import {
  ConfigError,
  DEFAULT_WEB_PORT,
  int,
  localWebUrl,
  optionalUrl,
  parseSettings,
  publicUrlSetting,
  sharedSettings,
} from "#lib/config/shared.ts";
import { ensureSecret } from "#lib/secret-file.ts";
import { nativePushCredentials, nativePushSettings } from "./native-push-config.ts";

export { ConfigError };

/**
 * Every setting of the API, from the environment. The rules' numbers (domain/rules/rule-keys.ts)
 * seed rule version 1 only; after that they live in the database as versions (decision 049).
 */
/** A comma list of mail domains, lower case, blanks dropped. */
const domainList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
  );

export const apiConfigSchema = z.object({
  ...sharedSettings,
  API_HOST: z.string().default("127.0.0.1"),
  RATE_API_PER_IP_PER_MINUTE: int(600, 1),
  RATE_AUTH_PER_IP_PER_MINUTE: int(30, 1),
  RATE_WRITES_PER_USER_PER_MINUTE: int(120, 1),
  RATE_EXPORTS_PER_USER_PER_HOUR: int(10, 1),
  // A separately run API does not know the web app's PORT: the web app's own default port.
  PUBLIC_URL: publicUrlSetting.default(localWebUrl(DEFAULT_WEB_PORT)),
  DATABASE_URL: optionalUrl,
  // Decision 035. The query timeout, unset, is the statement timeout and 2 s more: PostgreSQL
  // cancels a slow statement first (the connection stays usable), the client gives up on a
  // server that answers nothing at all.
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 100),
  DATABASE_STATEMENT_TIMEOUT_MS: int(10_000, 100),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("VV <no-reply@vv.local>"),
  API_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  OTP_DIGITS: int(6, 4).pipe(z.number().max(10)),
  OTP_TTL_SECONDS: int(600, 1),
  OTP_MAX_ATTEMPTS: int(5, 1),
  OTP_RESEND_SECONDS: int(60, 0),
  OTP_MAX_PER_EMAIL_PER_HOUR: int(10, 1),
  OTP_MAX_PER_IP_PER_HOUR: int(30, 1),
  OTP_LOCK_WRONG_PER_HOUR: int(10, 1),
  OTP_LOCK_MINUTES: int(15, 1),
  DEVICE_MAX_REGISTRATIONS: int(3, 1),
  // Sign-up friction (decision 065): domains added to, or exempted from, the disposable list the
  // package brings, without a release; and the rates above which sign-up asks for a proof of work.
  DISPOSABLE_DOMAINS_EXTRA: domainList,
  DISPOSABLE_DOMAINS_ALLOW: domainList,
  SIGNUP_POW_IP_PER_HOUR: int(10, 1),
  SIGNUP_POW_INVITER_PER_HOUR: int(20, 1),
  /** The proof's difficulty: the browser tries up to this many numbers, half of them on average. */
  SIGNUP_POW_MAX_NUMBER: int(50_000, 10),
  SIGNUP_POW_TTL_SECONDS: int(600, 30),
  /** Without JavaScript, the wait the server imposes instead of the proof. */
  SIGNUP_WAIT_SECONDS: int(30, 1),
  /** A session's "last seen" is written at most this often, not on every call. */
  SESSION_TOUCH_MINUTES: int(5, 1),
  /** How long the "Not you?" link of a new-device e-mail can sign that session out. */
  SESSION_END_LINK_HOURS: int(72, 1),
  DEVICE_ACCOUNTS_PER_DAY: int(1, 1),
  /** How long a passkey request (its challenge) can be answered. */
  PASSKEY_CHALLENGE_SECONDS: int(300, 30),
  PASSKEYS_PER_USER: int(10, 1),
  /** How long the enrolment code `npm run ops -- operator-add` mails stays good (decision 063). */
  OPERATOR_ENROL_HOURS: int(24, 1),
  /** A console session ends after this long without a call... */
  OPERATOR_IDLE_MINUTES: int(30, 1),
  /** ...and this long after its sign-in, whatever happens. */
  OPERATOR_SESSION_HOURS: int(8, 1),
  /** How long a banned account's proof (a sign-in, decision 066) lets it read why and appeal. */
  APPEAL_PASS_MINUTES: int(60, 5),
  /** After an appeal is upheld, how long until the account may appeal again. */
  APPEAL_AGAIN_DAYS: int(30, 1),
  ROUND_SECONDS: int(28800, 1),
  ROUND_EPOCH: z.iso.datetime({ offset: true }).default("2026-01-01T00:00:00Z"),
  VV_PER_POWER_PER_ROUND: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, "a decimal with at most 8 places")
    .default("0.01"),
  SUSPEND_THRESHOLD: int(3, 1),
  START_POWER: int(100, 0),
  TEAM_L1_PERCENT: int(25, 0),
  TEAM_L2_PERCENT: int(5, 0),
  BIND_POWER: int(20, 0),
  FOLLOW_POWER: int(50, 0),
  FOLLOW_WAIT_SECONDS: int(300, 0),
  INVITE_POWER: int(100, 0),
  INVITE_FRIENDS: int(3, 1),
  UPGRADE_POWER: int(50, 0),
  APP_LATEST_VCODE: int(1, 0),
  SCHEDULER_TICK_MS: int(5000, 100),
  REMIND_PER_DAY: int(2, 1),
  REMIND_GAP_SECONDS: int(14400, 0),
  STONE_SCHEDULE: z
    .string()
    .regex(/^(\d+x\d+,)*\*x\d+$/, "runs like 32x1,16x2,8x4,2x16,*x32 (count x days between stones; * for the rest)")
    .default("32x1,16x2,8x4,2x16,*x32"),
  STONE_MAX: int(5, 1),
  STONE_POWER_MIN: int(10, 1),
  STONE_POWER_MAX: int(100, 1),
  STONE_RATIOS: z
    .string()
    .regex(/^\d+(,\d+){3}$/, "four percentages, lowest first, like 5,10,15,20")
    .default("5,10,15,20"),
  GIFT_BOXES_PER_DAY: int(2, 1),
  GIFT_BOXES_MAX: int(10, 1),
  GIFT_POWER: int(10, 0),
  // Not a rule itself: how far ahead a new rule version must be scheduled, so users see it first.
  MIN_RULES_NOTICE_HOURS: int(24, 1),
  UPLOAD_MAX_SIDE: int(4096, 64),
  AVATAR_SIDE: int(512, 32),
  LOCATION_GRID_DEGREES: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, "a decimal with at most 6 places, like 0.01")
    .refine((v) => Number(v) > 0 && Number(v) <= 1, "more than 0 and at most 1 (degrees)")
    .default("0.01"),
  // Half the Earth's circumference: no two points are farther apart.
  NEARBY_RADIUS_KM: int(50, 1).pipe(z.number().max(20_000)),
  NEARBY_LIMIT: int(100, 1),
  OUTBOX_TICK_MS: int(2000, 100),
  // Jobs one pass takes and runs at once; a full pass is followed by the next at once.
  JOBS_BATCH: int(50, 1),
  OUTBOX_RETRY_SECONDS: int(60, 1),
  OUTBOX_MAX_ATTEMPTS: int(8, 1),
  CAMPAIGN_PHOTO_SIDE: int(1024, 64),
  CAMPAIGN_REQUIRED_TASKS: z
    .string()
    .default("start_airdrop,bind_social")
    .transform((v) =>
      v
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((t) => (CAMPAIGN_TASKS as readonly string[]).includes(t)),
      `a comma-separated list of ${CAMPAIGN_TASKS.join(", ")}`,
    )
    .transform((list) => list as CampaignTask[]),
  CAMPAIGN_ANNOUNCE_URL: optionalUrl,
  // Unset while the date is not decided: the page then promises no date.
  CAMPAIGN_ANNOUNCE_AT: z.iso.datetime({ offset: true }).optional(),
  X_BEARER_TOKEN: z.string().optional(),
  X_API_URL: z.url().default("https://api.x.com"),
  X_OFFICIAL_HANDLE: z
    .string()
    .regex(/^@?[A-Za-z0-9_]{1,15}$/, "an X handle")
    .default("@vv_official"),
  // Web Push (docs/decisions/043). The key pair: both or neither; neither: a pair kept in the database.
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^B[A-Za-z0-9_-]{86}$/, "a P-256 public key, 65 bytes in base64url")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key, 32 bytes in base64url")
    .optional(),
  // Unset: the MAIL_FROM address as mailto: (vapidSubject).
  VAPID_SUBJECT: z.string().trim().refine(isVapidSubject, "a mailto: address or an https: URL on a public host").optional(),
  // Only the tests' local push endpoint needs it: a client could otherwise make the API post
  // into the private network.
  PUSH_ENDPOINT_ALLOW_LOCAL: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  PUSH_SEND_TIMEOUT_MS: int(10_000, 100),
  PUSH_SUBSCRIPTIONS_PER_USER: int(10, 1),
  // Notifications due in a browser's night wait for its end, in the browser's own time zone:
  // the quiet hours of every user who has not chosen their own (docs/decisions/046).
  PUSH_QUIET_START: z.string().regex(CLOCK_TIME, "a time of day, HH:MM").default("22:00"),
  PUSH_QUIET_END: z.string().regex(CLOCK_TIME, "a time of day, HH:MM").default("08:00"),
  PUSH_SPREAD_SECONDS: int(60, 0),
  // The round e-mail's List-Unsubscribe also names this mailbox, when set: only one whose mail
  // someone reads and acts on (MAIL_FROM is usually a no-reply address).
  MAIL_UNSUBSCRIBE_ADDRESS: z.email().optional(),
  ...nativePushSettings,
  // Longer than the default night (10 h), so a reminder sent at bedtime arrives on waking; a
  // nudge older than that is stale news, and by then the team may remind again the next UTC day.
  PUSH_REMIND_EXPIRY_SECONDS: int(43_200, 60),
  // Farm signals (docs/decisions/064): what is kept (FARM_EVIDENCE_DAYS is shared: the privacy page says it), how accounts are linked, what each signal weighs.
  FARM_EVIDENCE_SWEEP_MINUTES: int(60, 1),
  FARM_MIN_CLUSTER: int(5, 2),
  FARM_MIN_SCORE: int(40, 0),
  FARM_IP_WINDOW_MINUTES: int(60, 1),
  FARM_BURST_SIGNUPS: int(5, 2),
  FARM_BURST_MINUTES: int(60, 1),
  FARM_SEQUENCE_MIN: int(3, 2),
  FARM_TIMING_TOLERANCE_SECONDS: int(1, 0),
  FARM_WEIGHT_DEVICE: int(30, 0),
  FARM_WEIGHT_IP_PREFIX: int(20, 0),
  FARM_WEIGHT_INVITER_BURST: int(20, 0),
  FARM_WEIGHT_TIMING: int(15, 0),
  FARM_WEIGHT_START_ONLY: int(10, 0),
  FARM_WEIGHT_SEQUENCE: int(10, 0),
  FARM_WEIGHT_DISPOSABLE: int(10, 0),
  FARM_WEIGHT_SAME_MAILBOX: int(15, 0),
  // Decision 069: the end-to-end run's test-only routes (/v1/test/...: make an account, close a
  // round). Off unless set; with NODE_ENV=production refused at boot unless
  // TEST_HOOKS_IN_PRODUCTION names the one run that may combine them.
  TEST_HOOKS: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  TEST_HOOKS_IN_PRODUCTION: z.string().optional(),
});

/** The only value of TEST_HOOKS_IN_PRODUCTION that lets TEST_HOOKS run with NODE_ENV=production: the e2e run's. */
export const TEST_HOOKS_E2E_RUN = "e2e-run-only";

export type ApiConfig = z.infer<typeof apiConfigSchema> & { API_SECRET: string };

/** The database's timeouts as openDatabase takes them (decision 035). */
export function databaseTimeouts(
  config: Pick<ApiConfig, "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_STATEMENT_TIMEOUT_MS" | "DATABASE_QUERY_TIMEOUT_MS">,
) {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    queryMs: config.DATABASE_QUERY_TIMEOUT_MS ?? config.DATABASE_STATEMENT_TIMEOUT_MS + 2_000,
  };
}

/** An address on the web app, for links in mail and invite links. */
export function publicUrl(config: { PUBLIC_URL: string }, path: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, "")}${path}`;
}

/**
 * Push services accept a VAPID subject only as a mailto: address or an https: URL, and some
 * refuse one on localhost.
 */
function isVapidSubject(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("mailto:")) return /^mailto:[^@<>,;]+@[^@<>,;]+\.[^@<>,;]+$/.test(value);
  if (!value.startsWith("https://") || !URL.canParse(value)) return false;
  const host = new URL(value).hostname;
  return host.includes(".") && host !== "localhost" && !host.endsWith(".localhost");
}

/** The VAPID subject: VAPID_SUBJECT, or MAIL_FROM's address as mailto:. */
export function vapidSubject(config: Pick<ApiConfig, "VAPID_SUBJECT" | "MAIL_FROM">): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^<>]+)>\s*$/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  const subject = `mailto:${address.trim()}`;
  if (!isVapidSubject(subject)) {
    throw new ConfigError(`Invalid configuration: VAPID_SUBJECT: unset, and MAIL_FROM holds no e-mail address to use instead`);
  }
  return subject;
}

/** The configured VAPID key pair, when there is one: both keys, of one pair, or a ConfigError. */
function checkVapidKeys(config: Pick<ApiConfig, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">): void {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey && !privateKey) return;
  if (!publicKey || !privateKey) {
    throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither");
  }
  const ecdh = createECDH("prime256v1");
  let derived: string;
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    derived = ecdh.getPublicKey("base64url");
  } catch {
    throw new ConfigError("Invalid configuration: VAPID_PRIVATE_KEY: not a P-256 private key");
  }
  if (derived !== publicKey) throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY");
}

/** DATABASE_URL names a database that cannot be reached or opened at start: one line, like a ConfigError. */
export class DatabaseUnreachableError extends Error {}

/** Parses the environment; a bad value throws one line that names the variable. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const config = parseSettings(apiConfigSchema, env);
  if (config.TEST_HOOKS && config.NODE_ENV === "production" && config.TEST_HOOKS_IN_PRODUCTION !== TEST_HOOKS_E2E_RUN) {
    throw new ConfigError(
      `Invalid configuration: TEST_HOOKS: test-only routes are refused with NODE_ENV=production (the e2e run sets TEST_HOOKS_IN_PRODUCTION=${TEST_HOOKS_E2E_RUN})`,
    );
  }
  checkVapidKeys(config);
  nativePushCredentials(config);
  return {
    ...config,
    VAPID_SUBJECT: vapidSubject(config),
    // Resolved here so `npm run ops -- config` shows the effective value.
    DATABASE_QUERY_TIMEOUT_MS: databaseTimeouts(config).queryMs,
    API_SECRET: config.API_SECRET || ensureSecret(config.DATA_DIR, "api-secret"),
  };
}
