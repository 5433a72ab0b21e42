import { eq, inArray } from "drizzle-orm";
import { forceTeams, toolProgress, users } from "../../db/schema.ts";
import { toEpochSeconds } from "../../../../contract/time.ts";
import { inTransaction, type DomainContext } from "../context.ts";
import { openTeamOf, teamInfoOf } from "./exchanges.ts";
import { heldStones, kindOf, makeDueStones, nextStoneAt } from "./stones.ts";

/** GET /v1/mint/force_stone/: the user's stones (made up to now), each with its exchange, and the one they are forming. */
export async function stoneList(ctx: DomainContext, userId: number) {
  return inTransaction(ctx, async (tx) => {
    await makeDueStones(tx, userId);
    const [stones, [progress], open] = await Promise.all([
      heldStones(tx, userId),
      tx.db
        .select({ stoneSeq: toolProgress.stoneSeq, registeredAt: users.createdAt })
        .from(toolProgress)
        .innerJoin(users, eq(users.id, toolProgress.userId))
        .where(eq(toolProgress.userId, userId)),
      openTeamOf(tx, userId),
    ]);
    const teamIds = [...new Set(stones.map((s) => s.teamId).filter((id): id is number => id !== null))];
    const teams = teamIds.length ? await tx.db.select().from(forceTeams).where(inArray(forceTeams.id, teamIds)) : [];
    const infos = new Map(await Promise.all(teams.map(async (t) => [t.id, await teamInfoOf(tx, t, userId)] as const)));
    return {
      list: stones.slice(0, tx.config.STONE_MAX).map((s) => ({
        force_stone_id: s.id,
        name: kindOf(tx, s.buffRatio),
        power: s.power,
        buff_ratio: s.buffRatio,
        status: s.teamId ? ("wait" as const) : ("init" as const),
        team_info: (s.teamId && infos.get(s.teamId)) || null,
      })),
      max_stones: tx.config.STONE_MAX,
      next_stone_at: toEpochSeconds(nextStoneAt(tx, progress.registeredAt, progress.stoneSeq)),
      open_team: open ? (infos.get(open.id) ?? (await teamInfoOf(tx, open, userId))) : null,
    };
  });
}
