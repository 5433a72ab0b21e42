/**
 * Profile states the browser needs too, kept free of zod (see bonus-tasks.ts).
 * `avatar_status` on the wire: where the user's newest avatar stands (rules.md §7).
 */
export const AvatarStatus = {
  /** No avatar waiting: `avatar` is the approved one (or empty). */
  settled: 0,
  /** `avatar_new` waits for an operator. */
  inReview: 1,
  /** The operator refused `avatar_new`; `avatar` is still the last approved one. */
  rejected: 2,
} as const;
export type AvatarStatusValue = (typeof AvatarStatus)[keyof typeof AvatarStatus];

/** The literal word account deletion must carry (rules.md §1). */
export const DELETE_WORD = "DELETE";
