import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { withDatabaseBefore } from "../setup/migrations.ts";

test("migration 0009: members of accounts deleted earlier move up to the nearest inviter that still exists, or to none", () =>
  withDatabaseBefore("0009", async ({ db, migrateRest }) => {
    const insert = (id: number, inviter: number | null, deleted: boolean) =>
      db.execute(
        sql`insert into users (id, display_id, email, invite_code, inviter_id, created_at, deleted_at)
            values (${id}, ${`2000000${id}`}, ${deleted ? null : `u${id}@example.com`}, ${`MOVE000${id}`}, ${inviter},
                    '2026-01-01T00:00:00Z'::timestamptz, ${deleted ? "2026-02-01T00:00:00Z" : null}::timestamptz)`,
      );
    // 1 live ← 2 deleted ← 3 deleted ← 4 live (climbs two deleted accounts to 1)
    await insert(1, null, false);
    await insert(2, 1, true);
    await insert(3, 2, true);
    await insert(4, 3, false);
    // 5 deleted with no inviter ← 6 live (no inviter left)
    await insert(5, null, true);
    await insert(6, 5, false);
    // 2 deleted ← 7 live (one step up); 8 deleted under a deleted one stays as it is
    await insert(7, 2, false);
    await insert(8, 2, true);
    // 1 live ← 9 live ← 10 live: untouched
    await insert(9, 1, false);
    await insert(10, 9, false);
    await migrateRest();
    const { rows } = (await db.execute(sql`select id, inviter_id from users order by id`)) as {
      rows: { id: number | string; inviter_id: number | string | null }[];
    };
    expect(rows.map((r) => [Number(r.id), r.inviter_id === null ? null : Number(r.inviter_id)])).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, null],
      [6, null],
      [7, 1],
      [8, 2],
      [9, 1],
      [10, 9],
    ]);
  }));
