import { and, desc, eq } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { PASSKEY_NAME_MAX } from "#contract/passkey-name.ts";
import { passkeys } from "#api/src/db/schema.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import type { Principal } from "#api/src/domain/accounts/tokens.ts";

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The transports a passkey was made with, as stored (comma-joined), for the browser's hints. */
export const transportList = (stored: string): string[] | undefined => (stored ? stored.split(",") : undefined);

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A passkey as the account's owner sees it: never its key or credential id. */
export function toPasskey(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    browser: row.browser,
    os: row.os,
    backed_up: row.backedUp,
    created_at: seconds(row.createdAt),
    last_used_at: row.lastUsedAt ? seconds(row.lastUsedAt) : null,
  };
}

export async function listPasskeys(ctx: DomainContext, principal: Principal) {
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, principal.userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return { passkeys: rows.map(toPasskey) };
}

const own = (principal: Principal, id: number) => and(eq(passkeys.id, id), eq(passkeys.userId, principal.userId));

/** Names one of the caller's passkeys: 1 to PASSKEY_NAME_MAX characters, control characters dropped. */
export async function renamePasskey(ctx: DomainContext, principal: Principal, input: { id: number; name: string }): Promise<void> {
  // Control characters would only hide what the name says; the name is shown, never parsed.
  // eslint-disable-next-line no-control-regex
  const name = input.name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (name.length === 0 || [...name].length > PASSKEY_NAME_MAX) throw new Failure(ErrorCode.passkeyNameInvalid);
  const renamed = await ctx.db.update(passkeys).set({ name }).where(own(principal, input.id)).returning({ id: passkeys.id });
  if (renamed.length === 0) throw new Failure(ErrorCode.passkeyNotFound);
}

/** Removes one of the caller's passkeys: from now on it signs nobody in. */
export async function removePasskey(ctx: DomainContext, principal: Principal, input: { id: number }): Promise<void> {
  const removed = await ctx.db.delete(passkeys).where(own(principal, input.id)).returning({ id: passkeys.id });
  if (removed.length === 0) throw new Failure(ErrorCode.passkeyNotFound);
}

/** A deleted account's passkeys: gone with it, so none can sign in to what is left of it. */
export async function forgetPasskeys(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.db.delete(passkeys).where(eq(passkeys.userId, userId));
}
