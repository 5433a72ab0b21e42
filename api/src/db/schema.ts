import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    displayId: text("display_id").notNull(),
    /** The address as typed (lower-cased), the one mail goes to; null once the account is deleted. */
    email: text("email"),
    /**
     * The mailbox the address reaches (docs/decisions/037): computed by the database from `email`
     * with the same rules as canonicalEmail(), so a deletion that clears the e-mail clears it too.
     */
    emailCanonical: text("email_canonical").generatedAlwaysAs(sql`vv_canonical_email("email")`),
    /**
     * 0, so one canonical form is one account. Migration 0007 gave an account whose e-mail had
     * the same canonical form as an older account's its own id here: both stay (decision 037).
     */
    emailSlot: bigint("email_slot", { mode: "number" }).notNull().default(0),
    name: text("name").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    avatarNew: text("avatar_new").notNull().default(""),
    avatarStatus: integer("avatar_status").notNull().default(0),
    /** When the avatar waiting for review arrived: the console's queue is in this order. */
    avatarNewAt: tz("avatar_new_at"),
    /** Why an operator turned the last avatar down: a key of contract/moderation.ts the user reads in their language. */
    avatarRejectReason: text("avatar_reject_reason").notNull().default(""),
    statusIcon: integer("user_status_icon").references((): AnyPgColumn => statusIcons.id),
    btc: bigint("btc", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    vv: bigint("vv", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    lang: text("lang").notNull().default("en"),
    uiLang: text("ui_lang").notNull().default("en"),
    inviteCode: text("invite_code").notNull(),
    inviterId: bigint("inviter_id", { mode: "number" }).references((): AnyPgColumn => users.id),
    /** Own Soul Power; Team Power is derived from the team at read and distribution time. */
    power: integer("power").notNull().default(0),
    socialHandle: text("social_handle"),
    followedAt: tz("followed_at"),
    registerDid: text("register_did"),
    bannedAt: tz("banned_at"),
    /** Why the account is banned: a key of contract/moderation.ts; empty for a ban from before reasons. */
    banReason: text("ban_reason").notNull().default(""),
    deletedAt: tz("deleted_at"),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_display_id_key").on(t.displayId),
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_email_canonical_key").on(t.emailCanonical, t.emailSlot),
    uniqueIndex("users_invite_code_key").on(t.inviteCode),
    uniqueIndex("users_social_handle_key").on(sql`lower(${t.socialHandle})`),
    index("users_inviter_idx").on(t.inviterId),
    // The team list pages through one inviter's members newest first (keyset on created_at, id).
    index("users_team_idx")
      .on(t.inviterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
  ],
);

/** The status icons a user may show, kept by operators; a retired one stays, inactive. */
export const statusIcons = pgTable(
  "status_icons",
  {
    id: integer("id").primaryKey(),
    /** A short English key ("working"); the web app translates it, so two statuses never share one. */
    name: text("name").notNull(),
    icon: text("icon").notNull(),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("status_icons_name_key").on(t.name)],
);

export const devices = pgTable("devices", {
  did: text("did").primaryKey(),
  registrations: integer("registrations").notNull().default(0),
  bannedAt: tz("banned_at"),
  createdAt: tz("created_at").notNull(),
});

/** One row per device and UTC day: the account that device logged in to that day. */
export const deviceDailyLogins = pgTable(
  "device_daily_logins",
  {
    did: text("did").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    slot: integer("slot").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.did, t.day, t.slot] }), uniqueIndex("device_daily_user_key").on(t.did, t.day, t.userId)],
);

export const otpCodes = pgTable(
  "otp_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    ip: text("ip").notNull().default(""),
    // The device that asked for the code: only a sign-in from it may use the code (decision 054).
    did: text("did").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    createdAt: tz("created_at").notNull(),
    expiresAt: tz("expires_at").notNull(),
    consumedAt: tz("consumed_at"),
  },
  (t) => [index("otp_email_idx").on(t.email, t.purpose, t.createdAt), index("otp_ip_idx").on(t.ip, t.createdAt)],
);

/** One wrong code typed for a mailbox on a device: counted across codes, so guessing locks that pair (decision 054). */
export const otpWrongTries = pgTable(
  "otp_wrong_tries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    did: text("did").notNull(),
    at: tz("at").notNull(),
  },
  (t) => [index("otp_wrong_tries_idx").on(t.email, t.did, t.at)],
);

/** Code sign-in to a mailbox, refused on one device until `lockedUntil`. */
export const otpLocks = pgTable(
  "otp_locks",
  {
    email: text("email").notNull(),
    did: text("did").notNull(),
    lockedUntil: tz("locked_until").notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.did] })],
);

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    did: text("did"),
    // Read from the user agent at sign-in, so the sessions list names the device (decision 055).
    browser: text("browser").notNull().default(""),
    os: text("os").notNull().default(""),
    createdAt: tz("created_at").notNull(),
    lastSeenAt: tz("last_seen_at").notNull(),
    revokedAt: tz("revoked_at"),
  },
  (t) => [uniqueIndex("auth_tokens_hash_key").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId)],
);

/**
 * A user's passkeys (WebAuthn credentials, decision 062), found by credential id at sign-in. The
 * counter and the backup flags are the authenticator's own, kept as it last reported them.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    credentialId: text("credential_id").notNull(),
    /** The WebAuthn user handle it was made with (the same for all of a user's passkeys), checked at sign-in. */
    userHandle: text("user_handle").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").notNull().default(""),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    /** The name the user gave it; empty until then, and the device it was made on names it. */
    name: text("name").notNull().default(""),
    browser: text("browser").notNull().default(""),
    os: text("os").notNull().default(""),
    createdAt: tz("created_at").notNull(),
    lastUsedAt: tz("last_used_at"),
  },
  (t) => [uniqueIndex("passkeys_credential_key").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/** Passkey challenges already answered, each good once; kept only until it would have expired anyway. */
export const passkeyChallengesSpent = pgTable(
  "passkey_challenges_spent",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: tz("expires_at").notNull(),
  },
  (t) => [index("passkey_challenges_spent_expiry_idx").on(t.expiresAt)],
);

/**
 * The people who run VV (decision 063): not users, made by `npm run ops -- operator-add`, signed
 * in to the console with a passkey only.
 */
export const operators = pgTable(
  "operators",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    createdAt: tz("created_at").notNull(),
    createdBy: text("created_by").notNull(),
    /** A removed operator's sessions end and their passkeys no longer sign in. */
    removedAt: tz("removed_at"),
  },
  (t) => [uniqueIndex("operators_email_key").on(t.email)],
);

/** The one-time code an operator enrols a passkey with, mailed by operator-add; only its hash is kept. */
export const operatorEnrolments = pgTable("operator_enrolments", {
  operatorId: bigint("operator_id", { mode: "number" })
    .primaryKey()
    .references(() => operators.id),
  codeHash: text("code_hash").notNull(),
  expiresAt: tz("expires_at").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
});

export const operatorPasskeys = pgTable(
  "operator_passkeys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").notNull().default(""),
    createdAt: tz("created_at").notNull(),
    lastUsedAt: tz("last_used_at"),
  },
  (t) => [uniqueIndex("operator_passkeys_credential_key").on(t.credentialId), index("operator_passkeys_operator_idx").on(t.operatorId)],
);

/** A console sign-in: short, ended by idleness, by its age, by signing out or by the operator's removal. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull(),
    /** The passkey that opened it: its revocation ends the sessions it opened (null: from before this was kept). */
    passkeyId: bigint("passkey_id", { mode: "number" }).references(() => operatorPasskeys.id, { onDelete: "set null" }),
    createdAt: tz("created_at").notNull(),
    lastSeenAt: tz("last_seen_at").notNull(),
    endedAt: tz("ended_at"),
  },
  (t) => [uniqueIndex("operator_sessions_hash_key").on(t.tokenHash)],
);

/** A banned user's appeal, one open at a time, settled by an operator in the console. */
export const appeals = pgTable(
  "appeals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    createdAt: tz("created_at").notNull(),
    /** lifted (the ban ended) or upheld; null while it waits. */
    outcome: text("outcome"),
    decidedAt: tz("decided_at"),
    decidedBy: text("decided_by"),
  },
  (t) => [
    index("appeals_queue_idx")
      .on(t.createdAt)
      .where(sql`outcome is null`),
    uniqueIndex("appeals_open_key")
      .on(t.userId)
      .where(sql`outcome is null`),
    check("appeals_outcome", sql`${t.outcome} in ('lifted', 'upheld')`),
  ],
);

/**
 * Who did what, and when. `actor` says through what: "operator:<e-mail>" in the console,
 * "cli:<machine user>" from `npm run ops`, "self" for a user's own act (decision 067).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: tz("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    detail: jsonb("detail").notNull().default({}),
    /** act: something changed; read: an operator saw a person's data. The console pages each apart. */
    kind: text("kind").notNull().default("act"),
  },
  (t) => [index("audit_log_kind_idx").on(t.kind, t.id), check("audit_log_kind", sql`${t.kind} in ('act', 'read')`)],
);

/** One row per user who started the free airdrop. */
export const minters = pgTable(
  "minters",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id),
    /** The first round the user takes part in: the one after the round they started (or resumed) in. */
    mintFromRound: integer("mint_from_round").notNull(),
    suspendedAt: tz("suspended_at"),
    startedAt: tz("started_at").notNull(),
    lastCollectAt: tz("last_collect_at"),
  },
  (t) => [
    index("minters_active_idx")
      .on(t.mintFromRound)
      .where(sql`suspended_at is null`),
  ],
);

/** The global rounds; a row exists once its distribution has run. */
export const rounds = pgTable("rounds", {
  roundNumber: integer("round_number").primaryKey(),
  closesAt: tz("closes_at").notNull(),
  totalAmount: bigint("total_amount", { mode: "bigint" })
    .notNull()
    .default(sql`0`),
  participants: integer("participants").notNull().default(0),
  claims: integer("claims").notNull().default(0),
  distributed: boolean("distributed").notNull().default(false),
  distributedAt: tz("distributed_at"),
});

export const userRounds = pgTable(
  "user_rounds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    roundNumber: integer("round_number").notNull(),
    /** Effective power (own + team) the amount was computed from. */
    power: bigint("power", { mode: "number" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    airdropAt: tz("airdrop_at").notNull(),
    collectedAt: tz("collected_at"),
  },
  (t) => [
    uniqueIndex("user_rounds_user_round_key").on(t.userId, t.roundNumber),
    index("user_rounds_unclaimed_idx")
      .on(t.userId)
      .where(sql`collected_at is null`),
  ],
);

/**
 * Every change of a user's VV, unclaimed VV, BTC and Soul Power, one line each, written in the
 * transaction that makes the change and never changed after (a trigger refuses updates and
 * deletes). Each balance is the sum of its asset's lines (`npm run ops -- verify-ledger`).
 * `details` holds what explains the line (a round's parts, an exchange's rates) and other
 * people only by id, so their names are looked up when read and a deletion erases them.
 * Lines carried over from before the ledger have rule version 0 (docs/decisions/050).
 */
export const ledger = pgTable(
  "ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    at: tz("at").notNull(),
    kind: text("kind").notNull(),
    asset: text("asset").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    ruleVersion: integer("rule_version").notNull(),
    /** What the line is for, as the change's own key: "round:1234", "start", "gift:17:sender", "claim". */
    ref: text("ref").notNull(),
    details: jsonb("details").notNull().default({}),
  },
  (t) => [
    // A user's history, newest first, keyset paged on id; and the same by kind.
    index("ledger_user_idx").on(t.userId, t.id),
    index("ledger_user_kind_idx").on(t.userId, t.kind, t.id),
    check("ledger_asset_check", sql`${t.asset} in ('vv', 'unclaimed', 'btc', 'power', 'team')`),
  ],
);

/** Every grant of Soul Power, once per (user, reason): start, bind, follow, invite, upgrade:<vcode>. */
export const powerGrants = pgTable(
  "power_grants",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    amount: integer("amount").notNull(),
    at: tz("at").notNull(),
  },
  (t) => [uniqueIndex("power_grants_user_reason_key").on(t.userId, t.reason)],
);

/** One row per reminder a user sent to their paused team: n counts that sender's reminders of the day. */
export const teamReminders = pgTable(
  "team_reminders",
  {
    senderId: bigint("sender_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    n: integer("n").notNull(),
    sentAt: tz("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.senderId, t.day, t.n] })],
);

/** A member reminded on a UTC day: the key lets one reminder e-mail a day reach them, whoever sends it. */
export const remindedMembers = pgTable(
  "reminded_members",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    senderId: bigint("sender_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

/**
 * Work done after the transaction that decided it, by the job worker (docs/decisions/044): mail
 * ("mail") and Web Push notifications ("push"). The payload's shape is its kind's.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** Names the one job a fact may make: a second producer's or a retried producer's insert does nothing. */
    dedupeKey: text("dedupe_key"),
    /** When a worker may take it: when it is due, the next retry, or the end of a taken job's lease. */
    runAt: tz("run_at").notNull(),
    /** Past it, the job has lost its point: dropped unsent. */
    expiresAt: tz("expires_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: tz("done_at"),
    failedAt: tz("failed_at"),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("jobs_dedupe_key")
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null`),
    // In the take's own order (run_at, id), so taking a batch reads its first rows: a round's
    // close queues a job per user, and a sort of every due row per pass would cost seconds.
    index("jobs_due_idx")
      .on(t.runAt, t.id)
      .where(sql`done_at is null and failed_at is null`),
  ],
);

/**
 * How far a user's lazily made tools (stones, gift boxes) have got: the last stone number made
 * (or forfeited) and the last UTC day whose gift boxes were made. Locked while making them.
 */
export const toolProgress = pgTable("tool_progress", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  stoneSeq: integer("stone_seq").notNull().default(0),
  boxDay: date("box_day", { mode: "string" }),
});

/** A magic stone: held (free, or in a forming exchange while team_id is set) until used. */
export const forceStones = pgTable(
  "force_stones",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    seq: integer("seq").notNull(),
    power: integer("power").notNull(),
    buffRatio: integer("buff_ratio").notNull(),
    dueAt: tz("due_at").notNull(),
    exchangeId: bigint("team_id", { mode: "number" }),
    usedAt: tz("used_at"),
  },
  (t) => [
    uniqueIndex("force_stones_user_seq_key").on(t.userId, t.seq),
    index("force_stones_held_idx")
      .on(t.userId)
      .where(sql`used_at is null`),
  ],
);

/**
 * An exchange: forming (wait) until its quota is reached, then completed; or cancelled by its leader.
 * The SQL names (force_teams, force_team_members, team_id) keep the wire's word, as renaming them
 * would be a migration with nothing gained; in code it is an exchange, never a team.
 */
export const exchanges = pgTable(
  "force_teams",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    leaderId: bigint("leader_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    quota: integer("quota").notNull(),
    status: text("status", { enum: ["wait", "completed", "cancelled"] }).notNull(),
    createdAt: tz("created_at").notNull(),
    completedAt: tz("completed_at"),
  },
  (t) => [uniqueIndex("force_teams_code_key").on(t.code)],
);

/**
 * A participant and the stone they brought. Rows of a forming exchange have no completed_at;
 * leaving, being removed or a cancel sets left_at (a return re-opens the row). The partial
 * unique key keeps a user in at most one forming exchange.
 */
export const exchangeParticipants = pgTable(
  "force_team_members",
  {
    exchangeId: bigint("team_id", { mode: "number" })
      .notNull()
      .references(() => exchanges.id),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    stoneId: bigint("stone_id", { mode: "number" })
      .notNull()
      .references(() => forceStones.id),
    joinedAt: tz("joined_at").notNull(),
    gained: integer("gained"),
    completedAt: tz("completed_at"),
    leftAt: tz("left_at"),
  },
  (t) => [
    primaryKey({ columns: [t.exchangeId, t.userId] }),
    uniqueIndex("force_team_members_open_key")
      .on(t.userId)
      .where(sql`completed_at is null and left_at is null`),
  ],
);

/** Two users who completed an exchange together (low id first): once per pair, either way round. */
export const exchangePairs = pgTable(
  "exchange_pairs",
  {
    userLow: bigint("user_low", { mode: "number" }).notNull(),
    userHigh: bigint("user_high", { mode: "number" }).notNull(),
    exchangeId: bigint("team_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userLow, t.userHigh] })],
);

/** A gift box with its code; used once, by someone other than its owner. */
export const giftBoxes = pgTable(
  "gift_boxes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: bigint("owner_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    code: text("code").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: tz("created_at").notNull(),
    usedBy: bigint("used_by", { mode: "number" }).references(() => users.id),
    usedAt: tz("used_at"),
  },
  (t) => [
    uniqueIndex("gift_boxes_code_key").on(t.code),
    index("gift_boxes_unused_idx")
      .on(t.ownerId)
      .where(sql`used_at is null`),
  ],
);

/** Two users between whom a gift box was used (low id first): once per pair, either way round. */
export const giftPairs = pgTable(
  "gift_pairs",
  {
    userLow: bigint("user_low", { mode: "number" }).notNull(),
    userHigh: bigint("user_high", { mode: "number" }).notNull(),
    boxId: bigint("box_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userLow, t.userHigh] })],
);

/**
 * A shared location, one per user: only the point rounded to the grid
 * (LOCATION_GRID_DEGREES), in millionths of a degree, so a change of grid never changes what
 * stored rows mean. The posted point is never written anywhere.
 */
export const userLocations = pgTable(
  "user_locations",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    latE6: integer("lat_e6").notNull(),
    lngE6: integer("lng_e6").notNull(),
    updatedAt: tz("updated_at").notNull(),
  },
  // The nearby search's bounding box: the latitude range bounds the scan, the longitude range(s)
  // are checked on the same index entries; with user_id too, the distance and the caller are
  // judged from the index alone (an index-only scan) and no user_locations row is read.
  (t) => [
    index("user_locations_lat_lng_idx").on(t.latE6, t.lngE6, t.userId),
    check("user_locations_lat_range", sql`${t.latE6} between -90000000 and 90000000`),
    check("user_locations_lng_range", sql`${t.lngE6} between -180000000 and 180000000`),
  ],
);

/**
 * Who uploaded which stored file, and for what (`type` of the upload): a campaign application
 * may only name a photo its own applicant uploaded as a campaign photo.
 */
export const uploads = pgTable(
  "uploads",
  {
    name: text("name").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [index("uploads_user_idx").on(t.userId, t.type)],
);

/**
 * The citizen campaign application, one per user: no row is `not_applied`; applying
 * again after a refusal replaces the row's contact and photo and puts it back in review.
 */
export const campaignApplications = pgTable(
  "campaign_applications",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    contact: text("contact").notNull(),
    photo: text("photo").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    submittedAt: tz("submitted_at").notNull(),
    reviewedAt: tz("reviewed_at"),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    index("campaign_applications_review_idx").on(t.status, t.submittedAt),
    check("campaign_applications_status", sql`${t.status} in ('in_review', 'approved', 'rejected')`),
  ],
);

/**
 * The push token of a native app install (docs/native-bridge.md), one per device: the account
 * signed in on that device gets its notifications. Logging out or deleting the account removes it.
 */
export const pushTokens = pgTable(
  "push_tokens",
  {
    did: text("did").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    token: text("token").notNull(),
    updatedAt: tz("updated_at").notNull(),
  },
  // By token too: a reinstalled app brings its token under a new device id, and the old row goes.
  (t) => [
    index("push_tokens_user_idx").on(t.userId),
    index("push_tokens_token_idx").on(t.token),
    check("push_tokens_platform", sql`${t.platform} in ('android', 'ios')`),
  ],
);

/**
 * A browser's Web Push subscription (docs/decisions/043). A user may have several, one per
 * browser; an endpoint belongs to one account, the one that subscribed it last. `did` is the
 * device the login was made on, so logging out there removes it.
 */
export const webPushSubscriptions = pgTable(
  "web_push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    did: text("did"),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    label: text("label"),
    /** The browser's IANA time zone, when it said: its quiet hours are kept in it. */
    timeZone: text("time_zone"),
    createdAt: tz("created_at").notNull(),
    lastSuccessAt: tz("last_success_at"),
  },
  (t) => [
    uniqueIndex("web_push_subscriptions_endpoint_key").on(t.endpoint),
    index("web_push_subscriptions_user_idx").on(t.userId),
    index("web_push_subscriptions_did_idx").on(t.did),
  ],
);

/**
 * A user's own notification settings (docs/decisions/046); no row: the defaults (every kind on,
 * the operator's PUSH_QUIET_START-END, no round e-mail). The distribution reads `muted_kinds`
 * and `round_email` for everyone it pays, so they are plain columns of a narrow table.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedKinds: text("muted_kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** False: no quiet hours. The times are kept meanwhile, so turning them on again shows the user's own. */
    quietHours: boolean("quiet_hours").notNull().default(true),
    /** Both or neither; neither: the operator's PUSH_QUIET_START and PUSH_QUIET_END. */
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    roundEmail: boolean("round_email").notNull().default(false),
    updatedAt: tz("updated_at").notNull(),
  },
  (t) => [
    check("notification_settings_quiet_both", sql`(${t.quietStart} is null) = (${t.quietEnd} is null)`),
    check("notification_settings_kinds", sql`${t.mutedKinds} <@ array['round', 'pause', 'remind', 'exchange', 'gift']::text[]`),
  ],
);

/**
 * The VAPID key pair every instance signs Web Push with, when the settings give none: made by
 * the first start that needs it, one row only (docs/decisions/043).
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [check("vapid_keys_one_row", sql`${t.id} = 1`)],
);

/**
 * The published rules (docs/decisions/049): every value a user's VV and Soul Power depend on, as
 * versions that take effect at a round boundary. Version 1 is written from the environment by
 * the first start; later ones by the operator command, ahead of time. A cancelled version keeps
 * its row (and its number, never reused) but never takes effect.
 */
export const ruleVersions = pgTable(
  "rule_versions",
  {
    version: integer("version").primaryKey(),
    effectiveAt: tz("effective_at").notNull(),
    /** Every rule key (domain/rules/rule-keys.ts) with its value, as rulesSchema reads it. */
    values: jsonb("values").notNull(),
    createdAt: tz("created_at").notNull(),
    note: text("note").notNull().default(""),
    cancelledAt: tz("cancelled_at"),
  },
  (t) => [
    check("rule_versions_positive", sql`${t.version} > 0`),
    // Two live versions starting at once would leave which one pays to chance.
    uniqueIndex("rule_versions_effective_key")
      .on(t.effectiveAt)
      .where(sql`cancelled_at is null`),
  ],
);

/**
 * The evidence farm signals read (docs/decisions/064): each sign-up and sign-in, its device and
 * its network as an HMAC of the IPv4 /24 or IPv6 /48 (never the address). Deleted after
 * FARM_EVIDENCE_DAYS by the evidence sweep.
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    at: tz("at").notNull(),
    did: text("did"),
    ipPrefixHash: text("ip_prefix_hash"),
  },
  (t) => [
    index("account_events_at_idx").on(t.at),
    index("account_events_user_idx").on(t.userId),
    check("account_events_kind_check", sql`${t.kind} in ('register', 'login')`),
  ],
);

/**
 * An operator's ban of a whole farm cluster, one act: `members` the cluster as the operator saw
 * it, `banned` those this act banned (an undo unbans only these), `score` the parts it scored.
 */
export const clusterBans = pgTable(
  "cluster_bans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clusterId: text("cluster_id").notNull(),
    at: tz("at").notNull(),
    actor: text("actor").notNull(),
    reason: text("reason").notNull(),
    members: jsonb("members").$type<number[]>().notNull(),
    banned: jsonb("banned").$type<number[]>().notNull(),
    score: jsonb("score").notNull(),
    undoneAt: tz("undone_at"),
    undoneBy: text("undone_by"),
  },
  (t) => [
    // Two operators banning the same cluster at once: the second insert waits, then fails.
    uniqueIndex("cluster_bans_live_key")
      .on(t.clusterId)
      .where(sql`undone_at is null`),
  ],
);
