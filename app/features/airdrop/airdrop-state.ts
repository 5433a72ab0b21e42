import type { AirdropStatus } from "#contract/airdrop.ts";

/**
 * The one state the airdrop card shows, with one chip, one sentence and one action each:
 * not started (start), waiting for the first round (add it to the calendar), in a round with
 * nothing to claim (add it to the calendar), VV to claim (claim), about to pause at the next
 * close (claim), paused (claim, which rejoins).
 */
export type AirdropState = "not_open" | "wait" | "minting" | "claimable" | "pausing" | "suspend";

export function airdropState(info: { mint_status: AirdropStatus; un_collect_round: number; suspend_threshold: number }): AirdropState {
  if (info.mint_status !== "minting") return info.mint_status;
  // At the threshold this round pays nothing: its close pauses the airdrop instead.
  if (info.un_collect_round >= info.suspend_threshold) return "pausing";
  return info.un_collect_round > 0 ? "claimable" : "minting";
}

/** States in which the user takes part in a round that is running now, or starts at its end. */
export function countsDown(state: AirdropState): boolean {
  return state === "wait" || state === "minting" || state === "claimable" || state === "pausing";
}
