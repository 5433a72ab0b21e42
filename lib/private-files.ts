import { chmodSync, existsSync } from "node:fs";

/**
 * Everything this process writes (the embedded database, generated secrets, mail kept in the
 * outbox folder, uploads) is for its own user only: directories 0700, files 0600. An existing
 * data folder is closed up too.
 */
export function keepFilesPrivate(dataDir?: string): void {
  process.umask(0o077);
  if (dataDir && existsSync(dataDir)) chmodSync(dataDir, 0o700);
}
