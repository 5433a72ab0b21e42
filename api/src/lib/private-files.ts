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

/** `TRUST_PROXY` as Express and Fastify read it: true/false, a hop count, or addresses and subnets. */
export function trustProxyValue(text: string): boolean | number | string {
  if (text === "true" || text === "false") return text === "true";
  return /^\d+$/.test(text) ? Number(text) : text;
}
