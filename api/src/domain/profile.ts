import { eq } from "drizzle-orm";
import { normalizeLanguage } from "../../../contract/languages.ts";
import type { User } from "../../../contract/user.ts";
import { users } from "../db/schema.ts";
import { toUser, loadUser, type Principal } from "./accounts.ts";
import type { DomainContext } from "./context.ts";
import { checkNickname } from "./nickname.ts";

/** Applies the given profile fields; unknown languages are ignored rather than stored. */
export async function updateProfile(
  ctx: DomainContext,
  principal: Principal,
  input: { name?: string; ui_lang?: string; lang?: string },
): Promise<User> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = checkNickname(input.name);
  const uiLang = normalizeLanguage(input.ui_lang);
  if (uiLang) changes.uiLang = uiLang;
  const lang = normalizeLanguage(input.lang);
  if (lang) changes.lang = lang;
  if (Object.keys(changes).length === 0) return toUser(await loadUser(ctx, principal.userId), ctx.config.PUBLIC_URL);
  const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, principal.userId)).returning();
  return toUser(row, ctx.config.PUBLIC_URL);
}
