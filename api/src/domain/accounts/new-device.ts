import { sessionEndPath } from "#contract/web-paths.ts";
import { publicUrl } from "#api/src/config.ts";
import type { users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { enqueueMail } from "#api/src/mail/outbox.ts";
import { newDeviceMail } from "#api/src/mail/templates.ts";
import { sessionEndToken } from "./sessions.ts";

/**
 * Queues the "New sign-in on Android Chrome. Not you?" e-mail in the owner's language, with the
 * link that signs that session out. Part of the sign-in's transaction: no sign-in, no mail.
 */
export async function mailNewDevice(
  ctx: DomainContext,
  user: Pick<typeof users.$inferSelect, "email" | "uiLang">,
  session: { sessionId: number; browser: string; os: string },
): Promise<void> {
  if (!user.email) return;
  const link = publicUrl(ctx.config, sessionEndPath(sessionEndToken(ctx, session.sessionId), user.uiLang));
  await enqueueMail(ctx, [
    newDeviceMail({ to: user.email, browser: session.browser, os: session.os, endUrl: link, language: user.uiLang }),
  ]);
}
