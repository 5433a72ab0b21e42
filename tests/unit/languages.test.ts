import { describe, expect, test } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_CODES, languageDir, normalizeLanguage } from "#contract/languages.ts";

describe("normalizeLanguage", () => {
  test.each([
    ["en", "en"],
    ["EN", "en"],
    ["en-US", "en"],
    ["en_GB", "en"],
    ["zh_CN", "zh-CN"],
    ["zh-cn", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["zh-Hant", "zh-TW"],
    ["zh_TW", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["pt-br", "pt-BR"],
    ["pt", "pt-BR"],
    ["pt_BR", "pt-BR"],
    ["bn", "bn-BD"],
    ["bn-BD", "bn-BD"],
    ["ja-JP", "ja"],
    ["ko-KR", "ko"],
    ["ar-EG", "ar"],
    ["ur-PK", "ur"],
    [" tr ", "tr"],
  ])("%j -> %s", (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  test("every supported code maps onto itself", () => {
    for (const code of LANGUAGE_CODES) {
      expect(normalizeLanguage(code)).toBe(code);
      expect(normalizeLanguage(code.toLowerCase())).toBe(code);
      expect(normalizeLanguage(code.replace("-", "_"))).toBe(code);
    }
  });

  test.each([[""], ["   "], [null], [undefined], ["xx"], ["english"], ["fr"], ["de-DE"], ["*"], ["-"], ["12"], ["x-klingon"]])(
    "junk %j -> undefined",
    (input) => {
      expect(normalizeLanguage(input)).toBeUndefined();
    },
  );

  // BUG (contract/languages.ts): a full script+region tag falls back on its base "zh",
  // which is aliased to Simplified Chinese. Traditional Chinese readers get zh-CN.
  test("zh-Hant-TW / zh-Hant-HK are Traditional Chinese", () => {
    expect(normalizeLanguage("zh-Hant-TW")).toBe("zh-TW");
    expect(normalizeLanguage("zh-Hant-HK")).toBe("zh-TW");
  });
});

describe("languageDir", () => {
  test("Arabic and Urdu are right-to-left", () => {
    expect(languageDir("ar")).toBe("rtl");
    expect(languageDir("ur")).toBe("rtl");
  });

  test("every other language is left-to-right", () => {
    for (const code of LANGUAGE_CODES.filter((c) => c !== "ar" && c !== "ur")) expect(languageDir(code)).toBe("ltr");
  });

  test("16 languages, unique codes, English the default", () => {
    expect(LANGUAGES).toHaveLength(16);
    expect(new Set(LANGUAGE_CODES).size).toBe(16);
    expect(DEFAULT_LANGUAGE).toBe("en");
  });
});
