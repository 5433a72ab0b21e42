/**
 * Intl formatters cost far more to build than to use, and are the same for every request in a
 * language: each set of options is made once and kept (a bounded number: time zones come from
 * visitors' cookies). An invalid option throws, as the constructor does, and is not kept.
 */
const made = new Map<string, unknown>();
const KEPT = 500;

function memo<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    if (made.size >= KEPT) made.clear();
    made.set(key, formatter);
  }
  return formatter;
}

/**
 * Digits are Latin in every language (docs/decisions/051): amounts, ids and codes are, as in the
 * native apps, and Bengali's own digits beside them would mix two sets on one line.
 */
const DIGITS = { numberingSystem: "latn" } as const;

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return memo(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, { ...DIGITS, ...options }));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memo(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...DIGITS, ...options }));
}

export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return memo(`l|${locale}|${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options));
}
