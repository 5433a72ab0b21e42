import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { openDatabase } from "#api/src/db/client.ts";
import { FolderInUseError } from "#api/src/db/folder-lock.ts";
import { openPglite } from "../setup/test-api.ts";

const dataDir = () => join("tests/.tmp", `lock-${process.pid}-${Math.random().toString(36).slice(2)}`);

test("the embedded database opens in one process at a time, with a message that says what to do", async () => {
  const dir = dataDir();
  const first = await openDatabase({ dataDir: dir });
  await expect(openDatabase({ dataDir: dir })).rejects.toThrow(FolderInUseError);
  await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is open in process \d+\. Stop that process first/);
  await first.close();
  expect(existsSync(join(dir, "pglite", "vv.lock"))).toBe(false);
  const again = await openDatabase({ dataDir: dir });
  await again.close();
}, 60_000);

test("a lock left by a process that died is taken over", async () => {
  const dir = dataDir();
  mkdirSync(join(dir, "pglite"), { recursive: true });
  writeFileSync(join(dir, "pglite", "vv.lock"), "2147483646");
  // From this run's template: the first test above already starts one from an empty folder.
  const db = await openPglite(dir);
  await db.close();
}, 60_000);
