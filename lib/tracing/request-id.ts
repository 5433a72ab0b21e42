import { trace } from "@opentelemetry/api";

/** A request id a client or a balancer may send (HAProxy's unique-id, a UUID): kept; anything else is replaced. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Names the request id on the span of the request being served, so a trace is found from a log
 * line and back (docs/decisions/060). Without tracing there is no span: nothing is done.
 */
export function tagRequestId(id: string): void {
  trace.getActiveSpan()?.setAttribute("vv.request_id", id);
}
