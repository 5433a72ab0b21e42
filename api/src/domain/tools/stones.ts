import { and, asc, eq, isNull } from "drizzle-orm";
import { STONE_KINDS, type StoneKind } from "#contract/tool-kinds.ts";
import { forceStones } from "#api/src/db/schema.ts";
import { keyedHash } from "#lib/crypto.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { countOf, lockProgress, saveProgress } from "./progress.ts";
import { parseSchedule, stoneDueDay, stonesDueBy } from "./schedule.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

const DAY_MS = 86_400_000;

function ratiosOf(ctx: DomainContext): number[] {
  return rules(ctx).STONE_RATIOS.split(",").map(Number);
}

/**
 * Stone `seq` of a user, the same every time it is asked for: power and bonus rate come from
 * a keyed hash of (user, seq), so two requests making it agree and nobody can predict it.
 */
export function stoneOf(ctx: DomainContext, userId: number, seq: number): { power: number; buffRatio: number } {
  const bytes = Buffer.from(keyedHash(ctx.config.API_SECRET, `stone:${userId}:${seq}`), "base64url");
  const span = rules(ctx).STONE_POWER_MAX - rules(ctx).STONE_POWER_MIN + 1;
  const ratios = ratiosOf(ctx);
  return { power: rules(ctx).STONE_POWER_MIN + (bytes.readUInt32BE(0) % span), buffRatio: ratios[bytes[4] % ratios.length] };
}

/**
 * The stone's kind by its bonus rate: the lowest rate is earth, the highest fire. A stone made
 * before a rule version changed the rates takes the kind of the nearest rate in force.
 */
export function kindOf(ctx: DomainContext, buffRatio: number): StoneKind {
  const ratios = ratiosOf(ctx);
  const nearest = ratios.reduce((best, r, i) => (Math.abs(r - buffRatio) < Math.abs(ratios[best] - buffRatio) ? i : best), 0);
  return STONE_KINDS[nearest];
}

/** What each participant gains: own power + own power x every participant's rate, rounded down. */
export function exchangeGain(power: number, ratioSumPercent: number): number {
  return power + Math.floor((power * ratioSumPercent) / 100);
}

/**
 * Makes the user's stones that have fallen due since last time. One that falls due while
 * STONE_MAX are held is forfeited. The held count only drops when an exchange completes, and
 * completion makes every participant's due stones first, so making them late changes nothing.
 */
export async function makeDueStones(tx: DomainContext, userId: number): Promise<void> {
  const progress = await lockProgress(tx, userId);
  const runs = parseSchedule(rules(tx).STONE_SCHEDULE);
  const now = tx.clock.now().getTime();
  const due = stonesDueBy(runs, Math.floor((now - progress.registeredAt.getTime()) / DAY_MS));
  if (due <= progress.stoneSeq) return;
  const [{ n: held }] = await tx.db
    .select({ n: countOf })
    .from(forceStones)
    .where(and(eq(forceStones.userId, userId), isNull(forceStones.usedAt)));
  const rows = [];
  for (let seq = progress.stoneSeq + 1; seq <= due && held + rows.length < rules(tx).STONE_MAX; seq++) {
    const dueAt = new Date(progress.registeredAt.getTime() + stoneDueDay(runs, seq) * DAY_MS);
    rows.push({ userId, seq, dueAt, ...stoneOf(tx, userId, seq) });
  }
  if (rows.length) await tx.db.insert(forceStones).values(rows);
  await saveProgress(tx, userId, { stoneSeq: due });
}

/** When the user's next stone falls due. */
export function nextStoneAt(ctx: DomainContext, registeredAt: Date, stoneSeq: number): Date {
  return new Date(registeredAt.getTime() + stoneDueDay(parseSchedule(rules(ctx).STONE_SCHEDULE), stoneSeq + 1) * DAY_MS);
}

/** The user's unused stones, oldest first. */
export function heldStones(ctx: DomainContext, userId: number) {
  return ctx.db
    .select()
    .from(forceStones)
    .where(and(eq(forceStones.userId, userId), isNull(forceStones.usedAt)))
    .orderBy(asc(forceStones.seq));
}
