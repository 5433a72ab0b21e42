/**
 * Helpers for the airdrop test files: short rounds from a fixed epoch, time moved only with the
 * test clock, and the mint calls answered through the real HTTP surface and checked against
 * the contract's schemas (what a client sees).
 */
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { claimResult, airdropInfoSchema, roundListResult, type AirdropInfo, type AirdropRound } from "#contract/airdrop.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { minters, powerGrants, rounds, userRounds, users } from "#api/src/db/schema.ts";
import { distributeRound } from "#api/src/domain/airdrop/distribution.ts";
import type { TestApi } from "../setup/test-api.ts";
import { expectOk, type Caller } from "./helpers.ts";

export const EPOCH = "2026-03-01T00:00:00Z";
export const ROUND_SECONDS = 600;
const EPOCH_S = Date.parse(EPOCH) / 1000;

/** Config overrides: 10-minute rounds from a fixed epoch (the harness clock starts at 08:00, inside round 49). */
export function roundConfig(extra: Record<string, string> = {}): Record<string, string> {
  return { ROUND_SECONDS: String(ROUND_SECONDS), ROUND_EPOCH: EPOCH, ...extra };
}

/** Epoch seconds at which round n closes. */
export function closeOf(n: number): number {
  return EPOCH_S + n * ROUND_SECONDS;
}

/** Sets the clock `offset` seconds into round n (round n runs from close(n-1) to close(n)). */
export function setInRound(api: TestApi, n: number, offset = 1): void {
  api.clock.set(new Date((closeOf(n - 1) + offset) * 1000));
}

export function nowSeconds(api: TestApi): number {
  return Math.floor(api.clock.now().getTime() / 1000);
}

export const vv = (units: bigint) => unitsToDecimal(units);

export async function mintInfo(c: Caller): Promise<AirdropInfo> {
  const data = expectOk<AirdropInfo>(await c.call("GET", "/v1/mint/user_info/"));
  const parsed = airdropInfoSchema.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

export async function mintList(c: Caller): Promise<AirdropRound[]> {
  const data = expectOk<{ list: AirdropRound[] }>(await c.call("GET", "/v1/mint/list/"));
  const parsed = roundListResult.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data.list;
}

export async function start(c: Caller): Promise<{ mint_status: string; power_granted: number }> {
  return expectOk(await c.call("POST", "/v1/mint/start/"));
}

export interface Collected {
  amount: string;
  rounds: number;
  resumed: boolean;
}

export async function collect(c: Caller): Promise<Collected> {
  const data = expectOk<Collected>(await c.call("POST", "/v1/mint/collect/"));
  expect(claimResult.safeParse(data).success).toBe(true);
  return data;
}

/** distributeRound called directly for one round at the clock's time. */
export function distributeOne(api: TestApi, round: number) {
  return distributeRound(api.domain, round);
}

/** The database as it is, for invariants the API cannot show in one answer. */
export async function tables(api: TestApi) {
  const db = api.database.db;
  return {
    rounds: await db.select().from(rounds).orderBy(asc(rounds.roundNumber)),
    userRounds: await db.select().from(userRounds).orderBy(asc(userRounds.userId), asc(userRounds.roundNumber)),
    minters: await db.select().from(minters).orderBy(asc(minters.userId)),
  };
}

export async function rowsOfUser(api: TestApi, userId: number) {
  return api.database.db.select().from(userRounds).where(eq(userRounds.userId, userId)).orderBy(asc(userRounds.roundNumber));
}

export async function userRow(api: TestApi, userId: number) {
  const [row] = await api.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function grantsOf(api: TestApi, userId: number) {
  return api.database.db.select().from(powerGrants).where(eq(powerGrants.userId, userId));
}

/** Sums decimal strings exactly (as units). */
export function sumUnits(amounts: string[]): bigint {
  return amounts.reduce((s, a) => s + BigInt(a.replace(".", "")), 0n);
}

export function tally<T extends string | number>(values: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}
