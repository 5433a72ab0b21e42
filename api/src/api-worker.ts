import { parentPort, workerData } from "node:worker_threads";
import type { ApiConfig } from "./config.ts";
import { startApi } from "./start.ts";
import { threadOnly } from "#lib/metrics.ts";
import { startFailureOf, type FromApiWorker, type ToApiWorker } from "./start-in-worker.ts";

/** The API's own thread (start-in-worker.ts): starts it, and closes it when the web app says so. */
const port = parentPort!;
const tell = (message: FromApiWorker) => port.postMessage(message);

try {
  const config = workerData as ApiConfig;
  // METRICS_PORT is the web app's: it serves this thread's metrics with its own.
  const api = await startApi(config, undefined, { metrics: config.METRICS_PORT ? "collect" : "off" });
  port.on("message", async (message: ToApiWorker) => {
    if (message.type === "metrics") {
      api.metrics().then(
        (metrics) => tell({ type: "metrics", id: message.id, metrics: threadOnly(metrics) }),
        (error: Error) => tell({ type: "metrics", id: message.id, error: error.message }),
      );
      return;
    }
    try {
      await api.close();
      tell({ type: "closed" });
    } catch (error) {
      tell({ type: "closed", error: (error as Error).message });
    }
    port.close();
  });
  tell({ type: "ready", url: api.url });
} catch (error) {
  tell({ type: "failed", kind: startFailureOf(error), message: (error as Error).message });
  port.close();
}
