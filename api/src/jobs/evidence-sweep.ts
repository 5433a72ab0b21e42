import type { Logger } from "pino";
import type { DomainContext } from "#api/src/domain/context.ts";
import { sweepEvidence } from "#api/src/domain/farms/evidence.ts";
import { repeat, type Repeating } from "./repeat.ts";

/**
 * Deletes the farm evidence past FARM_EVIDENCE_DAYS every FARM_EVIDENCE_SWEEP_MINUTES. Several
 * instances may run it at once: a row deleted twice is deleted once.
 */
export function startEvidenceSweep(ctx: DomainContext, log: Logger): Repeating {
  return repeat({ what: "farm evidence sweep", everyMs: ctx.config.FARM_EVIDENCE_SWEEP_MINUTES * 60_000, log }, async () => {
    const deleted = await sweepEvidence(ctx);
    if (deleted > 0) log.info({ deleted }, "farm evidence past its retention deleted");
  });
}
