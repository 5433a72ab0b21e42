/**
 * The one error-code catalogue shared by the API and the web app.
 * Codes from the product spec keep their numbers; every message the spec lists
 * without a code got one of ours (3001xx, 2101xx), and transport faults are 1004xx/1005xx.
 * The web app localizes each code through `errors:<code>` in locales/.
 */
export const ErrorCode = {
  networkNoBody: 200007,
  serverMessage: 200011,

  wrongCode: 300007,
  invalidInviteCode: 300008,
  emailNotFound: 300012,
  deviceRegisterLimit: 300016,
  deviceDailyLogin: 300023,
  deviceBlocked: 300024,
  invalidEmail: 300027,
  emailRegistered: 300033,

  codeExpired: 300101,
  sendCodeFailed: 300102,
  loginExpired: 300103,
  sendCodeTooSoon: 300104,
  sendCodeTooMany: 300105,
  accountBanned: 300106,
  inviteAlreadyBound: 300107,
  nicknameSensitive: 300108,
  nicknameInvalid: 300109,
  deleteSpelledWrong: 300110,
  avatarReviewFailed: 300111,

  exchangeOwn: 210001,
  exchangePairDone: 210002,
  exchangeCompleted: 210003,
  exchangeCancelled: 210004,
  exchangeCodeWrong: 210005,
  giftOwn: 210006,
  giftUsed: 210007,
  giftPairDone: 210008,
  giftCodeWrong: 210009,
  socialTaken: 210010,
  bindSocialFirst: 210101,
  followFirst: 210102,
  socialInvalid: 210103,
  giftCodeRequired: 210104,
  remindDailyLimit: 210105,
  remindWait: 210106,
  followWait: 210107,
  inviteNotEnough: 210108,
  bonusCollected: 210109,
  socialAlreadyBound: 210110,
  bonusUnavailable: 210111,
  remindNobody: 210112,

  badRequest: 100400,
  notFound: 100404,
  tooLarge: 100413,
  rateLimited: 100429,
  internal: 100500,
} as const;

type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const ERROR_CODES: readonly number[] = Object.values(ErrorCode);

export function isKnownErrorCode(code: number): code is ErrorCodeValue {
  return ERROR_CODES.includes(code);
}

/** English text the API puts in `err_msg`; clients show their own localized text. */
export const ERROR_MESSAGES: Record<ErrorCodeValue, string> = {
  200007: "Network error",
  200011: "Request failed",
  300007: "Invalid code",
  300008: "Invalid invite code",
  300012: "E-mail not found",
  300016: "Device registration limit reached",
  300023: "This device has already logged in to another account today",
  300024: "Device blocked for platform violation",
  300027: "Invalid e-mail",
  300033: "E-mail already registered",
  300101: "Code expired",
  300102: "Sending the code failed, try again",
  300103: "Login information expired, please log in again",
  300104: "Wait before requesting another code",
  300105: "Too many codes requested, try later",
  300106: "Account banned for cheating",
  300107: "An invite code is already bound",
  300108: "The nickname contains sensitive words",
  300109: "The nickname must be 2-20 characters",
  300110: "DELETE spelled wrong",
  300111: "Avatar review failed",
  210001: "Cannot join your own stone exchange",
  210002: "Already exchanged stones with this user",
  210003: "Exchange completed",
  210004: "Exchange cancelled",
  210005: "Enter the correct exchange code",
  210006: "Cannot use your own gift code",
  210007: "Gift code already used",
  210008: "Gift box already used or active with this user",
  210009: "Enter the correct gift code",
  210010: "Social account already linked to another account",
  210101: "Bind the social account first",
  210102: "Follow the official account first",
  210103: "Enter a valid social account",
  210104: "Please input the gift code",
  210105: "Reminder limit of twice a day reached, try tomorrow",
  210106: "Send the reminder later",
  210107: "The follow reward is not ready yet: claim it when the countdown ends",
  210108: "Invite more friends who start their airdrop first",
  210109: "This reward has already been claimed",
  210110: "A social account is already bound",
  210111: "This reward is not available",
  210112: "No level-1 teammate's airdrop is paused",
  100400: "Invalid request",
  100404: "Not found",
  100413: "Request too large",
  100429: "Too many requests",
  100500: "Internet error, try later",
};
