import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where uploaded files live. The local store keeps them under DATA_DIR/uploads; an
 * S3-compatible store implements the same three calls when files must be shared by several
 * machines. Names are made by the caller (random, with their extension).
 */
export interface FileStore {
  put(name: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

function localFileStore(dataDir: string): FileStore {
  const dir = join(dataDir, "uploads");
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), bytes);
    },
    async get(name) {
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(join(dir, name), { force: true });
    },
  };
}

/** The store this deployment uses: the local one, until an S3-compatible store is configured. */
export function fileStoreFor(config: { DATA_DIR: string }): FileStore {
  return localFileStore(config.DATA_DIR);
}
