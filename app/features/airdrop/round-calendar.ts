import type { AirdropStatus } from "#contract/airdrop.ts";

/** The calendar file for the end of the round in progress (app/routes/airdrop.round[.]ics.tsx). */
export const ROUND_CALENDAR_PATH = "/airdrop/round.ics";

/**
 * Whether the user has a round end to come back for: the round in progress pays them, or starts
 * their airdrop when it ends. Not started, or paused, there is nothing to wait for: the page's
 * one action (start, claim) is to be taken now.
 */
export function hasRoundEnd(info: { mint_status: AirdropStatus }): boolean {
  return info.mint_status === "wait" || info.mint_status === "minting";
}
