/** The console's words for what a person page shows, made once. */
const languages = new Intl.DisplayNames(["en"], { type: "language" });

/** A language code as operators read it: "ja (Japanese)". */
export function languageLabel(code: string): string {
  try {
    const name = languages.of(code);
    return name && name !== code ? `${code} (${name})` : code;
  } catch {
    return code;
  }
}
