import { and, eq, isNull, sql } from "drizzle-orm";
import { ErrorCode } from "../../../contract/errors.ts";
import { normalizeLanguage, DEFAULT_LANGUAGE } from "../../../contract/languages.ts";
import { unitsToDecimal } from "../../../contract/money.ts";
import type { OtpPurpose, User } from "../../../contract/user.ts";
import { rowsOf, type DbOrTx } from "../db/client.ts";
import { authTokens, users } from "../db/schema.ts";
import type { DomainContext } from "./context.ts";
import { keyedHash, randomCode, randomDigits, randomToken } from "./crypto.ts";
import { uniqueViolation } from "./db-errors.ts";
import { claimDailySlot, hasDailySlot, reserveRegistration, resolveDevice } from "./devices.ts";
import { isValidEmail, normalizeEmail } from "./email.ts";
import { Failure } from "./failure.ts";
import { consumeCode } from "./otp.ts";

type UserRow = typeof users.$inferSelect;

export function inviteLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/register?invite=${encodeURIComponent(code)}`;
}

export function toUser(row: UserRow, publicUrl: string): User {
  return {
    id: row.id,
    display_id: row.displayId,
    name: row.name,
    avatar: row.avatar,
    avatar_new: row.avatarNew,
    avatar_status: row.avatarStatus,
    user_status_icon: row.statusIcon,
    btc: unitsToDecimal(row.btc),
    vv: unitsToDecimal(row.vv),
    email: row.email ?? "",
    lang: row.lang,
    ui_lang: row.uiLang,
    invite_code: row.inviteCode,
    invite_link: inviteLink(publicUrl, row.inviteCode),
    twitter: row.socialHandle ?? "",
    inviter_id: row.inviterId,
    register_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** The e-mail, checked for format and for the purpose: login needs an account, register needs none. */
export async function checkEmailFor(ctx: DomainContext, rawEmail: string, purpose: OtpPurpose) {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw new Failure(ErrorCode.invalidEmail);
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (purpose === "login" && !existing) throw new Failure(ErrorCode.emailNotFound);
  if (purpose === "register" && existing) throw new Failure(ErrorCode.emailRegistered);
  return { email, existing };
}

// Invite codes are letters and digits; anything else (a NUL byte would fail in SQL) is simply wrong.
const INVITE_CODE = /^[A-Z0-9]{1,32}$/;

async function inviterByCode(db: DbOrTx, code: string): Promise<UserRow> {
  const wanted = code.trim().toUpperCase();
  if (!INVITE_CODE.test(wanted)) throw new Failure(ErrorCode.invalidInviteCode);
  const [inviter] = await db
    .select()
    .from(users)
    .where(and(eq(users.inviteCode, wanted), isNull(users.deletedAt)));
  if (!inviter) throw new Failure(ErrorCode.invalidInviteCode);
  return inviter;
}

async function issueToken(db: DbOrTx, ctx: DomainContext, userId: number, did: string): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  await db.insert(authTokens).values({
    userId,
    did,
    tokenHash: keyedHash(ctx.config.API_SECRET, token),
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

export interface Session {
  user: User;
  token: string;
  did: string;
}

export async function register(
  ctx: DomainContext,
  input: { email: string; code: string; inviteCode?: string; did?: string; uiLang?: string; lang?: string },
): Promise<Session> {
  const { email } = await checkEmailFor(ctx, input.email, "register");
  const inviter = input.inviteCode ? await inviterByCode(ctx.db, input.inviteCode) : undefined;
  const device = await resolveDevice(ctx, input.did);
  if (device.registrations >= ctx.config.DEVICE_MAX_REGISTRATIONS) throw new Failure(ErrorCode.deviceRegisterLimit);
  await consumeCode(ctx, { email, purpose: "register", code: input.code });

  const uiLang = normalizeLanguage(input.uiLang) ?? DEFAULT_LANGUAGE;
  const lang = normalizeLanguage(input.lang) ?? uiLang;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await reserveRegistration(tx, device.did, ctx.config.DEVICE_MAX_REGISTRATIONS);
    const row = await insertUser(tx, {
      email,
      uiLang,
      lang,
      inviterId: inviter?.id ?? null,
      registerDid: device.did,
      createdAt: now,
    });
    // Registering signs the device in when it still has a slot today; it never refuses here,
    // the device's registration limit is what bounds new accounts.
    await claimDailySlot(tx, { did: device.did, userId: row.id, at: now, perDay: ctx.config.DEVICE_ACCOUNTS_PER_DAY });
    const token = await issueToken(tx, ctx, row.id, device.did);
    return { user: toUser(row, ctx.config.PUBLIC_URL), token, did: device.did };
  });
}

async function insertUser(
  tx: DbOrTx,
  values: Omit<typeof users.$inferInsert, "displayId" | "inviteCode">,
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a collision on a random code does not abort the whole registration.
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(users)
          .values({ ...values, displayId: "1" + randomDigits(8), inviteCode: randomCode(8) })
          .returning();
        return row;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "users_email_key") throw new Failure(ErrorCode.emailRegistered);
      if (!constraint || attempt >= 5) throw error;
    }
  }
}

export async function login(ctx: DomainContext, input: { email: string; code: string; did?: string }): Promise<Session> {
  const { existing } = await checkEmailFor(ctx, input.email, "login");
  const user = existing!;
  if (user.bannedAt) throw new Failure(ErrorCode.accountBanned);
  const device = await resolveDevice(ctx, input.did);
  const perDay = ctx.config.DEVICE_ACCOUNTS_PER_DAY;
  if (!(await hasDailySlot(ctx, { did: device.did, userId: user.id, perDay }))) {
    throw new Failure(ErrorCode.deviceDailyLogin);
  }
  await consumeCode(ctx, { email: user.email!, purpose: "login", code: input.code });
  return ctx.db.transaction(async (tx) => {
    const slot = await claimDailySlot(tx, { did: device.did, userId: user.id, at: ctx.clock.now(), perDay });
    if (!slot) throw new Failure(ErrorCode.deviceDailyLogin);
    const token = await issueToken(tx, ctx, user.id, device.did);
    return { user: toUser(user, ctx.config.PUBLIC_URL), token, did: device.did };
  });
}

export interface Principal {
  userId: number;
  tokenId: number;
}

const TOUCH_AFTER_MS = 60_000;

/** The account behind a bearer token; expired, revoked and banned ones are refused. */
export async function authenticate(ctx: DomainContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new Failure(ErrorCode.loginExpired);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ token: authTokens, bannedAt: users.bannedAt, deletedAt: users.deletedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, keyedHash(ctx.config.API_SECRET, token)));
  if (!row || row.deletedAt) throw new Failure(ErrorCode.loginExpired);
  // Checked before revocation and expiry: a banned account gets this one code on every
  // call, not only on the first one (which revokes its tokens).
  if (row.bannedAt) {
    await revokeAllTokens(ctx.db, row.token.userId, now);
    throw new Failure(ErrorCode.accountBanned);
  }
  const idleLimit = now.getTime() - ctx.config.TOKEN_IDLE_DAYS * 86_400_000;
  if (row.token.revokedAt || row.token.lastSeenAt.getTime() < idleLimit) {
    throw new Failure(ErrorCode.loginExpired);
  }
  if (now.getTime() - row.token.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await ctx.db.update(authTokens).set({ lastSeenAt: now }).where(eq(authTokens.id, row.token.id));
  }
  return { userId: row.token.userId, tokenId: row.token.id };
}

export async function revokeAllTokens(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: at }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function logout(ctx: DomainContext, principal: Principal): Promise<void> {
  await ctx.db.update(authTokens).set({ revokedAt: ctx.clock.now() }).where(eq(authTokens.id, principal.tokenId));
}

export async function loadUser(ctx: DomainContext, userId: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function profile(ctx: DomainContext, principal: Principal): Promise<User> {
  return toUser(await loadUser(ctx, principal.userId), ctx.config.PUBLIC_URL);
}

/**
 * Makes the owner of `code` this user's inviter (level 1). Refused when one is bound
 * already, for one's own code, and when it would close a loop in the invite tree.
 */
export async function bindInviter(ctx: DomainContext, principal: Principal, code: string): Promise<User> {
  const inviter = await inviterByCode(ctx.db, code);
  if (inviter.id === principal.userId) throw new Failure(ErrorCode.invalidInviteCode);
  const row = await ctx.db.transaction(async (tx) => {
    // One bind at a time: two concurrent binds (A takes B's code, B takes A's) would each
    // see no loop in their own snapshot and together close one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('invite-tree', 0))`);
    const loop = await tx.execute(sql`
      with recursive up(id, depth) as (
        select inviter_id, 1 from users where id = ${inviter.id}
        union all
        select u.inviter_id, up.depth + 1 from users u join up on u.id = up.id where up.depth < 64
      )
      select id from up where id = ${principal.userId} limit 1`);
    if (rowsOf(loop).length > 0) throw new Failure(ErrorCode.invalidInviteCode);
    const [updated] = await tx
      .update(users)
      .set({ inviterId: inviter.id })
      .where(and(eq(users.id, principal.userId), isNull(users.inviterId)))
      .returning();
    if (!updated) throw new Failure(ErrorCode.inviteAlreadyBound);
    return updated;
  });
  return toUser(row, ctx.config.PUBLIC_URL);
}

