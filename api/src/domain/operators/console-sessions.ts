import { and, eq, isNull } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { auditLog, operatorSessions, operators } from "#api/src/db/schema.ts";
import { keyedHash, randomToken } from "#lib/crypto.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/** Who calls the console's API: the name every act of theirs is audited under. */
export interface Operator {
  operatorId: number;
  sessionId: number;
  email: string;
  /** The passkey this session was opened with; null for a session from before that was kept. */
  passkeyId: number | null;
  /** "operator:<e-mail>", as the audit log names them (the CLI writes "cli:<machine user>"). */
  actor: string;
}

const tokenHash = (ctx: DomainContext, token: string) => keyedHash(ctx.config.API_SECRET, `operator-session:${token}`);

/**
 * A new console session for an operator who has just proved a passkey; only the token's hash is
 * kept, with the passkey, whose revocation ends it.
 */
export async function openConsoleSession(
  tx: DomainContext,
  operator: { id: number; email: string },
  passkeyId: number,
): Promise<{ token: string; email: string }> {
  const token = randomToken();
  const at = tx.clock.now();
  await tx.db
    .insert(operatorSessions)
    .values({ operatorId: operator.id, tokenHash: tokenHash(tx, token), passkeyId, createdAt: at, lastSeenAt: at });
  await tx.db
    .insert(auditLog)
    .values({ at, actor: `operator:${operator.email}`, action: "operator.sign-in", target: `operator:${operator.id}` });
  return { token, email: operator.email };
}

/**
 * The operator a console call comes from. A session ends after OPERATOR_IDLE_MINUTES without a
 * call and OPERATOR_SESSION_HOURS after it began, and with its operator's removal; a user's
 * token is never one (another table, another hash).
 */
export async function authenticateOperator(ctx: DomainContext, token: string | undefined): Promise<Operator> {
  if (!token) throw new Failure(ErrorCode.operatorSignInRequired);
  const [found] = await ctx.db
    .select({ session: operatorSessions, email: operators.email })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash(ctx, token)), isNull(operatorSessions.endedAt), isNull(operators.removedAt)));
  const now = ctx.clock.now().getTime();
  const live =
    found &&
    found.session.lastSeenAt.getTime() + ctx.config.OPERATOR_IDLE_MINUTES * 60_000 > now &&
    found.session.createdAt.getTime() + ctx.config.OPERATOR_SESSION_HOURS * 3_600_000 > now;
  if (!live) throw new Failure(ErrorCode.operatorSignInRequired);
  await ctx.db.update(operatorSessions).set({ lastSeenAt: ctx.clock.now() }).where(eq(operatorSessions.id, found.session.id));
  return {
    operatorId: found.session.operatorId,
    sessionId: found.session.id,
    email: found.email,
    passkeyId: found.session.passkeyId,
    actor: `operator:${found.email}`,
  };
}

export async function endConsoleSession(ctx: DomainContext, operator: Operator): Promise<void> {
  await ctx.db.update(operatorSessions).set({ endedAt: ctx.clock.now() }).where(eq(operatorSessions.id, operator.sessionId));
  await ctx.db
    .insert(auditLog)
    .values({ at: ctx.clock.now(), actor: operator.actor, action: "operator.sign-out", target: `operator:${operator.operatorId}` });
}
