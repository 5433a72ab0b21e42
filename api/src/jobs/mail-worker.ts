import type { Logger } from "pino";
import type { DomainContext } from "#api/src/domain/context.ts";
import { deliverDue } from "#api/src/mail/outbox.ts";
import { repeat, type Repeating } from "./repeat.ts";

/**
 * Delivers the mail outbox every OUTBOX_TICK_MS, after the requests that queued it have
 * answered. Several instances may run it: each takes different rows (SKIP LOCKED).
 */
export function startMailWorker(ctx: DomainContext, log: Logger): Repeating {
  return repeat({ what: "outbox delivery", everyMs: ctx.config.OUTBOX_TICK_MS, log }, async () => {
    const { sent, failed } = await deliverDue(ctx);
    if (sent + failed > 0) log.info({ sent, failed }, "outbox delivered");
  });
}
