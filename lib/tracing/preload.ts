import { env } from "node:process";

/**
 * The first module of every server process (`node --import tsx --import ./lib/tracing/preload.ts`)
 * and, inherited, of the API's thread in the web app's process: OpenTelemetry tracing when an
 * OTLP endpoint is configured, and nothing else (docs/decisions/060). Unset, the SDK is never
 * loaded: this file is the whole cost.
 */
if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  const { startTracing } = await import("./sdk.ts");
  await startTracing();
}
