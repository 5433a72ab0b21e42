import type { Logger } from "pino";
import { catchUp } from "#api/src/domain/airdrop/distribution.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { refreshRules } from "#api/src/domain/rules/versions.ts";
import { countRound } from "#api/src/metrics.ts";
import { repeat, type Repeating } from "./repeat.ts";

/**
 * Runs round distribution every SCHEDULER_TICK_MS. Ticks never overlap in one process, and
 * the advisory lock inside distribution keeps other instances from doing the same round. Each
 * tick first reads the rule versions again, so a version an operator scheduled (or cancelled)
 * reaches every instance long before it starts.
 */
export function startScheduler(ctx: DomainContext, log: Logger): Repeating {
  return repeat({ what: "round distribution", everyMs: ctx.config.SCHEDULER_TICK_MS, log }, async () => {
    await refreshRules(ctx);
    const done = await catchUp(ctx, (r, seconds) => countRound(r.participants, seconds));
    for (const r of done.filter((d) => d.fresh)) {
      log.info({ round: r.round, participants: r.participants, suspended: r.suspended, total: r.total.toString() }, "round distributed");
    }
  });
}
