import { createHmac } from "node:crypto";
import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * The WebAuthn user handle of an account, base64url: the one its passkeys already carry
 * (`stored`), else derived from the id with the API's secret, so it tells nothing of the account
 * to whoever reads an authenticator. One per account: an authenticator keeps one passkey per handle.
 */
export function userHandle(ctx: DomainContext, userId: number, stored: string | undefined): string {
  return (
    stored ?? createHmac("sha256", ctx.config.API_SECRET).update(`webauthn-user:${userId}`).digest().subarray(0, 16).toString("base64url")
  );
}
