import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ErrorCode } from "#contract/errors.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { mediaPath } from "#contract/web-paths.ts";
import { accountEvents, appeals, authTokens, campaignApplications, deviceDailyLogins, devices, users } from "#api/src/db/schema.ts";
import { banAccounts } from "#api/src/domain/accounts/bans.ts";
import { canonicalEmail } from "#api/src/domain/accounts/email.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { history } from "#api/src/domain/ledger/history.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { auditRead } from "./audit.ts";
import type { Operator } from "./console-sessions.ts";

/**
 * The console's people (decision 066): found by what an operator holds (an e-mail or its start, a
 * display id, an invite code, a device id), and one person as a whole: devices, sign-ins, team,
 * ledger, application, appeals; and a ban of one of them, through accounts/bans.ts as the CLI's.
 * Each search and each page read is audited as a read (decision 067): what was looked at, by whom.
 */

const SEARCH_LIMIT = 50;
const SIGN_INS_SHOWN = 50;
const MEMBERS_SHOWN = 50;
/** Enough of the keyed hash to tell prefixes apart on a screen. */
const PREFIX_SHOWN = 12;

const seconds = (at: Date | null) => (at ? toEpochSeconds(at) : null);

function row(u: typeof users.$inferSelect) {
  return {
    user_id: u.id,
    display_id: u.displayId,
    email: u.email ?? "",
    name: u.name,
    created_at: toEpochSeconds(u.createdAt),
    banned_at: seconds(u.bannedAt),
    deleted: u.deletedAt !== null,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Everyone the term could name, newest first: each kind of key it could be is tried. */
export async function searchPeople(ctx: DomainContext, operator: Operator, term: string) {
  const q = term.trim();
  const matches: SQL[] = [];
  if (q.includes("@")) {
    matches.push(eq(users.emailCanonical, canonicalEmail(q)), ilike(users.email, `${escapeLike(q.toLowerCase())}%`));
  } else {
    matches.push(ilike(users.email, `${escapeLike(q.toLowerCase())}%@%`));
  }
  if (/^\d{1,20}$/.test(q)) matches.push(eq(users.displayId, q));
  if (/^[A-Za-z0-9]{6,12}$/.test(q)) matches.push(eq(users.inviteCode, q.toUpperCase()));
  if (q.length <= 64) {
    matches.push(
      eq(users.registerDid, q),
      inArray(users.id, ctx.db.select({ id: deviceDailyLogins.userId }).from(deviceDailyLogins).where(eq(deviceDailyLogins.did, q))),
      inArray(users.id, ctx.db.select({ id: authTokens.userId }).from(authTokens).where(eq(authTokens.did, q))),
    );
  }
  const found = await ctx.db
    .select()
    .from(users)
    .where(or(...matches))
    .orderBy(desc(users.id))
    .limit(SEARCH_LIMIT);
  await auditRead(ctx, operator, { action: "people.search", target: "people", detail: { q, found: found.map((u) => u.id) } });
  return { items: found.map(row) };
}

const link = (u: { id: number; displayId: string; email: string | null; bannedAt: Date | null }) => ({
  user_id: u.id,
  display_id: u.displayId,
  email: u.email ?? "",
  banned: u.bannedAt !== null,
});

async function devicesOf(ctx: DomainContext, user: typeof users.$inferSelect) {
  const [days, tokens] = await Promise.all([
    ctx.db.selectDistinct({ did: deviceDailyLogins.did }).from(deviceDailyLogins).where(eq(deviceDailyLogins.userId, user.id)),
    ctx.db
      .select({ did: authTokens.did, createdAt: authTokens.createdAt, lastSeenAt: authTokens.lastSeenAt, revokedAt: authTokens.revokedAt })
      .from(authTokens)
      .where(eq(authTokens.userId, user.id)),
  ]);
  const seen = new Map<string, { first: number | null; last: number | null; sessions: number }>();
  const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  const note = (did: string, first: number | null, last: number | null, open: number) => {
    const had = seen.get(did) ?? { first: null, last: null, sessions: 0 };
    seen.set(did, { first: earlier(had.first, first), last: later(had.last, last), sessions: had.sessions + open });
  };
  if (user.registerDid) note(user.registerDid, toEpochSeconds(user.createdAt), null, 0);
  // A day's login names the device; its sign-in's token says when, to the second.
  for (const d of days) note(d.did, null, null, 0);
  for (const t of tokens) if (t.did) note(t.did, toEpochSeconds(t.createdAt), toEpochSeconds(t.lastSeenAt), t.revokedAt ? 0 : 1);
  const dids = [...seen.keys()];
  const bans = dids.length
    ? await ctx.db.select({ did: devices.did, bannedAt: devices.bannedAt }).from(devices).where(inArray(devices.did, dids))
    : [];
  const banned = new Map(bans.map((b) => [b.did, b.bannedAt]));
  return dids.map((did) => {
    const s = seen.get(did)!;
    return {
      did,
      registered_here: did === user.registerDid,
      first_seen: s.first,
      last_seen: s.last,
      sessions: s.sessions,
      banned_at: seconds(banned.get(did) ?? null),
    };
  });
}

async function teamOf(ctx: DomainContext, user: typeof users.$inferSelect) {
  const linkFields = { id: users.id, displayId: users.displayId, email: users.email, bannedAt: users.bannedAt, inviterId: users.inviterId };
  const inviters: ReturnType<typeof link>[] = [];
  for (let next = user.inviterId, level = 0; next !== null && level < 2; level++) {
    const [above] = await ctx.db.select(linkFields).from(users).where(eq(users.id, next));
    if (!above) break;
    inviters.push(link(above));
    next = above.inviterId;
  }
  const level1 = alias(users, "level1");
  const alive = isNull(users.deletedAt);
  const [members, [l1], [l2]] = await Promise.all([
    ctx.db
      .select(linkFields)
      .from(users)
      .where(and(eq(users.inviterId, user.id), alive))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(MEMBERS_SHOWN),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.inviterId, user.id), alive)),
    ctx.db
      .select({ n: count() })
      .from(users)
      .innerJoin(level1, eq(users.inviterId, level1.id))
      .where(and(eq(level1.inviterId, user.id), alive, isNull(level1.deletedAt))),
  ]);
  return { inviters, team: { level1: l1?.n ?? 0, level2: l2?.n ?? 0, members: members.map(link) } };
}

/** One person as the console shows them; an unknown id is 300143. */
export async function personPage(ctx: DomainContext, operator: Operator, userId: number, ledgerCursor?: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Failure(ErrorCode.personNotFound);
  await auditRead(ctx, operator, {
    action: "person.read",
    target: `user:${userId}`,
    detail: ledgerCursor ? { ledger_cursor: ledgerCursor } : {},
  });
  const [deviceList, signIns, team, [application], appealRows, ledger] = await Promise.all([
    devicesOf(ctx, user),
    ctx.db.select().from(accountEvents).where(eq(accountEvents.userId, userId)).orderBy(desc(accountEvents.at)).limit(SIGN_INS_SHOWN),
    teamOf(ctx, user),
    ctx.db.select().from(campaignApplications).where(eq(campaignApplications.userId, userId)),
    ctx.db.select().from(appeals).where(eq(appeals.userId, userId)).orderBy(desc(appeals.id)),
    history(ctx, userId, { cursor: ledgerCursor }),
  ]);
  return {
    person: {
      ...row(user),
      invite_code: user.inviteCode,
      ban_reason: user.banReason,
      vv: unitsToDecimal(user.vv),
      power: user.power,
      ui_lang: user.uiLang,
      devices: deviceList,
      sign_ins: signIns.map((e) => ({
        kind: e.kind as "register" | "login",
        at: toEpochSeconds(e.at),
        did: e.did,
        ip_prefix: e.ipPrefixHash ? e.ipPrefixHash.slice(0, PREFIX_SHOWN) : null,
      })),
      ...team,
      application: application
        ? {
            status: application.status,
            submitted_at: toEpochSeconds(application.submittedAt),
            reason: application.reason,
            picture: mediaPath(application.photo),
            contact: application.contact,
          }
        : null,
      appeals: appealRows.map((a) => ({
        id: a.id,
        text: a.text,
        created_at: toEpochSeconds(a.createdAt),
        outcome: a.outcome,
        decided_at: seconds(a.decidedAt),
        decided_by: a.decidedBy,
      })),
      ledger,
    },
  };
}

/** Bans the person with a reason their owner reads, or lifts the ban; an unknown id is 300143. */
export async function banPerson(
  ctx: DomainContext,
  operator: Operator,
  userId: number,
  input: { banned: true; reason: string; note: string } | { banned: false; note: string },
) {
  const [found] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!found) throw new Failure(ErrorCode.personNotFound);
  const reason = input.banned ? input.reason : undefined;
  const changed = await banAccounts(ctx, { userIds: [userId], banned: input.banned, reason, note: input.note, actor: operator.actor });
  return { changed: changed.length > 0 };
}
