import { ErrorCode } from "#contract/errors.ts";

/** Every refusal a typed code can meet, whichever kind it turns out to be: shown next to the field. */
export const CODE_REFUSALS = [
  ErrorCode.codeRequired,
  ErrorCode.codeUnknown,
  ErrorCode.invalidInviteCode,
  ErrorCode.inviteAlreadyBound,
  ErrorCode.exchangeOwn,
  ErrorCode.exchangePairDone,
  ErrorCode.exchangeCompleted,
  ErrorCode.exchangeCancelled,
  ErrorCode.exchangeCodeWrong,
  ErrorCode.exchangeFull,
  ErrorCode.exchangeBusy,
  ErrorCode.giftOwn,
  ErrorCode.giftUsed,
  ErrorCode.giftPairDone,
  ErrorCode.giftCodeWrong,
  ErrorCode.giftCodeRequired,
  ErrorCode.rateLimited,
];
