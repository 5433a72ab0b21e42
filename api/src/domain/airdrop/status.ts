import type { AirdropStatus } from "#contract/airdrop.ts";
import type { minters } from "#api/src/db/schema.ts";

type MinterRow = typeof minters.$inferSelect;

/** not_open, then wait until the round the user joined begins, minting inside it, suspend when paused. */
export function statusOf(minter: MinterRow | undefined, round: number): AirdropStatus {
  if (!minter) return "not_open";
  if (minter.suspendedAt) return "suspend";
  return minter.mintFromRound > round ? "wait" : "minting";
}
