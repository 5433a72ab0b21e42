/** Minutes after midnight of "HH:MM". */
function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}

/** The wall clock in `zone` at `at`. */
function wallClock(at: Date, zone: string): { year: number; month: number; day: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, minutes: parts.hour * 60 + parts.minute };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const whole = Math.floor(at / 60_000) * 60_000;
  const w = wallClock(new Date(whole), zone);
  return Date.UTC(w.year, w.month - 1, w.day) + w.minutes * 60_000 - whole;
}

/** The instant a wall-clock time happens in `zone` (the offset found twice, so a DST change between is taken into account). */
function instantOf(year: number, month: number, day: number, minutes: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}

/**
 * When the quiet hours (`start`-`end`, "HH:MM" on `zone`'s wall clock; past midnight when start
 * is later than end) that `at` falls in end; null when `at` is outside them.
 */
export function quietUntil(at: Date, zone: string, quiet: { start: string; end: string }): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const now = wallClock(at, zone);
  const inside = start < end ? now.minutes >= start && now.minutes < end : now.minutes >= start || now.minutes < end;
  if (!inside) return null;
  // Before midnight in a period that crosses it: the end is on the next day.
  const nextDay = start > end && now.minutes >= start;
  const date = new Date(Date.UTC(now.year, now.month - 1, now.day + (nextDay ? 1 : 0)));
  return instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), end, zone);
}
