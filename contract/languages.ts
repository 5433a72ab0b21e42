/** The 16 UI languages, in the order the language picker shows them. */
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "ja", name: "日本語", dir: "ltr" },
  { code: "ko", name: "한국어", dir: "ltr" },
  { code: "zh-TW", name: "繁體中文", dir: "ltr" },
  { code: "zh-CN", name: "简体中文", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
  { code: "tr", name: "Türkçe", dir: "ltr" },
  { code: "id", name: "Bahasa Indonesia", dir: "ltr" },
  { code: "ms", name: "Bahasa Melayu", dir: "ltr" },
  { code: "vi", name: "Tiếng Việt", dir: "ltr" },
  { code: "hi", name: "हिन्दी", dir: "ltr" },
  { code: "ta", name: "தமிழ்", dir: "ltr" },
  { code: "te", name: "తెలుగు", dir: "ltr" },
  { code: "ur", name: "اردو", dir: "rtl" },
  { code: "bn-BD", name: "বাংলা", dir: "ltr" },
  { code: "pt-BR", name: "Português (Brasil)", dir: "ltr" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

const ALIASES: Record<string, LanguageCode> = {
  zh: "zh-CN",
  "zh-hans": "zh-CN",
  "zh-hant": "zh-TW",
  "zh-hk": "zh-TW",
  bn: "bn-BD",
  pt: "pt-BR",
};

/**
 * Maps what clients send (`zh_CN`, `pt-br`, `bn`, `en-US`) onto one of ours,
 * or undefined when it is not a language we speak.
 */
export function normalizeLanguage(input: unknown): LanguageCode | undefined {
  // A cookie's value reaches here untyped: it may hold JSON of any type.
  if (typeof input !== "string") return undefined;
  const wanted = input.trim().replace(/_/g, "-").toLowerCase();
  if (!wanted) return undefined;
  const exact = LANGUAGE_CODES.find((c) => c.toLowerCase() === wanted);
  if (exact) return exact;
  if (ALIASES[wanted]) return ALIASES[wanted];
  if (/^zh-(hant|tw|hk|mo)\b/.test(wanted)) return "zh-TW";
  const base = wanted.split("-")[0];
  return LANGUAGE_CODES.find((c) => c.toLowerCase() === base) ?? ALIASES[base];
}

export function languageDir(code: LanguageCode): "ltr" | "rtl" {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";
}
