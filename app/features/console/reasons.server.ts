import { AVATAR_REASONS, BAN_REASONS, PHOTO_REASONS, isReason } from "#contract/moderation.ts";
import { fixedT } from "#app/utils/translations.server.ts";

/** What each reason says to the user, in English: the operator picks the very words the user reads (in their language). */
const t = fixedT("en", "moderation");

export interface Reason {
  key: string;
  text: string;
}

export const avatarReasons: Reason[] = AVATAR_REASONS.map((key) => ({ key, text: t(`avatar.${key}`) }));
export const photoReasons: Reason[] = PHOTO_REASONS.map((key) => ({ key, text: t(`photo.${key}`) }));
export const banReasons: Reason[] = BAN_REASONS.map((key) => ({ key, text: t(`ban.${key}`) }));

const banned = new Map(banReasons.map((reason) => [reason.key, reason.text]));
const bannedUnknown = t("ban.unknown");

/** The words a banned user reads for a stored reason: a ban from before the list (or an unlisted key) reads as the general one. */
export function banWords(key: string): string {
  return (isReason(BAN_REASONS, key) && banned.get(key)) || bannedUnknown;
}

/** The words a user read for a refused campaign photo; a key from before the list is shown as it is. */
export function photoWords(key: string | null): string | null {
  return key === null ? null : (photoReasons.find((reason) => reason.key === key)?.text ?? key);
}
