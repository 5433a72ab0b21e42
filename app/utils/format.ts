/**
 * Display formatting of product spec §9. Inputs are the API's decimal strings and
 * integers; nothing here reads the clock.
 */

const EMPTY = "--";

/** 1234 -> "1.23K", 1500000 -> "1.5M": 2 decimals, trailing zeros trimmed. */
export function compactNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return EMPTY;
  const abs = Math.abs(n);
  const [div, suffix] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "K"] : [1, ""];
  const scaled = Math.trunc((n / div) * 10 ** decimals) / 10 ** decimals;
  return trimZeros(scaled.toFixed(decimals)) + suffix;
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** A balance string padded or cut (never rounded) to 8 decimals; empty shows "--". */
export function balance8(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return EMPTY;
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return EMPTY;
  return `${m[1]}${m[2] || "0"}.${(m[3] ?? "").padEnd(8, "0").slice(0, 8)}`;
}

/** Seconds left as hh:mm:ss (hours may exceed 24). */
export function countdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
