import { z } from "zod";
import { AVATAR_REASONS, BAN_REASONS, PHOTO_REASONS } from "./moderation.ts";
import { historyResult } from "./ledger.ts";
import { authenticationCredential, ceremonyOptions, registrationCredential } from "./passkeys.ts";
import { route } from "./route.ts";
import { emptyResult, epochSeconds } from "./wire.ts";

/** The operators' console's calls (decision 063): every one but signing in needs an operator's session. */

const enrolment = z.object({
  email: z.email().max(254),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/i, "enrolment code"),
});

const session = z.object({
  token: z.string().describe("The console session's token: HIN <token> on the next calls"),
  email: z.string(),
});

const ownPasskey = z.object({
  id: z.number().int(),
  created_at: epochSeconds,
  last_used_at: epochSeconds.nullable(),
  transports: z.array(z.string()).describe("How the browser said it reaches the passkey at enrolment: internal, hybrid, usb..."),
  this_session: z.boolean().describe("This console session was opened with it"),
});

const userId = z.object({ user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** An operator's note, for the audit log only: the user never reads it. */
const note = z.string().trim().max(500).default("");

const pictureReview = <T extends readonly [string, ...string[]]>(reasons: T) =>
  z.discriminatedUnion("approve", [
    z.object({ approve: z.literal(true), note }),
    z.object({ approve: z.literal(false), reason: z.enum(reasons), note }),
  ]);

const pendingAvatar = z.object({
  user_id: z.number().int(),
  display_id: z.string(),
  picture: z.string().describe("The web app's path of the waiting picture"),
  uploaded_at: epochSeconds.nullable().describe("When it was uploaded; null for an upload from before this was kept"),
});

const pendingPhoto = z.object({
  user_id: z.number().int(),
  display_id: z.string(),
  name: z.string(),
  contact: z.string(),
  picture: z.string(),
  submitted_at: epochSeconds,
});

const auditKind = z.enum(["act", "read"]);

const auditRow = z.object({
  id: z.number().int(),
  at: epochSeconds,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  kind: auditKind.describe("act: something changed; read: an operator looked at a person's data"),
  via: z
    .enum(["console", "cli", "user"])
    .describe("The console (operator:<e-mail>), npm run ops (cli:<machine user>), or a user's own act"),
});

const scorePart = z.object({
  signal: z.string(),
  weight: z.number(),
  points: z.number(),
  covered: z.number().int().describe("How many of the cluster's members this signal's evidence names"),
  evidence: z.array(z.looseObject({ signal: z.string(), members: z.array(z.number().int()) })),
});

const farmCluster = z.object({
  id: z.string(),
  members: z.array(z.number().int()),
  banned: z.array(z.number().int()).describe("Members banned already, otherwise or by an earlier act"),
  score: z.number(),
  parts: z.array(scorePart),
});

const clusterBan = z.object({
  id: z.number().int(),
  cluster_id: z.string(),
  at: epochSeconds,
  actor: z.string(),
  reason: z.string(),
  members: z.array(z.number().int()),
  banned: z.array(z.number().int()).describe("The members this act banned: its undo unbans these only"),
  score: z.number(),
  undone_at: epochSeconds.nullable(),
  undone_by: z.string().nullable(),
});

const statusIcon = z.object({
  id: z.number().int(),
  name: z.string().describe("The web app's translation key (profile:statuses.<name>)"),
  icon: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});

const statusId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const personRow = z.object({
  user_id: z.number().int(),
  display_id: z.string(),
  email: z.string().describe("Empty once the account is deleted"),
  name: z.string(),
  created_at: epochSeconds,
  banned_at: epochSeconds.nullable(),
  deleted: z.boolean(),
});

const personLink = z.object({ user_id: z.number().int(), display_id: z.string(), email: z.string(), banned: z.boolean() });

const person = personRow.extend({
  invite_code: z.string(),
  ban_reason: z.string().describe("A key of BAN_REASONS, or empty for a ban from before reasons"),
  vv: z.string().describe("Balance, a decimal string with 8 places"),
  power: z.number().int().describe("Own Soul Power"),
  ui_lang: z.string(),
  devices: z.array(
    z.object({
      did: z.string(),
      registered_here: z.boolean().describe("The account was made on it"),
      first_seen: epochSeconds.nullable(),
      last_seen: epochSeconds.nullable(),
      sessions: z.number().int().describe("Sign-ins of this account still open on it"),
      banned_at: epochSeconds.nullable(),
    }),
  ),
  sign_ins: z.array(
    z.object({
      kind: z.enum(["register", "login"]),
      at: epochSeconds,
      did: z.string().nullable(),
      ip_prefix: z.string().nullable().describe("The keyed hash of the address's prefix (decision 064), shortened; never the address"),
    }),
  ),
  inviters: z.array(personLink).describe("Who invited them, then who invited that one"),
  team: z.object({
    level1: z.number().int(),
    level2: z.number().int(),
    members: z.array(personLink).describe("Level-1 members, newest first"),
  }),
  application: z
    .object({ status: z.string(), submitted_at: epochSeconds, reason: z.string().nullable(), picture: z.string(), contact: z.string() })
    .nullable(),
  appeals: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      created_at: epochSeconds,
      outcome: z.string().nullable(),
      decided_at: epochSeconds.nullable(),
      decided_by: z.string().nullable(),
    }),
  ),
  ledger: historyResult,
});

const pendingAppeal = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  display_id: z.string(),
  email: z.string(),
  text: z.string(),
  created_at: epochSeconds,
  banned_at: epochSeconds.nullable(),
  ban_reason: z.string(),
});

const didField = z.string().trim().min(1).max(64);

const clusterId = z.object({ cluster_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const operatorRoutes = {
  enrolOptions: route({
    method: "POST",
    path: "/v1/ops/enrol/options/",
    summary: "The passkey to make, for an operator holding the enrolment code operator-add mailed",
    auth: false,
    body: enrolment,
    response: z.object({ options: ceremonyOptions }),
  }),
  enrol: route({
    method: "POST",
    path: "/v1/ops/enrol/",
    summary: "Keeps the operator's new passkey, spends the code and opens a console session",
    auth: false,
    body: enrolment.extend({ credential: registrationCredential }),
    response: session,
  }),
  signInOptions: route({
    method: "POST",
    path: "/v1/ops/sign-in/options/",
    summary: "A challenge for an operator's passkey",
    auth: false,
    response: z.object({ options: ceremonyOptions }),
  }),
  signIn: route({
    method: "POST",
    path: "/v1/ops/sign-in/",
    summary: "Opens a console session with an operator's passkey",
    auth: false,
    body: z.object({ credential: authenticationCredential }),
    response: session,
  }),
  signOut: route({
    method: "POST",
    path: "/v1/ops/sign-out/",
    summary: "Ends this console session",
    auth: "operator",
    response: emptyResult,
  }),
  me: route({
    method: "GET",
    path: "/v1/ops/me/",
    summary: "The signed-in operator and what waits for them",
    auth: "operator",
    response: z.object({ email: z.string(), avatars: z.number().int(), photos: z.number().int(), appeals: z.number().int() }),
  }),
  myPasskeys: route({
    method: "GET",
    path: "/v1/ops/me/passkeys/",
    summary: "The signed-in operator's passkeys, newest first",
    auth: "operator",
    response: z.object({ items: z.array(ownPasskey) }),
  }),
  revokeMyPasskey: route({
    method: "POST",
    path: "/v1/ops/me/passkeys/{passkey_id}/revoke/",
    summary: "Revokes one of the signed-in operator's passkeys, audited: it signs in no more and the sessions it opened end",
    auth: "operator",
    params: z.object({ passkey_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: z.object({ signed_out: z.boolean().describe("This session was opened with it, and has ended") }),
  }),
  avatars: route({
    method: "GET",
    path: "/v1/ops/avatars/",
    summary: "The avatars waiting for review, in order of arrival",
    auth: "operator",
    response: z.object({ items: z.array(pendingAvatar) }),
  }),
  reviewAvatar: route({
    method: "POST",
    path: "/v1/ops/avatars/{user_id}/",
    summary: "Approves a waiting avatar, or rejects it with a reason from the list",
    auth: "operator",
    params: userId,
    body: pictureReview(AVATAR_REASONS),
    response: emptyResult,
  }),
  photos: route({
    method: "GET",
    path: "/v1/ops/photos/",
    summary: "The campaign applications waiting for review, in order of arrival",
    auth: "operator",
    response: z.object({ items: z.array(pendingPhoto) }),
  }),
  reviewPhoto: route({
    method: "POST",
    path: "/v1/ops/photos/{user_id}/",
    summary: "Approves a waiting campaign application, or rejects its photo with a reason from the list",
    auth: "operator",
    params: userId,
    body: pictureReview(PHOTO_REASONS),
    response: emptyResult,
  }),
  audit: route({
    method: "GET",
    path: "/v1/ops/audit/",
    summary: "The audit log, newest first, a page before `before`: the acts, the reads, or without `kind` both",
    auth: "operator",
    query: z.object({ before: z.coerce.number().int().positive().optional(), kind: auditKind.optional() }),
    response: z.object({ items: z.array(auditRow), next: z.number().int().nullable() }),
  }),
  statusIcons: route({
    method: "GET",
    path: "/v1/ops/status-icons/",
    summary: "Every status users may show, retired ones too",
    auth: "operator",
    response: z.object({ items: z.array(statusIcon) }),
  }),
  setStatusIcon: route({
    method: "POST",
    path: "/v1/ops/status-icons/{id}/",
    summary: "Adds a status or changes one, and makes it choosable (without a sort, a new one goes last)",
    auth: "operator",
    params: statusId,
    body: z.object({ name: z.string().max(32), icon: z.string().max(32), sort: z.number().int().optional() }),
    response: z.object({ item: statusIcon }),
  }),
  retireStatusIcon: route({
    method: "POST",
    path: "/v1/ops/status-icons/{id}/retire/",
    summary: "Retires a status: no longer choosable, and cleared from the users who show it",
    auth: "operator",
    params: statusId,
    response: z.object({ cleared: z.number().int() }),
  }),
  farms: route({
    method: "GET",
    path: "/v1/ops/farms/",
    summary: "The clusters of accounts that score as farms, highest first, each score in its parts; nobody is banned by it",
    auth: "operator",
    response: z.object({ items: z.array(farmCluster) }),
  }),
  farm: route({
    method: "GET",
    path: "/v1/ops/farms/{cluster_id}/",
    summary: "One cluster as it stands now, with the evidence of each signal",
    auth: "operator",
    params: clusterId,
    response: z.object({ cluster: farmCluster.nullable() }),
  }),
  banFarm: route({
    method: "POST",
    path: "/v1/ops/farms/{cluster_id}/ban/",
    summary: "Bans every member of the cluster the operator saw, in one audited act; refused when the cluster has changed since",
    auth: "operator",
    params: clusterId,
    body: z.object({ reason: z.enum(BAN_REASONS), members: z.array(z.number().int().positive()).min(1).max(10_000) }),
    response: z.object({ ban: clusterBan }),
  }),
  farmBans: route({
    method: "GET",
    path: "/v1/ops/farm-bans/",
    summary: "The cluster bans, newest first",
    auth: "operator",
    response: z.object({ items: z.array(clusterBan) }),
  }),
  undoFarmBan: route({
    method: "POST",
    path: "/v1/ops/farm-bans/{ban_id}/undo/",
    summary: "Undoes a cluster ban: exactly the accounts that act banned, in one audited act",
    auth: "operator",
    params: z.object({ ban_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: z.object({ ban: clusterBan }),
  }),
  people: route({
    method: "GET",
    path: "/v1/ops/people/",
    summary: "People found by e-mail (or its start), display id, invite code or device id",
    auth: "operator",
    query: z.object({ q: z.string().trim().min(1).max(254) }),
    response: z.object({ items: z.array(personRow) }),
  }),
  person: route({
    method: "GET",
    path: "/v1/ops/people/{user_id}/",
    summary: "One person: devices, sign-ins, team, ledger (a page before `ledger_cursor`), application and appeals",
    auth: "operator",
    params: userId,
    query: z.object({
      ledger_cursor: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional(),
    }),
    response: z.object({ person }),
  }),
  banPerson: route({
    method: "POST",
    path: "/v1/ops/people/{user_id}/ban/",
    summary: "Bans the account with a reason from the list, which its owner reads; or lifts its ban",
    auth: "operator",
    params: userId,
    body: z.discriminatedUnion("banned", [
      z.object({ banned: z.literal(true), reason: z.enum(BAN_REASONS), note }),
      z.object({ banned: z.literal(false), note }),
    ]),
    response: z.object({ changed: z.boolean().describe("false when it was so already") }),
  }),
  banDevice: route({
    method: "POST",
    path: "/v1/ops/devices/ban/",
    summary: "Refuses every sign-in and sign-up from a device, with a reason for the audit log; or lets it in again",
    auth: "operator",
    body: z.discriminatedUnion("banned", [
      z.object({ did: didField, banned: z.literal(true), reason: z.enum(BAN_REASONS), note }),
      z.object({ did: didField, banned: z.literal(false), note }),
    ]),
    response: emptyResult,
  }),
  appeals: route({
    method: "GET",
    path: "/v1/ops/appeals/",
    summary: "The banned accounts' appeals waiting for a decision, oldest first",
    auth: "operator",
    response: z.object({ items: z.array(pendingAppeal) }),
  }),
  decideAppeal: route({
    method: "POST",
    path: "/v1/ops/appeals/{appeal_id}/",
    summary: "Lifts the ban an appeal is about, or upholds it; the owner is told by e-mail",
    auth: "operator",
    params: z.object({ appeal_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    body: z.object({ lift: z.boolean(), note }),
    response: emptyResult,
  }),
} as const;

export type FarmClusterWire = z.infer<typeof farmCluster>;
