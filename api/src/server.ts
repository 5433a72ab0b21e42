import closeWithGrace from "close-with-grace";
import { setTimeout as sleep } from "node:timers/promises";
import { ConfigError, DatabaseUnreachableError, loadApiConfig } from "./config.ts";
import { FolderInUseError } from "./db/folder-lock.ts";
import { closeGraceMs } from "#lib/config/shared.ts";
import { keepFilesPrivate } from "#lib/private-files.ts";
import { startApi } from "./start.ts";

/**
 * Standalone entry: the API alone, for running it apart from the web app. On SIGTERM it drains
 * for SHUTDOWN_DRAIN_MS (a balancer's health check sees 503 and sends the requests elsewhere)
 * before it stops taking connections and answers what is in flight.
 */
try {
  const config = loadApiConfig();
  keepFilesPrivate(config.DATA_DIR);
  const api = await startApi(config);
  closeWithGrace({ delay: closeGraceMs(config.SHUTDOWN_DRAIN_MS) }, async ({ signal }) => {
    if (signal && config.SHUTDOWN_DRAIN_MS > 0) {
      api.drain();
      await sleep(config.SHUTDOWN_DRAIN_MS);
    }
    await api.close();
  });
} catch (error) {
  if (error instanceof ConfigError || error instanceof FolderInUseError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
