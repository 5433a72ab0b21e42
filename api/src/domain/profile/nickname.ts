import { readFileSync } from "node:fs";
import unhomoglyph from "unhomoglyph";
import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";

/** The confusables skeleton of Unicode TS #39: NFD, each character to its prototype, NFD again. */
function prototypes(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/**
 * What a name looks like, the form names and listed words are compared in:
 * compatibility forms folded ("ＡＤＭＩＮ"), lower case, then the confusables skeleton (UTS #39;
 * the prototypes are the mapping of Unicode's confusables.txt, from the `unhomoglyph` package),
 * so Cyrillic "О" and the digit "0" read as "o", "1" and "I" as "l", "m" as "rn". The prototypes
 * keep case ("0" becomes "O"), so the result is lowered and mapped once more; marks go last
 * ("ADMİN", "ádmin"). A listed word matches when its skeleton is inside the name's: both sides
 * are mapped alike, so "admin" (skeleton "adrnin") still matches "Admin".
 */
function fold(text: string): string {
  return prototypes(prototypes(text.normalize("NFKD").toLowerCase()).toLowerCase()).replace(/\p{M}/gu, "");
}

const words = readFileSync(new URL("../../data/sensitive-words.txt", import.meta.url), "utf8")
  .split("\n")
  .map((w) => w.trim())
  .filter((w) => w && !w.startsWith("#"))
  .map(fold);

// Control characters and the invisible ones that make two names look alike; the joiners
// (ZWNJ, ZWJ) stay allowed because Indic and Arabic-script names and emoji need them.
const FORBIDDEN = /[\p{Cc}\u2028\u2029]|(?![\u200c\u200d])\p{Cf}/u;

/**
 * More combining marks on one character than any of our languages writes: they stack into a blot
 * that runs over the names around it ("Zalgo" text), and a nonspacing mark repeated is drawn over
 * itself (UTS #39 §5.4 forbids both, at more than 4). Three after NFC is the most a real name needs:
 * Hindi "ज़िं" (nukta, vowel sign, anusvara), Arabic shadda with a vowel and a dagger alef.
 */
const MAX_MARKS_PER_CHARACTER = 3;

function marksStacked(name: string): boolean {
  let marks = 0;
  let previous = "";
  for (const ch of name) {
    if (!/\p{M}/u.test(ch)) {
      marks = 0;
      previous = "";
      continue;
    }
    marks += 1;
    if (marks > MAX_MARKS_PER_CHARACTER || (ch === previous && /\p{Mn}/u.test(ch))) return true;
    previous = ch;
  }
  return false;
}

/**
 * Nickname rules: 2-20 characters after trimming, no control characters, no sensitive word, also
 * not one spelt with look-alikes ("VV Оfficial" with a Cyrillic О, "VV 0fficial"), and no stack
 * of combining marks; the last two are refused as sensitive (300108), like the word they hide.
 */
export function checkNickname(input: string): string {
  const name = input.trim().normalize("NFC");
  const length = [...name].length;
  if (length < 2 || length > 20 || FORBIDDEN.test(name)) throw new Failure(ErrorCode.nicknameInvalid);
  if (marksStacked(name)) throw new Failure(ErrorCode.nicknameSensitive);
  const folded = fold(name);
  if (words.some((w) => folded.includes(w))) throw new Failure(ErrorCode.nicknameSensitive);
  return name;
}
