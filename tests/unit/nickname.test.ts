import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { checkNickname } from "#api/src/domain/profile/nickname.ts";

/** The error code checkNickname throws, or "ok". */
function verdict(name: string): number | "ok" {
  try {
    checkNickname(name);
    return "ok";
  } catch (error) {
    return (error as { code: number }).code;
  }
}

const WORDS = readFileSync(new URL("../../api/src/data/sensitive-words.txt", import.meta.url), "utf8")
  .split("\n")
  .map((w) => w.trim())
  .filter((w) => w && !w.startsWith("#"));

describe("checkNickname: length", () => {
  test("returns the trimmed name", () => {
    expect(checkNickname("  Mika  ")).toBe("Mika");
    expect(checkNickname("Jo")).toBe("Jo");
  });

  test("2 to 20 characters after trimming", () => {
    expect(verdict("a")).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("   a   ")).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("")).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("     ")).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("ab")).toBe("ok");
    expect(verdict("x".repeat(20))).toBe("ok");
    expect(verdict(`  ${"x".repeat(20)}  `)).toBe("ok");
    expect(verdict("x".repeat(21))).toBe(ErrorCode.nicknameInvalid);
  });

  test("counts code points, so emoji and CJK count one each", () => {
    expect(verdict("😀")).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("😀😀")).toBe("ok");
    expect(verdict("😀".repeat(20))).toBe("ok"); // 40 UTF-16 units
    expect(verdict("😀".repeat(21))).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("小明")).toBe("ok");
    expect(verdict("明".repeat(20))).toBe("ok");
    expect(verdict("明".repeat(21))).toBe(ErrorCode.nicknameInvalid);
    expect(verdict("مريم")).toBe("ok");
    expect(verdict("🇯🇵🇧🇷")).toBe("ok");
  });

  test("composed and decomposed accents count the same (NFC)", () => {
    const decomposed = "e\u0301".repeat(20); // 40 code points before NFC, 20 after
    expect(verdict(decomposed)).toBe("ok");
    expect(checkNickname("Jose\u0301")).toBe("José");
  });
});

describe("checkNickname: forbidden characters", () => {
  test.each([
    ["ab\u0000"],
    ["a\tb"],
    ["a\nb"],
    ["a\u007fb"],
    ["a\u200bb"],
    ["a\u200eb"],
    ["ab\u202e"],
    ["a\ufeffb"],
    ["a\u2028b"],
    ["a\u00adb"],
  ])("control or invisible character in %j", (name) => {
    expect(verdict(name)).toBe(ErrorCode.nicknameInvalid);
  });
});

describe("checkNickname: sensitive words", () => {
  test("the word list is loaded and has words in several scripts", () => {
    expect(WORDS.length).toBeGreaterThan(20);
    expect(WORDS).toContain("admin");
    expect(WORDS).toContain("管理员");
    expect(WORDS).toContain("مدير");
  });

  test("every listed word is refused on its own and inside a name", () => {
    for (const word of WORDS) {
      expect(verdict(word.length < 2 ? `${word}x` : word), word).toBe(ErrorCode.nicknameSensitive);
      expect(verdict(`x${word}1`.slice(0, 20)), word).not.toBe("ok");
    }
  });

  test.each([["Admin"], ["ADMIN"], ["superAdmin99"], ["The Official"], ["SCAM bot"], ["Support Team"], ["FuCk"], ["Administrator"]])(
    "case-insensitive: %j",
    (name) => {
      expect(verdict(name)).toBe(ErrorCode.nicknameSensitive);
    },
  );

  test.each([
    ["小王管理员"],
    ["官方账号"],
    ["客服小美"],
    ["مدير الموقع"],
    ["مشرف"],
    ["관리자입니다"],
    ["Yönetici"],
    ["Quản trị viên"],
    ["प्रशासक"],
  ])("non-Latin words: %j", (name) => {
    expect(verdict(name)).toBe(ErrorCode.nicknameSensitive);
  });

  test.each([["Mika"], ["小明"], ["محمد"], ["Nguyễn Văn A"], ["Ana Lúcia"]])("clean name %j passes", (name) => {
    expect(verdict(name)).toBe("ok");
  });

  // BUG (api/src/domain/profile/nickname.ts): String#toLowerCase maps "İ" (U+0130) to "i̇"
  // (i + U+0307), so Turkish capitals slip past "yönetici"/"admin"; fullwidth letters
  // (NFC keeps them) slip past every Latin word. Expected: fold with toLocaleLowerCase /
  // NFKC + removal of combining dots before matching.
  test("Turkish dotted capital I and fullwidth letters are caught", () => {
    expect(verdict("YÖNETİCİ")).toBe(ErrorCode.nicknameSensitive);
    expect(verdict("ADMİN")).toBe(ErrorCode.nicknameSensitive);
    expect(verdict("ＡＤＭＩＮ")).toBe(ErrorCode.nicknameSensitive);
  });
});

// A listed word spelt with look-alikes (Unicode TS #39 confusables), and names of stacked combining
// marks, are refused like the listed word itself (300108).
describe("look-alikes of a listed word are the word", () => {
  test.each([
    ["VV Official"],
    ["VV \u041efficial"], // Cyrillic capital O
    ["VV \u043efficial"], // Cyrillic small o
    ["VV 0fficial"], // digit zero
    ["VV Οfficial"], // Greek capital omicron
    ["VV O\uff46ficial"], // a fullwidth f among Latin letters
    ["\u0430dmin"], // Cyrillic a
    ["\u0391DMIN"], // Greek capital alpha
    ["ADM\u0406N"], // Cyrillic capital I (Ukrainian)
    ["s\u0441am bot"], // Cyrillic es
    ["\u0455upport team"], // Cyrillic dze
    ["adrnin"], // "rn" reads as "m"
    ["N\u0430zi"],
  ])("%j is 300108", (name) => {
    expect(verdict(name)).toBe(ErrorCode.nicknameSensitive);
  });
});

describe("stacked combining marks", () => {
  test("18 marks stacked on one letter (20 code points, within the length limit) are refused", () => {
    const zalgo = `ab${"\u0300\u0301\u0302\u0303\u0304\u0305".repeat(3)}`;
    expect([...zalgo].length).toBe(20);
    expect(verdict(zalgo)).toBe(ErrorCode.nicknameSensitive);
    expect(verdict(`ab${"\u0300".repeat(18)}`)).toBe(ErrorCode.nicknameSensitive);
  });

  test("more than 3 marks on one character, or one mark repeated on it, are refused", () => {
    expect(verdict("ab\u0300\u0301\u0302\u0303")).toBe(ErrorCode.nicknameSensitive);
    expect(verdict("aq\u0323\u0323")).toBe(ErrorCode.nicknameSensitive);
    expect(verdict("ab\u0300\u0301\u0302")).toBe("ok");
  });

  test("the marks that composed characters carry count as NFC leaves them", () => {
    // a + acute composes to á: one base with three marks left.
    expect(verdict("ba\u0301\u0302\u0303\u0304")).toBe("ok");
    expect(verdict("e\u0301".repeat(20))).toBe("ok");
  });
});

describe("real names in our 16 languages still pass", () => {
  test.each([
    ["Mika"],
    ["Nguyễn Văn An"],
    ["Đặng Thị Hà"],
    ["Ana Lúcia"],
    ["João"],
    ["Ayşe Yılmaz"],
    ["İlkay"],
    ["Siti Nurhaliza"],
    ["小明"],
    ["陳大文"],
    ["田中太郎"],
    ["김민수"],
    ["محمد"],
    ["مُحَمَّد"],
    ["علی رضا"],
    ["ज़िंदगी"],
    ["राहुल शर्मा"],
    ["ராஜேஷ்"],
    ["రాజేష్"],
    ["রাহুল"],
    ["❤️ Love"],
    ["1️⃣ one"],
    ["👨‍👩‍👧 family"],
  ])("%j", (name) => {
    expect(verdict(name)).toBe("ok");
  });
});
