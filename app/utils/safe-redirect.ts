/** Only same-site paths: never `//evil.example` or `https://...` from a query string. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/airdrop"): string {
  if (!to || typeof to !== "string") return fallback;
  // Browsers drop tabs and newlines and read "\\" as "/": "/\t/evil" would become "//evil".
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to) || to.startsWith("//")) return fallback;
  if (/^\/(login|register|logout)\b/.test(to)) return fallback;
  return to;
}
