/**
 * The notifications a user can turn off one by one (docs/decisions/046), kept free of zod so
 * /settings imports them without shipping the schema library (see tool-kinds.ts).
 * - `round`: a round closed with VV to claim; `pause`: the next close pauses the airdrop unless
 *   the user claims; `remind`: a teammate's reminder; `exchange`: an exchange the user is in
 *   completed; `gift`: the user's gift code was used.
 */
export const NOTIFICATION_KINDS = ["round", "pause", "remind", "exchange", "gift"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A time of day as `<input type="time">` sends it and the API stores it: HH:MM, 24-hour. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
