import { isMainThread } from "node:worker_threads";
import { trace, TraceFlags } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK, type NodeSDKConfiguration } from "@opentelemetry/sdk-node";

/**
 * The API is the standalone entry or the web app's second thread (decision 027); anything
 * else is the web app. OTEL_SERVICE_NAME, when set, names it instead.
 */
function serviceName(): string {
  const api = !isMainThread || /api\/src\/server\.ts$/.test(process.argv[1] ?? "");
  return process.env.OTEL_SERVICE_NAME || (api ? "vv-api" : "vv-web");
}

/**
 * Traces from the web app through the API to PostgreSQL, sent to the OTLP/HTTP endpoint of
 * the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT...). Spans of incoming and outgoing HTTP
 * (node:http: Express and Fastify; undici: the web app's calls to the API, which carry the
 * trace in `traceparent`) and of pg's queries. The instrumentations patch modules as they are
 * required, so this runs before any other module of the process. No ESM loader hook is needed:
 * Express, Fastify and pg are CommonJS (an ES module's import of them goes through require's
 * loader), and undici reports through diagnostics_channel.
 */
export async function startTracing(): Promise<void> {
  // Traces only: the metrics are Prometheus's (decision 059), and the logs pino's.
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  const sdk = new NodeSDK({
    serviceName: serviceName(),
    traceExporter: new OTLPTraceExporter(),
    sampler: withoutProbes,
    instrumentations: [new HttpInstrumentation(), new UndiciInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
}

type Sampler = NonNullable<NodeSDKConfiguration["sampler"]>;
type Decision = ReturnType<Sampler["shouldSample"]>["decision"];
/** The SDK's SamplingDecision values (its enum is not this package's to import). */
const NOT_RECORD = 0 as Decision;
const RECORD_AND_SAMPLED = 2 as Decision;
const PROBE = /^\/(livez|healthz)(?:[/?]|$)/;

/**
 * Every trace, but those of the probes an orchestrator polls every few seconds (they would be
 * most of the traces), and what follows a caller's decision: a span whose parent was not
 * sampled is not either (the web app's /healthz calls the API's). The HTTP instrumentation's
 * own way to skip a path suppresses tracing in the request's context, which on a keep-alive
 * connection carries over to the next request parsed from it: the API then traced none of the
 * web app's calls that followed a health check on the same connection.
 */
const withoutProbes: Sampler = {
  shouldSample(context, _traceId, _name, _kind, attributes) {
    const parent = trace.getSpanContext(context);
    if (parent) return { decision: parent.traceFlags & TraceFlags.SAMPLED ? RECORD_AND_SAMPLED : NOT_RECORD };
    const path = attributes["url.path"] ?? attributes["http.target"];
    return { decision: typeof path === "string" && PROBE.test(path) ? NOT_RECORD : RECORD_AND_SAMPLED };
  },
  toString: () => "ParentBased{root=AlwaysOn but /livez and /healthz}",
};
