import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The embedded database is open in another process: a second writer would lose its changes. */
export class FolderInUseError extends Error {}

export interface FolderLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the embedded database's folder for this process: a lock file made with O_EXCL holds
 * the owner's pid. One left by a process that has died is taken over; one held by a live
 * process (this one included) is refused with a message that says what to do.
 */
export function lockFolder(dir: string): FolderLock {
  const file = join(dir, "vv.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) {
        throw new FolderInUseError(
          `The embedded database in ${dir} is open in process ${owner}. Stop that process first (or set DATABASE_URL to use PostgreSQL).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new FolderInUseError(`Could not take the embedded database in ${dir}: another process keeps taking it.`);
}
