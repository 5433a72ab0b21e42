import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { withDatabaseBefore } from "../setup/migrations.ts";

test("migration 0021: a removed operator's passkeys go, an active one's stay; the log's rows so far are acts", () =>
  withDatabaseBefore("0021", async ({ db, migrateRest }) => {
    const at = "2026-01-01T00:00:00Z";
    await db.execute(sql`insert into operators (id, email, created_at, created_by, removed_at)
      values (1, 'gone@ops.example.com', ${at}::timestamptz, 'root', ${at}::timestamptz),
             (2, 'here@ops.example.com', ${at}::timestamptz, 'root', null)`);
    await db.execute(sql`insert into operator_passkeys (operator_id, credential_id, public_key, created_at)
      values (1, 'gone-laptop', 'k', ${at}::timestamptz), (2, 'here-laptop', 'k', ${at}::timestamptz)`);
    await db.execute(
      sql`insert into audit_log (at, actor, action, target) values (${at}::timestamptz, 'root', 'operator.remove', 'operator:1')`,
    );
    await migrateRest();
    const { rows: kept } = (await db.execute(sql`select credential_id from operator_passkeys order by id`)) as {
      rows: { credential_id: string }[];
    };
    expect(kept.map((r) => r.credential_id)).toEqual(["here-laptop"]);
    const { rows: log } = (await db.execute(sql`select action, kind from audit_log`)) as { rows: { action: string; kind: string }[] };
    expect(log).toEqual([{ action: "operator.remove", kind: "act" }]);
  }));
