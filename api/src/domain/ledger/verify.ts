import { sql } from "drizzle-orm";
import type { LedgerAsset } from "#contract/ledger-kinds.ts";
import { rowsOf } from "#api/src/db/client.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

export interface LedgerDifference {
  userId: number;
  asset: Exclude<LedgerAsset, "team">;
  balance: bigint;
  ledger: bigint;
}

/**
 * Every balance that is not the sum of its ledger lines: VV, BTC and Soul Power on the account,
 * and the unclaimed VV of its rounds not collected yet. Empty when the books agree. Reads
 * everything: an operator's check, not a request's.
 */
export async function ledgerDifferences(ctx: DomainContext, userIds?: readonly number[]): Promise<LedgerDifference[]> {
  const only = userIds ? sql`where u.id = any(${`{${userIds.join(",")}}`}::bigint[])` : sql``;
  const rows = rowsOf<{ user_id: string; asset: LedgerDifference["asset"]; balance: string; ledger: string }>(
    await ctx.db.execute(sql`
      with sums as (
        select user_id, asset, sum(amount) as total from ledger group by user_id, asset
      ),
      owed as (
        select user_id, sum(amount) as total from user_rounds where collected_at is null group by user_id
      )
      select u.id as user_id, x.asset, x.balance::text as balance, coalesce(s.total, 0)::text as ledger
      from users u
      cross join lateral (values
        ('vv', u.vv),
        ('btc', u.btc),
        ('power', u.power::bigint),
        ('unclaimed', coalesce((select total from owed where owed.user_id = u.id), 0))
      ) as x(asset, balance)
      left join sums s on s.user_id = u.id and s.asset = x.asset
      ${only}
      ${userIds ? sql`and` : sql`where`} x.balance <> coalesce(s.total, 0)
      order by u.id, x.asset`),
  );
  return rows.map((r) => ({ userId: Number(r.user_id), asset: r.asset, balance: BigInt(r.balance), ledger: BigInt(r.ledger) }));
}
