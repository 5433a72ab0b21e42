/**
 * Display formatting, the same as the native apps': K/M/B, 8-decimal balances, "--" for empty,
 * hh:mm:ss. Inputs are the API's decimal strings and integers; nothing here reads the clock.
 */
import { listFormat, numberFormat } from "./intl.ts";

const EMPTY = "--";

/** 1234 -> "1.23K", 1500000 -> "1.5M": 2 decimals, trailing zeros trimmed. */
export function compactNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return EMPTY;
  const abs = Math.abs(n);
  const [div, suffix] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "K"] : [1, ""];
  // toPrecision first: 1.15 * 100 is 114.999... in binary, and must still cut to 1.15.
  const scaled = Math.trunc(Number(((n / div) * 10 ** decimals).toPrecision(12))) / 10 ** decimals;
  return trimZeros(scaled.toFixed(decimals)) + suffix;
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** A balance string padded or cut (never rounded) to 8 decimals; empty shows "--". */
export function balance8(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return EMPTY;
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m || !(m[2] || m[3])) return EMPTY;
  return `${m[1]}${m[2].replace(/^0+(?=\d)/, "") || "0"}.${(m[3] ?? "").padEnd(8, "0").slice(0, 8)}`;
}

/** Seconds left as hh:mm:ss (hours may exceed 24). */
export function countdown(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Wraps user text (an e-mail, a nickname) placed inside a translated sentence in Unicode
 * isolates, so an e-mail in an Arabic sentence is not reordered.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A whole number of minutes in the reader's language ("5 minutes", "5 دقائق"), rounded up from seconds. */
export function minutesText(locale: string, seconds: number): string {
  return numberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(Math.ceil(seconds / 60));
}

/**
 * A file size in the reader's language ("5 MB", "5 م.ب"): megabytes of 1024 × 1024 bytes, at most
 * one decimal, the number and its unit kept on one line.
 */
export function megabytesText(locale: string, bytes: number): string {
  return numberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
    .format(bytes / (1024 * 1024))
    .replace(/ /g, "\u00a0");
}

/**
 * A wait in days, hours and minutes in the reader's language ("3 hours, 20 minutes", "3 ساعات و20 دقيقة"),
 * rounded up to the minute; a whole part that is zero is left out.
 */
export function hoursMinutesText(locale: string, seconds: number): string {
  return durationText(locale, Math.max(1, Math.ceil(seconds / 60)) * 60);
}

const DURATION_UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
] as const;

/**
 * Seconds as "8 hours", "4 hours, 30 minutes", "5 minutes": every part that is not zero, in the
 * locale's own words and joined as Intl.DurationFormat's long style joins them (its list of units),
 * so Japanese reads "23 時間 52 分", never "23 時間52 分".
 */
export function durationText(locale: string, seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push(numberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(n));
  }
  if (parts.length === 0) parts.push(numberFormat(locale, { style: "unit", unit: "second", unitDisplay: "long" }).format(0));
  return listFormat(locale, { type: "unit", style: "long" }).format(parts);
}

/**
 * A percentage in the locale's own form ("+15%", Turkish "+%15", Arabic with its marks), `signed`
 * for a bonus. Isolated: the sign and the % keep their sides in a right-to-left sentence.
 */
export function percentText(locale: string, percent: number, opts: { signed?: boolean } = {}): string {
  const format = numberFormat(locale, { style: "percent", maximumFractionDigits: 2, signDisplay: opts.signed ? "always" : "auto" });
  return isolate(format.format(percent / 100));
}

/**
 * An amount for heroes, buttons and lists: 2 to 4 decimals, cut (never rounded up: nobody is
 * shown more than they have); below 0.0001, the first two significant digits. The wallet shows
 * the full 8 decimals (balance8).
 */
export function shortAmount(value: string | null | undefined): string {
  const full = balance8(value);
  if (full === EMPTY) return full;
  const [whole, decimals] = full.split(".");
  const firstDigit = decimals.search(/[1-9]/);
  const keep = whole.replace("-", "") === "0" && firstDigit >= 4 ? firstDigit + 2 : 4;
  const cut = decimals.slice(0, keep).replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${cut}`;
}

/**
 * Isolates the signed numbers and VV amounts of a finished sentence, and keeps the unit on the
 * number's line: "+50" stays "+50" in Arabic and Urdu (a bare sign would move to the other side),
 * and "1.25 VV" never breaks between number and unit.
 */
export function isolateNumbers(text: string): string {
  // A sign counts only where a number starts: "-20" in "2-20" or an e-mail's "-123" stays as is.
  return text.replace(/(?<![\w.@\-−+])(?:[+\-−]\d[\d.,]*|\d[\d.,]* VV\b)/g, (m) => `\u2068${m.replace(" ", "\u00a0")}\u2069`);
}
