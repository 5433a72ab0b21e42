import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { withDatabaseBefore } from "../setup/migrations.ts";

test("migration 0010: unsent mail moves to the jobs, given-up mail with its error; sent mail and the outbox go", () =>
  withDatabaseBefore("0010", async ({ db, migrateRest }) => {
    const insert = (to: string, at: string, attempts: number, lastError: string | null, sent: boolean, failed: boolean) =>
      db.execute(
        sql`insert into mail_outbox (to_address, subject, text_body, html_body, created_at, next_attempt_at, attempts, last_error, sent_at, failed_at)
            values (${to}, 's', 't', '<p>t</p>', '2026-01-01T00:00:00Z'::timestamptz, ${at}::timestamptz, ${attempts}, ${lastError},
                    ${sent ? "2026-01-01T00:01:00Z" : null}::timestamptz, ${failed ? "2026-01-01T00:02:00Z" : null}::timestamptz)`,
      );
    await insert("due@example.com", "2026-01-01T00:00:00Z", 0, null, false, false);
    await insert("retry@example.com", "2026-01-01T00:05:00Z", 2, "smtp down", false, false);
    await insert("given-up@example.com", "2026-01-01T00:05:00Z", 8, "refused", false, true);
    await insert("sent@example.com", "2026-01-01T00:00:00Z", 1, null, true, false);
    await migrateRest();
    const { rows } = (await db.execute(
      sql`select kind, payload, run_at, attempts, last_error, failed_at, done_at, dedupe_key from jobs order by id`,
    )) as { rows: Record<string, any>[] };
    expect(rows.map((r) => [r.kind, r.payload.to, r.attempts, r.last_error, r.failed_at !== null, r.done_at, r.dedupe_key])).toEqual([
      ["mail", "due@example.com", 0, null, false, null, null],
      ["mail", "retry@example.com", 2, "smtp down", false, null, null],
      ["mail", "given-up@example.com", 8, "refused", true, null, null],
    ]);
    expect(rows[1].payload).toEqual({ to: "retry@example.com", subject: "s", text: "t", html: "<p>t</p>" });
    expect(new Date(rows[1].run_at).toISOString()).toBe("2026-01-01T00:05:00.000Z");
    const { rows: left } = (await db.execute(sql`select to_regclass('mail_outbox') as t`)) as { rows: { t: string | null }[] };
    expect(left[0].t).toBeNull();
  }));
