import type { AirdropRound } from "#contract/airdrop.ts";
import { fromEpochSeconds } from "#contract/time.ts";
import type { LanguageCode } from "#contract/languages.ts";
import { timeZoneOf } from "#app/utils/locale.server.ts";
import { dateTimeFormat } from "#app/utils/intl.ts";

/**
 * Rounds with their time written for the reader: in the phone's time zone once the browser has
 * said which (the vv_tz cookie), else in UTC with "UTC" after it. Done on the server, so the
 * page hydrates without a mismatch.
 */
export function withRoundTimes(request: Request, locale: LanguageCode, list: AirdropRound[]) {
  const zone = timeZoneOf(request);
  const when = dateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone ?? "UTC",
  });
  return list.map((r) => ({ ...r, when: when.format(fromEpochSeconds(r.airdrop_at)) + (zone ? "" : " UTC") }));
}

/** The time of day a round ends, for "ends at 14:00": in the phone's time zone, else in UTC and saying so. */
export function clockTimeOf(request: Request, locale: LanguageCode, epochSeconds: number): string {
  const zone = timeZoneOf(request);
  const time = dateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone ?? "UTC" });
  return time.format(fromEpochSeconds(epochSeconds)) + (zone ? "" : " UTC");
}
