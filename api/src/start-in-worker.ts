import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import { DatabaseUnreachableError, type ApiConfig } from "./config.ts";
import { FolderInUseError } from "./db/folder-lock.ts";
import type { RunningApi } from "./start.ts";
import type { MetricsJson } from "#lib/metrics.ts";

export type ToApiWorker = { type: "close" } | { type: "metrics"; id: number };
export type FromApiWorker =
  | { type: "ready"; url: string }
  | { type: "failed"; kind: StartFailure; message: string }
  | { type: "closed"; error?: string }
  | { type: "metrics"; id: number; metrics?: MetricsJson; error?: string };

/**
 * Why the API thread could not start, so this side throws the same class: a folder in use or a
 * database that cannot be reached is told in one line (server.ts), anything else is a bug.
 */
export type StartFailure = "folder-in-use" | "database-unreachable" | "other";

export function startFailureOf(error: unknown): StartFailure {
  if (error instanceof FolderInUseError) return "folder-in-use";
  if (error instanceof DatabaseUnreachableError) return "database-unreachable";
  return "other";
}

function startError(kind: StartFailure, message: string): Error {
  if (kind === "folder-in-use") return new FolderInUseError(message);
  if (kind === "database-unreachable") return new DatabaseUnreachableError(message);
  return new Error(message);
}

/**
 * The API of `npm start` on a thread of its own (decision 027): the web app's rendering and the
 * API's work (PGlite's queries run synchronously on the thread that owns the database) no longer
 * wait on each other, and a second core serves. The web app still reaches it over loopback HTTP.
 * A thread does not inherit the process's `--import tsx` hooks (Node 20), so its first lines
 * register them. An uncaught failure in the thread ends the process, as it did when both shared
 * one thread.
 */
export function startApiInWorker(config: ApiConfig, log: Logger): Promise<RunningApi> {
  const entry = new URL("./api-worker.ts", import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))};
register();
await import(${JSON.stringify(entry)});`;
  const worker = new Worker(boot, { eval: true, workerData: config });
  let closing: ((message: FromApiWorker & { type: "closed" }) => void) | undefined;
  const scrapes = new Map<number, (answer: FromApiWorker & { type: "metrics" }) => void>();
  let scrapeId = 0;
  worker.on("error", (error) => {
    log.fatal({ err: error }, "the API thread failed");
    process.exit(1);
  });
  return new Promise((resolve, reject) => {
    worker.on("message", (message: FromApiWorker) => {
      if (message.type === "failed") reject(startError(message.kind, message.message));
      if (message.type === "closed") closing?.(message);
      if (message.type === "metrics") {
        scrapes.get(message.id)?.(message);
        scrapes.delete(message.id);
      }
      if (message.type !== "ready") return;
      resolve({
        url: message.url,
        metrics: () =>
          new Promise((done, fail) => {
            scrapeId += 1;
            scrapes.set(scrapeId, (answer) => (answer.metrics ? done(answer.metrics) : fail(new Error(answer.error))));
            worker.postMessage({ type: "metrics", id: scrapeId } satisfies ToApiWorker);
          }),
        close: () =>
          new Promise<void>((done, fail) => {
            closing = (answer) => (answer.error ? fail(new Error(answer.error)) : done());
            worker.postMessage({ type: "close" } satisfies ToApiWorker);
          }),
      });
    });
  });
}
