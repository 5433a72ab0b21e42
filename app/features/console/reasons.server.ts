import { AVATAR_REASONS, PHOTO_REASONS } from "#contract/moderation.ts";
import { fixedT } from "#app/utils/translations.server.ts";

/** What each reason says to the user, in English: the operator picks the very words the user reads (in their language). */
const t = fixedT("en", "moderation");

export interface Reason {
  key: string;
  text: string;
}

export const avatarReasons: Reason[] = AVATAR_REASONS.map((key) => ({ key, text: t(`avatar.${key}`) }));
export const photoReasons: Reason[] = PHOTO_REASONS.map((key) => ({ key, text: t(`photo.${key}`) }));
