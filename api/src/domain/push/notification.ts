/**
 * What a notification says, without its words: they are chosen when it is sent, in the user's
 * language then, so producers can queue for every user in one statement. Each names the object
 * it is about (a round, a reminder, an exchange, a gift box), which its dedupe key carries.
 * - `round`: a round was distributed; `amount` is the VV waiting to be claimed, in units.
 * - `pause`: the airdrop pauses at the next close unless the user claims.
 * - `remind`: a teammate reminded the user; `from` is their nickname and `fromAlias` their alias
 *   (contract/people.ts), written in the user's language when there is no nickname (jobs queued
 *   before aliases carry the name in `from` alone);
 *   `reminder` is the reminder's key (sender, UTC day, n); `about` says whether the user's airdrop
 *   is paused or was never started (a nudge to start it). Jobs queued before it existed are "paused".
 * - `exchange`: an exchange the user was in completed; `gained` is the Soul Power it gave them.
 * - `gift`: `from` (a nickname, or else `fromAlias`, as for `remind`) used the user's gift box `box`;
 *   each of them gained `power`.
 */
export type Notification =
  | { kind: "round"; url: string; tag: string; round: number; amount: string }
  | { kind: "pause"; url: string; tag: string; round: number }
  | { kind: "remind"; url: string; tag: string; reminder: string; from: string; fromAlias?: string; about?: "paused" | "not_started" }
  | { kind: "exchange"; url: string; tag: string; exchange: number; gained: number }
  | { kind: "gift"; url: string; tag: string; box: number; from: string; fromAlias?: string; power: number };
