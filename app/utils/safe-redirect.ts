/** Only same-site paths: never `//evil.example` or `https://...` from a query string. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/airdrop"): string {
  if (!to || typeof to !== "string") return fallback;
  // Browsers drop tabs and newlines and read "\\" as "/": "/\t/evil" would become "//evil".
  // Our own paths are percent-encoded ASCII; anything else cannot even be a Location header.
  if (!to.startsWith("/") || /[^\u0020-\u007e]|\\/.test(to) || to.startsWith("//")) return fallback;
  if (/^\/(login|register|logout)\b/.test(to)) return fallback;
  return to;
}
