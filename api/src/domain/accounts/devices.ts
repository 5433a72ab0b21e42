import { and, eq, lt, sql } from "drizzle-orm";
import { ErrorCode } from "../../../../contract/errors.ts";
import { rowsOf } from "../../db/client.ts";
import { deviceDailyLogins, devices } from "../../db/schema.ts";
import { utcDay } from "../../lib/clock.ts";
import { randomToken } from "../../lib/crypto.ts";
import { Failure } from "../../lib/failure.ts";
import type { DomainContext } from "../context.ts";

const DID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new opaque 128-bit device id, recorded so the device rules can apply to it. */
export async function issueDid(ctx: DomainContext): Promise<string> {
  const did = randomToken(16);
  await ctx.db.insert(devices).values({ did, createdAt: ctx.clock.now() });
  return did;
}

/**
 * The caller's device row. A missing, malformed or unknown did (one this server never
 * issued) gets a new server-issued device: clients cannot choose their device id (rules.md §1).
 */
export async function resolveDevice(ctx: DomainContext, did: string | undefined) {
  if (did && DID.test(did)) {
    const [row] = await ctx.db.select().from(devices).where(eq(devices.did, did));
    if (row?.bannedAt) throw new Failure(ErrorCode.deviceBlocked);
    if (row) return row;
  }
  const fresh = await issueDid(ctx);
  const [row] = await ctx.db.select().from(devices).where(eq(devices.did, fresh));
  return row;
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
