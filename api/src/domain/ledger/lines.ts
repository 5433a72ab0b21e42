import type { LedgerAsset, LedgerKind } from "#contract/ledger-kinds.ts";
import { ledger } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { ruleVersionAt } from "#api/src/domain/rules/in-force.ts";

/** One change of one asset of one user, as the change's transaction writes it. */
export interface LedgerLine {
  userId: number;
  kind: LedgerKind;
  asset: LedgerAsset;
  amount: bigint | number;
  ref: string;
  details?: Record<string, unknown>;
}

/**
 * Writes the lines of one change, in the caller's transaction, at its clock's now and under the
 * rules version in force then: the change and its lines commit or roll back together.
 */
export async function writeLines(tx: DomainContext, lines: readonly LedgerLine[]): Promise<void> {
  if (lines.length === 0) return;
  const at = tx.clock.now();
  const ruleVersion = ruleVersionAt(tx, at);
  await tx.db.insert(ledger).values(
    lines.map((line) => ({
      userId: line.userId,
      at,
      kind: line.kind,
      asset: line.asset,
      amount: BigInt(line.amount),
      ruleVersion,
      ref: line.ref,
      details: line.details ?? {},
    })),
  );
}
