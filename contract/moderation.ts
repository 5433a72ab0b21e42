/**
 * The reasons an operator gives, from lists (decision 063): each is a key the user reads in their
 * own language (locales/<lng>/moderation.json), never an operator's free words. Zod-free: the
 * browser imports it.
 */
export const AVATAR_REASONS = ["explicit", "violent", "hateful", "personal_info", "impersonation", "spam"] as const;
export const PHOTO_REASONS = ["unclear", "not_campaign", "not_yours", "explicit", "personal_info"] as const;
export const BAN_REASONS = ["farm", "multiple_accounts", "bot", "fraud", "abuse"] as const;

/** Whether `key` is one of `list`'s reasons (a stored reason from before the lists is not). */
export function isReason<const T extends readonly string[]>(list: T, key: string | null | undefined): key is T[number] {
  return (list as readonly (string | null | undefined)[]).includes(key);
}
