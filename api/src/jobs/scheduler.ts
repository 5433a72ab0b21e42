import type { Logger } from "pino";
import { catchUp } from "../domain/airdrop/distribution.ts";
import type { DomainContext } from "../domain/context.ts";

interface Scheduler {
  /** One pass now: distributes whatever has closed. Resolves when it is done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs round distribution every SCHEDULER_TICK_MS. Ticks never overlap in one process, and
 * the advisory lock inside distribution keeps other instances from doing the same round.
 */
export function startScheduler(ctx: DomainContext, log: Logger): Scheduler {
  let running: Promise<void> | undefined;

  const pass = async () => {
    try {
      const done = await catchUp(ctx);
      for (const r of done.filter((d) => d.fresh)) {
        log.info({ round: r.round, participants: r.participants, suspended: r.suspended, total: r.total.toString() }, "round distributed");
      }
    } catch (error) {
      log.error({ err: error }, "round distribution failed; retrying next tick");
    }
  };
  const tick = () => (running ??= pass().finally(() => (running = undefined)));
  const timer = setInterval(tick, ctx.config.SCHEDULER_TICK_MS);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
