import { and, asc, eq, sql } from "drizzle-orm";
import type { OtpPurpose } from "#contract/accounts.ts";
import { ErrorCode } from "#contract/errors.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "#contract/languages.ts";
import type { User } from "#contract/profile.ts";
import { authTokens, users } from "#api/src/db/schema.ts";
import { randomCode, randomDigits } from "#lib/crypto.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { bannedRefusal } from "#api/src/domain/appeals/pass.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { recordAccountEvent } from "#api/src/domain/farms/evidence.ts";
import { toUser, type UserRow } from "#api/src/domain/profile/users.ts";
import { holdInviter, inviterByCode } from "#api/src/domain/team/invites.ts";
import { claimDailySlot, findDevice, hasDailySlot, recordDevice, reserveRegistration, type Device } from "./devices.ts";
import { isDisposableDomain } from "./disposable.ts";
import { canonicalEmail, isValidEmail, normalizeEmail } from "./email.ts";
import { mailNewDevice } from "./new-device.ts";
import { consumeCode } from "./otp.ts";
import { passSignupGate, type Friction } from "./signup-proof.ts";
import { issueToken } from "./tokens.ts";
import { deviceOf } from "./user-agent.ts";

/** What the sign-in request tells of the browser it came from. */
export interface Agent {
  userAgent?: string;
  nativeApp?: boolean;
  /** The client's address (behind TRUST_PROXY's proxies): kept only as its network's hash, for farm signals. */
  ip?: string;
}

/**
 * The e-mail, checked for format and for the purpose: login needs an account, register needs none.
 * Accounts are found by the canonical form (docs/decisions/037): "A.B+x@gmail.com" finds the
 * account of "ab@gmail.com". Where accounts from before that rule share a canonical form, the one
 * whose address is exactly the one typed comes first, then the oldest (slot 0).
 * `email` is the address as typed, `canonical` the key of codes and of the unique index.
 */
export async function checkEmailFor(ctx: DomainContext, rawEmail: string, purpose: OtpPurpose) {
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw new Failure(ErrorCode.invalidEmail);
  // Throwaway mailboxes may not open accounts (decision 065); accounts they already have still sign in.
  if (purpose === "register" && isDisposableDomain(email, ctx.config)) throw new Failure(ErrorCode.disposableEmail);
  const canonical = canonicalEmail(email);
  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.emailCanonical, canonical))
    .orderBy(sql`${users.email} = ${email} desc`, asc(users.emailSlot))
    .limit(1);
  if (purpose === "login" && !existing) throw new Failure(ErrorCode.emailNotFound);
  if (purpose === "register" && existing) throw new Failure(ErrorCode.emailRegistered);
  return { email, canonical, existing };
}

export interface Session {
  user: User;
  token: string;
  did: string;
}

export async function register(
  ctx: DomainContext,
  input: {
    email: string;
    code: string;
    inviteCode?: string;
    did?: string;
    uiLang?: string;
    lang?: string;
    /** A client's request: the gate that asks for a proof under pressure. Absent for operators' own tools. */
    friction?: Friction;
  } & Agent,
): Promise<Session> {
  const { email, canonical } = await checkEmailFor(ctx, input.email, "register");
  const inviter = input.inviteCode ? await inviterByCode(ctx, input.inviteCode) : undefined;
  if (input.friction) await passSignupGate(ctx, { ...input.friction, step: "register", email, inviterId: inviter?.id });
  const device = await findDevice(ctx, input.did);
  if (device.registrations >= ctx.config.DEVICE_MAX_REGISTRATIONS) throw new Failure(ErrorCode.deviceRegisterLimit);
  await consumeCode(ctx, { email: canonical, purpose: "register", code: input.code, did: device.did });

  const uiLang = normalizeLanguage(input.uiLang) ?? DEFAULT_LANGUAGE;
  const lang = normalizeLanguage(input.lang) ?? uiLang;
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    // The inviter's deletion or ban may have committed since the code was looked up.
    if (inviter) await holdInviter(tx, inviter.id);
    await recordDevice(tx, device.did);
    await reserveRegistration(tx, device.did);
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
    await claimDailySlot(tx, { did: device.did, userId: row.id });
    await recordAccountEvent(tx, { userId: row.id, kind: "register", did: device.did, ip: input.ip });
    const { token } = await issueToken(tx, row.id, device.did, deviceOf(input.userAgent, !!input.nativeApp));
    return { user: toUser(ctx, row), token, did: device.did };
  });
}

async function insertUser(ctx: DomainContext, values: Omit<typeof users.$inferInsert, "displayId" | "inviteCode">): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a collision on a random code does not abort the whole registration.
      return await inTransaction(ctx, async (sp) => {
        const [row] = await sp.db
          .insert(users)
          .values({ ...values, displayId: "1" + randomDigits(8), inviteCode: randomCode(8) })
          .returning();
        return row;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      // Two registrations of one mailbox at once ("a.b@gmail.com" and "ab+x@gmail.com"): one account.
      if (constraint === "users_email_key" || constraint === "users_email_canonical_key") throw new Failure(ErrorCode.emailRegistered);
      if (!constraint || attempt >= 5) throw error;
    }
  }
}

/** A sign-in from a device the account has never signed in on also mails the owner a "Not you?" link (decision 055). */
export async function login(ctx: DomainContext, input: { email: string; code: string; did?: string } & Agent): Promise<Session> {
  const { canonical, existing } = await checkEmailFor(ctx, input.email, "login");
  const user = existing!;
  if (user.bannedAt) {
    // The code proves the mailbox: its owner learns why, and may appeal (decision 066).
    const device = await findDevice(ctx, input.did);
    await consumeCode(ctx, { email: canonical, purpose: "login", code: input.code, did: device.did });
    throw bannedRefusal(ctx, user.id);
  }
  const device = await admitOnDevice(ctx, user, input.did);
  await consumeCode(ctx, { email: canonical, purpose: "login", code: input.code, did: device.did });
  return openSession(ctx, user, device.did, input);
}

/**
 * The rules of the device for signing an existing account in (its ban, accounts a day), checked
 * before the proof is spent: a code or a passkey alike. A banned account never gets here: it is
 * refused once proven, with its appeal pass.
 */
export async function admitOnDevice(ctx: DomainContext, user: UserRow, did: string | undefined): Promise<Device> {
  const device = await findDevice(ctx, did);
  if (!(await hasDailySlot(ctx, { did: device.did, userId: user.id }))) throw new Failure(ErrorCode.deviceDailyLogin);
  return device;
}

/**
 * Signs a proven account in on the device: takes the day's slot (settling a race with another
 * account), issues the token, and mails the owner when the device is new to the account.
 */
export function openSession(ctx: DomainContext, user: UserRow, did: string, agent: Agent): Promise<Session> {
  return inTransaction(ctx, async (tx) => {
    await recordDevice(tx, did);
    if (!(await claimDailySlot(tx, { did, userId: user.id }))) throw new Failure(ErrorCode.deviceDailyLogin);
    const seen = await knownDevice(tx, user.id, did);
    const named = deviceOf(agent.userAgent, !!agent.nativeApp);
    const { token, id } = await issueToken(tx, user.id, did, named);
    await recordAccountEvent(tx, { userId: user.id, kind: "login", did, ip: agent.ip });
    if (!seen) await mailNewDevice(tx, user, { sessionId: id, ...named });
    return { user: toUser(ctx, user), token, did };
  });
}

async function knownDevice(ctx: DomainContext, userId: number, did: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.did, did)))
    .limit(1);
  return !!row;
}
