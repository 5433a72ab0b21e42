/** A connection URL as a log line or an error may show it: without its password. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}
