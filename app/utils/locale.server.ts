import { dateTimeFormat } from "./intl.ts";

/** The visitor's time zone, as their browser reported it (entry.client.tsx), if it is a real one. */
export function timeZoneOf(request: Request): string | undefined {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((c) => c.startsWith("vv_tz="))
    ?.slice("vv_tz=".length);
  if (!raw) return undefined;
  try {
    const zone = decodeURIComponent(raw);
    dateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Writes moments (epoch seconds) for the reader: in the phone's time zone once the browser has
 * said which, else in UTC with "UTC" after it. Done on the server, so a page hydrates without a
 * mismatch.
 */
export function readerTimes(
  request: Request,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, "timeZone">,
): (epochSeconds: number) => string {
  const zone = timeZoneOf(request);
  const format = dateTimeFormat(locale, { ...options, timeZone: zone ?? "UTC" });
  return (epochSeconds) => format.format(new Date(epochSeconds * 1000)) + (zone ? "" : " UTC");
}
