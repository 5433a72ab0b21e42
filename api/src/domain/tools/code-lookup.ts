import { readCode, withPrefix, type CodeKind } from "#contract/codes.ts";
import { ErrorCode, type ErrorCodeValue } from "#contract/errors.ts";
import type { CodeLookup } from "#contract/tools.ts";
import { Failure } from "#api/src/lib/failure.ts";
import type { DomainContext } from "#api/src/domain/context.ts";
import { personFields } from "#api/src/domain/profile/people.ts";
import { inviteByCode } from "#api/src/domain/team/invites.ts";
import { exchangeByCode } from "./exchanges.ts";
import { giftByCode } from "./gifts.ts";

/** Each kind's "no such code", answered when the prefix named the kind. */
const WRONG: Record<CodeKind, ErrorCodeValue> = {
  invite: ErrorCode.invalidInviteCode,
  exchange: ErrorCode.exchangeCodeWrong,
  gift: ErrorCode.giftCodeWrong,
};

async function lookupAs(ctx: DomainContext, userId: number, kind: CodeKind, code: string): Promise<CodeLookup | undefined> {
  if (kind === "exchange") {
    const found = await exchangeByCode(ctx, userId, code);
    if (!found) return undefined;
    const { leader, code: bare, ...rest } = found;
    const { nickname, alias } = personFields(leader);
    return { kind, code: withPrefix(kind, bare), ...rest, leader_nickname: nickname, leader_alias: alias };
  }
  if (kind === "gift") {
    const found = await giftByCode(ctx, userId, code);
    if (!found) return undefined;
    const { nickname, alias } = personFields(found.owner);
    return { kind, code: withPrefix(kind, found.code), owner_nickname: nickname, owner_alias: alias, power: found.power };
  }
  try {
    const found = await inviteByCode(ctx, userId, code);
    const { nickname, alias } = personFields(found.inviter);
    return {
      kind,
      code: withPrefix(kind, found.inviter.inviteCode),
      inviter_nickname: nickname,
      inviter_alias: alias,
      own: found.own,
      can_bind: found.canBind,
    };
  } catch (error) {
    if (error instanceof Failure && error.code === ErrorCode.invalidInviteCode) return undefined;
    throw error;
  }
}

/**
 * Whatever code someone typed, what it is: the kind its prefix names, or else the first kind
 * whose code it is (exchange, gift, invite: the ones used after sign-up first). A code that
 * cannot be used by this user is refused with the error its own call would answer, so the web
 * app stops before asking for anything else.
 */
export async function lookupCode(ctx: DomainContext, userId: number, input: string): Promise<CodeLookup> {
  const { kind, code } = readCode(input);
  if (!code) throw new Failure(ErrorCode.codeRequired);
  const kinds: readonly CodeKind[] = kind ? [kind] : ["exchange", "gift", "invite"];
  for (const candidate of kinds) {
    const found = await lookupAs(ctx, userId, candidate, code);
    if (found) return found;
  }
  throw new Failure(kind ? WRONG[kind] : ErrorCode.codeUnknown);
}
