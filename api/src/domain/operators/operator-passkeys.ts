import { and, desc, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { toEpochSeconds } from "#contract/time.ts";
import { auditLog, operatorPasskeys, operatorSessions, operators } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { transportList } from "#api/src/domain/passkeys/listing.ts";
import type { Operator } from "./console-sessions.ts";
import { normalized } from "./operators.ts";

/**
 * An operator's passkeys, listed and revoked one at a time (decision 067): the console shows the
 * signed-in operator their own; the CLI reaches anyone's, as it adds and removes operators.
 */

interface PasskeyOwner {
  id: number;
  email: string;
}

/** The operator an e-mail names, removed or not; undefined when there is none. */
export async function operatorByEmail(ctx: DomainContext, email: string): Promise<PasskeyOwner | undefined> {
  const [found] = await ctx.db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(eq(operators.email, normalized(email)));
  return found;
}

/** Their passkeys, newest first: when each was made and last used, never its key or credential id. */
export async function passkeysOf(ctx: DomainContext, operatorId: number) {
  const rows = await ctx.db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(desc(operatorPasskeys.createdAt), desc(operatorPasskeys.id));
  return rows.map((p) => ({
    id: p.id,
    createdAt: p.createdAt,
    lastUsedAt: p.lastUsedAt,
    transports: transportList(p.transports) ?? [],
  }));
}

/**
 * Revokes one of the operator's passkeys: deleted, so it signs in no more, and the sessions it
 * opened end with it; audited. Undefined when they have no such passkey. The row is locked first,
 * so a sign-in with it either ends before (its session ended here) or finds it gone.
 */
export async function revokePasskey(
  ctx: DomainContext,
  input: { operator: PasskeyOwner; passkeyId: number; actor: string },
): Promise<{ endedSessions: number[] } | undefined> {
  const theirs = and(eq(operatorPasskeys.id, input.passkeyId), eq(operatorPasskeys.operatorId, input.operator.id));
  return inTransaction(ctx, async (tx) => {
    const [found] = await tx.db.select({ id: operatorPasskeys.id }).from(operatorPasskeys).where(theirs).for("update");
    if (!found) return undefined;
    const at = tx.clock.now();
    const ended = await tx.db
      .update(operatorSessions)
      .set({ endedAt: at })
      .where(and(eq(operatorSessions.passkeyId, found.id), isNull(operatorSessions.endedAt)))
      .returning({ id: operatorSessions.id });
    await tx.db.delete(operatorPasskeys).where(theirs);
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: "operator.passkey-revoke",
      target: `operator:${input.operator.id}`,
      detail: { email: input.operator.email, passkey: found.id },
    });
    return { endedSessions: ended.map((s) => s.id) };
  });
}

/** The console's list: the signed-in operator's own passkeys, the one this session came with marked. */
export async function ownPasskeys(ctx: DomainContext, operator: Operator) {
  const items = (await passkeysOf(ctx, operator.operatorId)).map((p) => ({
    id: p.id,
    created_at: toEpochSeconds(p.createdAt),
    last_used_at: p.lastUsedAt ? toEpochSeconds(p.lastUsedAt) : null,
    transports: p.transports,
    this_session: p.id === operator.passkeyId,
  }));
  return { items };
}

/** Revokes one of the signed-in operator's own passkeys; another's, or one gone already, is 300134. */
export async function revokeOwnPasskey(ctx: DomainContext, operator: Operator, passkeyId: number) {
  const revoked = await revokePasskey(ctx, {
    operator: { id: operator.operatorId, email: operator.email },
    passkeyId,
    actor: operator.actor,
  });
  if (!revoked) throw new Failure(ErrorCode.passkeyNotFound);
  return { signed_out: revoked.endedSessions.includes(operator.sessionId) };
}
