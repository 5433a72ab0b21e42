import { eq, sql } from "drizzle-orm";
import { decimalToUnits } from "#contract/money.ts";
import { auditLog, users } from "#api/src/db/schema.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { writeLines } from "./lines.ts";

export type Correction = { email: string; reason: string; actor: string } & (
  { asset: "vv"; amount: string } | { asset: "power"; amount: number }
);

/**
 * An operator's correction of one balance, with its reason, as a ledger line and an audit line.
 * VV can only be added: earned VV is never taken back (rules §2). Soul Power may go either way,
 * never below zero. Answers the new balance, or undefined for an unknown e-mail.
 */
export async function correctBalance(ctx: DomainContext, correction: Correction): Promise<string | undefined> {
  const amount = correction.asset === "vv" ? decimalToUnits(correction.amount) : BigInt(correction.amount);
  if (correction.asset === "vv" && amount <= 0n) throw new Error("a VV correction may only add: earned VV is never taken back");
  if (amount === 0n) throw new Error("a correction of 0 changes nothing");
  if (!correction.reason.trim()) throw new Error("a correction needs its reason");
  return inTransaction(ctx, async (tx) => {
    const [user] = await tx.db.select({ id: users.id }).from(users).where(eq(users.email, correction.email)).for("update");
    if (!user) return undefined;
    const column = correction.asset === "vv" ? users.vv : users.power;
    const [after] = await tx.db
      .update(users)
      .set(correction.asset === "vv" ? { vv: sql`${users.vv} + ${amount}` } : { power: sql`${users.power} + ${Number(amount)}` })
      .where(eq(users.id, user.id))
      .returning({ balance: sql<string>`${column}::text` });
    if (BigInt(after.balance) < 0n) throw new Error("Soul Power cannot go below 0");
    const details = { reason: correction.reason, by: correction.actor };
    await writeLines(tx, [{ userId: user.id, kind: "correction", asset: correction.asset, amount, ref: "correction", details }]);
    await tx.db.insert(auditLog).values({
      at: tx.clock.now(),
      actor: correction.actor,
      action: `correct-${correction.asset}`,
      target: String(user.id),
      detail: { amount: amount.toString(), reason: correction.reason },
    });
    return after.balance;
  });
}
