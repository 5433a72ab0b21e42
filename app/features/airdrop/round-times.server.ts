import type { AirdropRound } from "#contract/airdrop.ts";
import type { LanguageCode } from "#contract/languages.ts";
import { readerTimes } from "#app/utils/locale.server.ts";

/**
 * Rounds with their time written for the reader: in the phone's time zone once the browser has
 * said which (the vv_tz cookie), else in UTC with "UTC" after it. Done on the server, so the
 * page hydrates without a mismatch.
 */
export function withRoundTimes(request: Request, locale: LanguageCode, list: AirdropRound[]) {
  const when = readerTimes(request, locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return list.map((r) => ({ ...r, when: when(r.airdrop_at) }));
}

/** The time of day a round ends, for "ends at 14:00": in the phone's time zone, else in UTC and saying so. */
export function clockTimeOf(request: Request, locale: LanguageCode, epochSeconds: number): string {
  return readerTimes(request, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })(epochSeconds);
}
