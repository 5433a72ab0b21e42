import type { Logger } from "pino";

/** A background job: one pass now and every `everyMs`, passes never overlapping in one process. */
export interface Repeating {
  /** One pass now, or the one already running. Resolves when it is done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** A pass that fails is logged and simply runs again at the next tick. */
export function repeat(job: { what: string; everyMs: number; log: Logger }, pass: () => Promise<void>): Repeating {
  let running: Promise<void> | undefined;
  const guarded = async () => {
    try {
      await pass();
    } catch (error) {
      job.log.error({ err: error }, `${job.what} failed; retrying next tick`);
    }
  };
  const tick = () => (running ??= guarded().finally(() => (running = undefined)));
  const timer = setInterval(tick, job.everyMs);
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
