import { and, eq, lt, sql } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { rowsOf } from "#api/src/db/client.ts";
import { deviceDailyLogins, devices } from "#api/src/db/schema.ts";
import { utcDay } from "#api/src/lib/clock.ts";
import { keyedHash, randomToken, sameHash } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

const DID = /^[A-Za-z0-9_-]{16,64}$/;
const ID_CHARS = 22;

export interface Device {
  did: string;
  registrations: number;
  bannedAt: Date | null;
}

function didTag(ctx: DomainContext, id: string): string {
  return keyedHash(ctx.config.API_SECRET, `did:${id}`).slice(0, ID_CHARS);
}

/**
 * A new opaque device id: 128 random bits and a keyed tag, so this server recognises its
 * own ids without storing them. Nothing is written until the device signs in (recordDevice):
 * anonymous visits cannot fill the devices table.
 */
export function issueDid(ctx: DomainContext): string {
  const id = randomToken(16);
  return id + didTag(ctx, id);
}

function isIssuedHere(ctx: DomainContext, did: string): boolean {
  return did.length === 2 * ID_CHARS && sameHash(did.slice(ID_CHARS), didTag(ctx, did.slice(0, ID_CHARS)));
}

/** The caller's device id when this server issued it, else a new one; nothing read or written. */
export function ownDid(ctx: DomainContext, did: string | undefined): string {
  return did && DID.test(did) && isIssuedHere(ctx, did) ? did : issueDid(ctx);
}

/**
 * The caller's device, read only: its row, or a device with no history yet. A missing,
 * malformed or foreign did (one this server never issued) gets a new id: clients cannot
 * choose their device id, or the per-device limits would be theirs to reset.
 */
export async function findDevice(ctx: DomainContext, did: string | undefined): Promise<Device> {
  if (did && DID.test(did)) {
    const [row] = await ctx.db.select().from(devices).where(eq(devices.did, did));
    if (row?.bannedAt) throw new Failure(ErrorCode.deviceBlocked);
    if (row) return row;
    if (isIssuedHere(ctx, did)) return { did, registrations: 0, bannedAt: null };
  }
  return { did: issueDid(ctx), registrations: 0, bannedAt: null };
}

/** Stores the device the first time it signs in; the sign-in's transaction holds it from here. */
export async function recordDevice(ctx: DomainContext, did: string): Promise<void> {
  await ctx.db.insert(devices).values({ did, createdAt: ctx.clock.now() }).onConflictDoNothing();
}

/** Counts one more registration on the device, atomically refusing past the limit. */
export async function reserveRegistration(ctx: DomainContext, did: string): Promise<void> {
  const reserved = await ctx.db
    .update(devices)
    .set({ registrations: sql`${devices.registrations} + 1` })
    .where(and(eq(devices.did, did), lt(devices.registrations, ctx.config.DEVICE_MAX_REGISTRATIONS)))
    .returning({ did: devices.did });
  if (reserved.length === 0) throw new Failure(ErrorCode.deviceRegisterLimit);
}

/**
 * Takes one of the device's daily account slots for this user (or finds the one it has).
 * The primary key (did, day, slot) settles races between two accounts.
 */
export async function claimDailySlot(ctx: DomainContext, input: { did: string; userId: number }): Promise<boolean> {
  const day = utcDay(ctx.clock.now());
  const perDay = ctx.config.DEVICE_ACCOUNTS_PER_DAY;
  const mine = await ctx.db
    .select({ slot: deviceDailyLogins.slot })
    .from(deviceDailyLogins)
    .where(and(eq(deviceDailyLogins.did, input.did), eq(deviceDailyLogins.day, day), eq(deviceDailyLogins.userId, input.userId)));
  if (mine.length > 0) return true;
  const taken = await ctx.db.execute<{ slot: number }>(sql`
    insert into ${deviceDailyLogins} (did, day, user_id, slot)
    select ${input.did}, ${day}::date, ${input.userId}, s
    from generate_series(1, ${perDay}::int) as s
    where not exists (
      select 1 from ${deviceDailyLogins} d where d.did = ${input.did} and d.day = ${day}::date and d.slot = s
    )
    order by s
    limit 1
    on conflict do nothing
    returning slot`);
  return rowsOf(taken).length > 0;
}

/** Whether the device could still log in this user today, without taking a slot. */
export async function hasDailySlot(ctx: DomainContext, input: { did: string; userId: number }): Promise<boolean> {
  const day = utcDay(ctx.clock.now());
  const rows = await ctx.db
    .select({ userId: deviceDailyLogins.userId })
    .from(deviceDailyLogins)
    .where(and(eq(deviceDailyLogins.did, input.did), eq(deviceDailyLogins.day, day)));
  return rows.some((r) => r.userId === input.userId) || rows.length < ctx.config.DEVICE_ACCOUNTS_PER_DAY;
}
