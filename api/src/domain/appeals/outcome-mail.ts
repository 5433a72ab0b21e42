import { eq } from "drizzle-orm";
import { loginPath } from "#contract/web-paths.ts";
import { publicUrl } from "#api/src/config.ts";
import { users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { enqueueMail } from "#api/src/mail/outbox.ts";
import { appealOutcomeMail } from "#api/src/mail/templates.ts";

/** Tells an appeal's owner what became of it, in their language, with the commit of the caller's transaction. */
export async function mailAppealOutcome(tx: DomainContext, userId: number, lifted: boolean): Promise<void> {
  const [owner] = await tx.db.select({ email: users.email, uiLang: users.uiLang }).from(users).where(eq(users.id, userId));
  if (!owner?.email) return;
  const mail = lifted
    ? appealOutcomeMail({ to: owner.email, language: owner.uiLang, lifted: true, signInUrl: publicUrl(tx.config, loginPath(owner.uiLang)) })
    : appealOutcomeMail({ to: owner.email, language: owner.uiLang, lifted: false, againDays: tx.config.APPEAL_AGAIN_DAYS });
  await enqueueMail(tx, [mail]);
}
