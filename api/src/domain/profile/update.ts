import { eq } from "drizzle-orm";
import { normalizeLanguage } from "#contract/languages.ts";
import type { User } from "#contract/profile.ts";
import { users } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { checkNickname } from "./nickname.ts";
import { profile, toUser } from "./users.ts";

/** Applies the given profile fields; unknown languages are ignored rather than stored. */
export async function updateProfile(
  ctx: DomainContext,
  userId: number,
  input: { name?: string; ui_lang?: string; lang?: string },
): Promise<User> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = checkNickname(input.name);
  const uiLang = normalizeLanguage(input.ui_lang);
  if (uiLang) changes.uiLang = uiLang;
  const lang = normalizeLanguage(input.lang);
  if (lang) changes.lang = lang;
  if (Object.keys(changes).length === 0) return profile(ctx, userId);
  const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return toUser(ctx, row);
}
