/** Only same-site paths: never `//evil.example` or `https://...` from a query string. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/airdrop"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/^\/(login|register|logout)\b/.test(to)) return fallback;
  return to;
}
