/** Money is a bigint count of 1e-8 units; on the wire it is a decimal string. */
export const UNITS_PER_COIN = 100_000_000n;

export function unitsToDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNITS_PER_COIN;
  const frac = (abs % UNITS_PER_COIN).toString().padStart(8, "0");
  return `${negative ? "-" : ""}${whole}.${frac}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,8}))?$/;

export function decimalToUnits(text: string): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal with at most 8 places: ${text}`);
  const units = BigInt(m[2]) * UNITS_PER_COIN + BigInt((m[3] ?? "").padEnd(8, "0"));
  return m[1] ? -units : units;
}
