/**
 * Profile states the browser needs too, kept free of zod (see bonus-tasks.ts).
 * `avatar_status` on the wire: where the user's newest avatar stands (it is shown once an operator approves it).
 */
export const AvatarStatus = {
  /** No avatar waiting: `avatar` is the approved one (or empty). */
  settled: 0,
  /** `avatar_new` waits for an operator. */
  inReview: 1,
  /** The operator refused `avatar_new`; `avatar` is still the last approved one. */
  rejected: 2,
} as const;

/** The literal word account deletion must carry, typed by the user, so no stray tap deletes an account. */
export const DELETE_WORD = "DELETE";
