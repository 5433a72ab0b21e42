import { eq, inArray } from "drizzle-orm";
import { exchanges, toolProgress, users } from "#api/src/db/schema.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { exchangeInfoOf, openExchangeOf } from "./exchanges.ts";
import { heldStones, kindOf, makeDueStones, nextStoneAt } from "./stones.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

/** GET /v1/mint/force_stone/: the user's stones (made up to now), each with its exchange, and the one they are forming. */
export async function stoneList(ctx: DomainContext, userId: number) {
  await inTransaction(ctx, (tx) => makeDueStones(tx, userId));
  // Read once they are made, outside the transaction, whose one connection runs one query at a time.
  const [stones, [progress], open] = await Promise.all([
    heldStones(ctx, userId),
    ctx.db
      .select({ stoneSeq: toolProgress.stoneSeq, registeredAt: users.createdAt })
      .from(toolProgress)
      .innerJoin(users, eq(users.id, toolProgress.userId))
      .where(eq(toolProgress.userId, userId)),
    openExchangeOf(ctx, userId),
  ]);
  const exchangeIds = [...new Set([...stones.map((s) => s.exchangeId), open?.id].filter((id): id is number => typeof id === "number"))];
  const exchangeRows = exchangeIds.length ? await ctx.db.select().from(exchanges).where(inArray(exchanges.id, exchangeIds)) : [];
  const infos = new Map(await Promise.all(exchangeRows.map(async (e) => [e.id, await exchangeInfoOf(ctx, e, userId)] as const)));
  return {
    list: stones.slice(0, rules(ctx).STONE_MAX).map((s) => ({
      force_stone_id: s.id,
      name: kindOf(ctx, s.buffRatio),
      power: s.power,
      buff_ratio: s.buffRatio,
      status: s.exchangeId ? ("wait" as const) : ("init" as const),
      team_info: (s.exchangeId && infos.get(s.exchangeId)) || null,
    })),
    max_stones: rules(ctx).STONE_MAX,
    next_stone_at: toEpochSeconds(nextStoneAt(ctx, progress.registeredAt, progress.stoneSeq)),
    open_team: (open && infos.get(open.id)) || null,
    server_time: toEpochSeconds(ctx.clock.now()),
  };
}
