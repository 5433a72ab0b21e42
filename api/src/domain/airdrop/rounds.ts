import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { AirdropRound } from "#contract/airdrop.ts";
import { unitsToDecimal } from "#contract/money.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { prepared } from "#api/src/db/prepared.ts";
import { rounds, userRounds } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

const LIST_LIMIT = 50;

/** The user's rounds, newest first, with each round's totals; a page of `size` below round `before`. */
export async function listRounds(ctx: DomainContext, userId: number, page: { before?: number; size?: number } = {}) {
  const size = page.size ?? LIST_LIMIT;
  // Two shapes, each prepared once: the first page, and a page below a round number.
  const name = page.before ? "rounds_of_user_before" : "rounds_of_user";
  const rows = await prepared(ctx.db, name, (db) =>
    db
      .select({ mine: userRounds, round: rounds })
      .from(userRounds)
      .leftJoin(rounds, eq(rounds.roundNumber, userRounds.roundNumber))
      .where(
        and(
          eq(userRounds.userId, sql.placeholder("user")),
          page.before ? lt(userRounds.roundNumber, sql.placeholder("before")) : undefined,
        ),
      )
      .orderBy(desc(userRounds.roundNumber))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ user: userId, before: page.before, limit: size + 1 });
  const list: AirdropRound[] = rows.slice(0, size).map(({ mine, round }) => ({
    id: mine.id,
    user_id: mine.userId,
    round_number: mine.roundNumber,
    airdrop_at: toEpochSeconds(mine.airdropAt),
    amount: unitsToDecimal(mine.amount),
    power: mine.power,
    collected: mine.collectedAt !== null,
    round_total: unitsToDecimal(round?.totalAmount ?? 0n),
    round_claims: round?.claims ?? 0,
    distributed: round?.distributed ?? false,
  }));
  return { list, next_before: rows.length > size ? list[list.length - 1].round_number : null };
}
