import { eq, inArray } from "drizzle-orm";
import { forceTeams, toolProgress, users } from "../../db/schema.ts";
import { toEpochSeconds } from "../../../../contract/time.ts";
import { inTransaction, type DomainContext } from "../context.ts";
import { openTeamOf, teamInfoOf } from "./exchanges.ts";
import { heldStones, kindOf, makeDueStones, nextStoneAt } from "./stones.ts";

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
    openTeamOf(ctx, userId),
  ]);
  const teamIds = [...new Set([...stones.map((s) => s.teamId), open?.id].filter((id): id is number => typeof id === "number"))];
  const teams = teamIds.length ? await ctx.db.select().from(forceTeams).where(inArray(forceTeams.id, teamIds)) : [];
  const infos = new Map(await Promise.all(teams.map(async (t) => [t.id, await teamInfoOf(ctx, t, userId)] as const)));
  return {
    list: stones.slice(0, ctx.config.STONE_MAX).map((s) => ({
      force_stone_id: s.id,
      name: kindOf(ctx, s.buffRatio),
      power: s.power,
      buff_ratio: s.buffRatio,
      status: s.teamId ? ("wait" as const) : ("init" as const),
      team_info: (s.teamId && infos.get(s.teamId)) || null,
    })),
    max_stones: ctx.config.STONE_MAX,
    next_stone_at: toEpochSeconds(nextStoneAt(ctx, progress.registeredAt, progress.stoneSeq)),
    open_team: (open && infos.get(open.id)) || null,
    server_time: toEpochSeconds(ctx.clock.now()),
  };
}
