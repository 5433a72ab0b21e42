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
