import { and, asc, eq, isNull } from "drizzle-orm";
import { auditLog, operatorEnrolments, operatorPasskeys, operatorSessions, operators } from "#api/src/db/schema.ts";
import { keyedHash, randomCode } from "#lib/crypto.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";

const ENROL_CODE_LENGTH = 10;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

/** The keyed hash an enrolment code is kept as: bound to its operator, so one code enrols one person. */
export function enrolCodeHash(ctx: DomainContext, operatorId: number, code: string): string {
  return keyedHash(ctx.config.API_SECRET, `operator-enrol:${operatorId}:${code.toUpperCase()}`);
}

/** An operator's e-mail as stored and looked up: one spelling, whatever case or spaces it was typed with. */
export const normalized = (email: string) => email.trim().toLowerCase();

/**
 * Makes an operator, or gives one again a fresh enrolment code (a lost passkey, a new laptop; a
 * removed operator comes back, with none of the passkeys they had), and mails the code: with it,
 * and only with it, the console lets them make a passkey. The code is never stored, only its hash;
 * a new one replaces the last. A lost passkey stays theirs until it is revoked (operator-passkey-revoke).
 */
export async function addOperator(
  ctx: DomainContext,
  input: { email: string; actor: string },
): Promise<{ email: string; expiresAt: Date }> {
  const email = normalized(input.email);
  if (!EMAIL.test(email)) throw new Error(`not an e-mail address: ${input.email}`);
  const code = randomCode(ENROL_CODE_LENGTH);
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.OPERATOR_ENROL_HOURS * 3_600_000);
  await inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const [operator] = await tx.db
      .insert(operators)
      .values({ email, createdAt: at, createdBy: input.actor })
      .onConflictDoUpdate({ target: operators.email, set: { removedAt: null } })
      .returning({ id: operators.id });
    const codeHash = enrolCodeHash(tx, operator.id, code);
    await tx.db
      .insert(operatorEnrolments)
      .values({ operatorId: operator.id, codeHash, expiresAt })
      .onConflictDoUpdate({ target: operatorEnrolments.operatorId, set: { codeHash, expiresAt, wrongTries: 0 } });
    await tx.db
      .insert(auditLog)
      .values({ at, actor: input.actor, action: "operator.add", target: `operator:${operator.id}`, detail: { email } });
  });
  const console = new URL("/console/enrol", ctx.config.PUBLIC_URL).toString();
  const hours = ctx.config.OPERATOR_ENROL_HOURS;
  // Operators work in English (decision 063): the one mail of the API that is not translated.
  await ctx.mailer.send({
    to: email,
    subject: "Your VV console enrolment code",
    text: `Your enrolment code for the VV operators' console: ${code}\n\nOpen ${console}, enter your e-mail and this code, and make a passkey. The code works once, for ${hours} hours.\n\nIf you did not expect this, tell the team: someone added your address as an operator.\n`,
    html: `<p>Your enrolment code for the VV operators' console:</p><p style="font-size:24px;font-weight:bold;letter-spacing:2px">${code}</p><p>Open <a href="${console}">${console}</a>, enter your e-mail and this code, and make a passkey. The code works once, for ${hours} hours.</p><p>If you did not expect this, tell the team: someone added your address as an operator.</p>`,
  });
  return { email, expiresAt };
}

/**
 * Takes an operator's access away: their sessions end now, their passkeys and code are deleted, so
 * adding them again brings back none of it (decision 067); the audit row names the passkeys.
 */
export async function removeOperator(ctx: DomainContext, input: { email: string; actor: string }): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const [operator] = await tx.db
      .update(operators)
      .set({ removedAt: at })
      .where(and(eq(operators.email, normalized(input.email)), isNull(operators.removedAt)))
      .returning({ id: operators.id });
    if (!operator) return false;
    await tx.db
      .update(operatorSessions)
      .set({ endedAt: at })
      .where(and(eq(operatorSessions.operatorId, operator.id), isNull(operatorSessions.endedAt)));
    await tx.db.delete(operatorEnrolments).where(eq(operatorEnrolments.operatorId, operator.id));
    const passkeys = await tx.db
      .delete(operatorPasskeys)
      .where(eq(operatorPasskeys.operatorId, operator.id))
      .returning({ id: operatorPasskeys.id });
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: "operator.remove",
      target: `operator:${operator.id}`,
      detail: { email: normalized(input.email), passkeys: passkeys.map((p) => p.id) },
    });
    return true;
  });
}

export async function listOperators(ctx: DomainContext) {
  return ctx.db
    .select({ email: operators.email, createdAt: operators.createdAt, createdBy: operators.createdBy, removedAt: operators.removedAt })
    .from(operators)
    .orderBy(asc(operators.id));
}
