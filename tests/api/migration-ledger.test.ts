import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { ledgerDifferences } from "#api/src/domain/ledger/verify.ts";
import { withDatabaseBefore } from "../setup/migrations.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

test("migration 0014: history from before the ledger is carried over under version 0, and every balance equals its lines", () =>
  withDatabaseBefore("0014", async ({ db, migrateRest }) => {
    const at = (day: number) => `2026-0${day < 10 ? "1" : "2"}-0${day % 10 || 1}T00:00:00Z`;
    await db.execute(sql`insert into users (id, display_id, email, invite_code, created_at, vv, btc, power)
      values (1, '200000001', 'a@example.com', 'OPEN0001', ${at(1)}::timestamptz, 300000000, 5, 130),
             (2, '200000002', 'b@example.com', 'OPEN0002', ${at(1)}::timestamptz, 0, 0, 0)`);
    await db.execute(sql`insert into power_grants (user_id, reason, amount, at)
      values (1, 'start', 100, ${at(2)}::timestamptz), (1, 'gift:7:recipient', 10, ${at(3)}::timestamptz)`);
    // Three rounds paid: 40 and 41 claimed at one moment, 42 not yet.
    await db.execute(sql`insert into user_rounds (user_id, round_number, power, amount, airdrop_at, collected_at)
      values (1, 40, 100, 100000000, ${at(4)}::timestamptz, ${at(6)}::timestamptz),
             (1, 41, 100, 100000000, ${at(5)}::timestamptz, ${at(6)}::timestamptz),
             (1, 42, 100, 100000000, ${at(7)}::timestamptz, null)`);
    await migrateRest();
    const { rows } = (await db.execute(
      sql`select kind, asset, amount::text as amount, rule_version, ref, details from ledger where user_id = 1 order by id`,
    )) as { rows: { kind: string; asset: string; amount: string; rule_version: number; ref: string; details: unknown }[] };
    expect(rows.map((r) => [r.kind, r.asset, r.amount, r.ref])).toEqual([
      ["start", "power", "100", "start"],
      ["gift", "power", "10", "gift:7:recipient"],
      ["round", "unclaimed", "100000000", "round:40"],
      ["round", "unclaimed", "100000000", "round:41"],
      ["round", "unclaimed", "100000000", "round:42"],
      ["claim", "unclaimed", "-200000000", "claim"],
      ["claim", "vv", "200000000", "claim"],
      // What the balances hold beyond the carried lines: 1 VV, 20 power and the BTC.
      ["opening", "vv", "100000000", "opening"],
      ["opening", "power", "20", "opening"],
      ["opening", "btc", "5", "opening"],
    ]);
    expect(new Set(rows.map((r) => r.rule_version))).toEqual(new Set([0]));
    expect(rows[1].details).toEqual({ box: 7, side: "recipient" });
    expect(rows[5].details).toEqual({ rounds: [40, 41] });
    expect(await ledgerDifferences({ db } as unknown as DomainContext)).toEqual([]);
  }));
