import { readFileSync } from "node:fs";
import { ErrorCode } from "../../../../contract/errors.ts";
import { Failure } from "../../lib/failure.ts";

/** Compatibility forms, marks and case folded away: "ＡＤＭＩＮ" and "ADMİN" compare as "admin". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

const words = readFileSync(new URL("../../data/sensitive-words.txt", import.meta.url), "utf8")
  .split("\n")
  .map((w) => w.trim())
  .filter((w) => w && !w.startsWith("#"))
  .map(fold);

// Control characters and the invisible ones that make two names look alike; the joiners
// (ZWNJ, ZWJ) stay allowed because Indic and Arabic-script names and emoji need them.
const FORBIDDEN = /[\p{Cc}\u2028\u2029]|(?![\u200c\u200d])\p{Cf}/u;

/** Nickname rules of rules.md §7: 2-20 characters after trimming, clean, no sensitive word. */
export function checkNickname(input: string): string {
  const name = input.trim().normalize("NFC");
  const length = [...name].length;
  if (length < 2 || length > 20 || FORBIDDEN.test(name)) throw new Failure(ErrorCode.nicknameInvalid);
  const folded = fold(name);
  if (words.some((w) => folded.includes(w))) throw new Failure(ErrorCode.nicknameSensitive);
  return name;
}
