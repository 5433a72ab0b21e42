import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { keyedHash, sameHash } from "#lib/crypto.ts";

/**
 * The appeal pass (decision 066): "<user id>.<expiry, epoch seconds>.<mac>", signed with the API's
 * secret, nothing stored. Only a refusal that followed a proof of the account hands one out, so
 * its holder owns the account; it lets that holder read why the account is banned and appeal, and
 * nothing else, for APPEAL_PASS_MINUTES.
 */

const mac = (ctx: DomainContext, userId: number, expires: number) => keyedHash(ctx.config.API_SECRET, `appeal-pass:${userId}:${expires}`);

function issuePass(ctx: DomainContext, userId: number) {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.APPEAL_PASS_MINUTES * 60;
  return { appeal_pass: `${userId}.${expires}.${mac(ctx, userId, expires)}`, pass_expires_at: expires };
}

/** The account a pass was issued to; an altered or expired one is 300139. */
export function passHolder(ctx: DomainContext, pass: string): number {
  const [id, expiry, signature, ...rest] = pass.split(".");
  const userId = Number(id);
  const expires = Number(expiry);
  const valid =
    rest.length === 0 &&
    Number.isSafeInteger(userId) &&
    Number.isSafeInteger(expires) &&
    !!signature &&
    sameHash(signature, mac(ctx, userId, expires)) &&
    expires * 1000 > ctx.clock.now().getTime();
  if (!valid) throw new Failure(ErrorCode.appealPassInvalid);
  return userId;
}

/** The one refusal a banned account gets, with a pass when it has just proved it is the account's. */
export function bannedRefusal(ctx: DomainContext, provenUserId?: number): Failure {
  return new Failure(
    ErrorCode.accountBanned,
    200,
    undefined,
    undefined,
    provenUserId === undefined ? undefined : issuePass(ctx, provenUserId),
  );
}
