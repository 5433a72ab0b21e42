import { readFileSync } from "node:fs";
import { ErrorCode } from "../../../contract/errors.ts";
import { Failure } from "./failure.ts";

const words = readFileSync(new URL("../data/sensitive-words.txt", import.meta.url), "utf8")
  .split("\n")
  .map((w) => w.trim().toLowerCase())
  .filter((w) => w && !w.startsWith("#"));

// Control characters and the invisible ones that make two names look alike.
const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Nickname rules of rules.md §7: 2-20 characters after trimming, clean, no sensitive word. */
export function checkNickname(input: string): string {
  const name = input.trim().normalize("NFC");
  const length = [...name].length;
  if (length < 2 || length > 20 || FORBIDDEN.test(name)) throw new Failure(ErrorCode.nicknameInvalid);
  const folded = name.toLowerCase();
  if (words.some((w) => folded.includes(w))) throw new Failure(ErrorCode.nicknameSensitive);
  return name;
}
