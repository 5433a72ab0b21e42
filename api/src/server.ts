import closeWithGrace from "close-with-grace";
import { ConfigError, DatabaseUnreachableError, loadApiConfig } from "./config.ts";
import { FolderInUseError } from "./db/folder-lock.ts";
import { keepFilesPrivate } from "#lib/private-files.ts";
import { startApi } from "./start.ts";

/** Standalone entry: the API alone, for running it apart from the web app. */
try {
  const config = loadApiConfig();
  keepFilesPrivate(config.DATA_DIR);
  const api = await startApi(config);
  closeWithGrace({ delay: 10_000 }, async () => api.close());
} catch (error) {
  if (error instanceof ConfigError || error instanceof FolderInUseError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
