import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { passkeys } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * The WebAuthn user handle of an account, base64url: the one its passkeys already carry, else
 * derived from the id with the API's secret, so it tells nothing of the account to whoever
 * reads an authenticator. One per account: an authenticator keeps one passkey per handle.
 */
export async function userHandle(ctx: DomainContext, userId: number): Promise<string> {
  const [row] = await ctx.db.select({ handle: passkeys.userHandle }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return (
    row?.handle ??
    createHmac("sha256", ctx.config.API_SECRET).update(`webauthn-user:${userId}`).digest().subarray(0, 16).toString("base64url")
  );
}
