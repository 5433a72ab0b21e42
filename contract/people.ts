/**
 * What a person without a nickname is called: a friendly name ("alias") made from their display
 * id, an animal and a two-digit number ("fox-42", shown as "Fox 42" in English). Both sides make
 * and read it the same way; free of zod, so the browser imports it.
 */

/**
 * The animals, each with its emoji, the avatar of someone without a nickname or picture. Only
 * emoji of Unicode 9 or older, which cheap old Android phones draw. Appending keeps every alias
 * made so far; reordering or removing changes them.
 */
export const ANIMALS = [
  { key: "fox", emoji: "🦊" },
  { key: "panda", emoji: "🐼" },
  { key: "owl", emoji: "🦉" },
  { key: "tiger", emoji: "🐯" },
  { key: "koala", emoji: "🐨" },
  { key: "penguin", emoji: "🐧" },
  { key: "dolphin", emoji: "🐬" },
  { key: "turtle", emoji: "🐢" },
  { key: "rabbit", emoji: "🐰" },
  { key: "lion", emoji: "🦁" },
  { key: "elephant", emoji: "🐘" },
  { key: "whale", emoji: "🐳" },
  { key: "octopus", emoji: "🐙" },
  { key: "butterfly", emoji: "🦋" },
  { key: "bee", emoji: "🐝" },
  { key: "eagle", emoji: "🦅" },
  { key: "deer", emoji: "🦌" },
  { key: "horse", emoji: "🐴" },
  { key: "camel", emoji: "🐫" },
  { key: "bear", emoji: "🐻" },
  { key: "hamster", emoji: "🐹" },
  { key: "cat", emoji: "🐱" },
  { key: "unicorn", emoji: "🦄" },
  { key: "crab", emoji: "🦀" },
] as const;

type AnimalKey = (typeof ANIMALS)[number]["key"];

/** An alias read back: the animal (its key and emoji, its place in ANIMALS) and the number. */
export interface ParsedAlias {
  key: AnimalKey;
  emoji: string;
  index: number;
  number: number;
}

const MIN_NUMBER = 10;
const NUMBERS = 90;

// FNV-1a (32 bits): a few lines, and consecutive display ids land far apart.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The alias of a display id ("fox-42"): always the same one for the same id. */
export function aliasOf(displayId: string): string {
  const hash = fnv1a(displayId);
  const animal = ANIMALS[hash % ANIMALS.length];
  const number = MIN_NUMBER + (Math.floor(hash / ANIMALS.length) % NUMBERS);
  return `${animal.key}-${number}`;
}

const ALIAS = /^([a-z]+)-(\d{2})$/;

/** An alias's animal and number, or null when it is not one (empty, unknown animal, number out of range). */
export function parseAlias(alias: string): ParsedAlias | null {
  const match = ALIAS.exec(alias);
  if (!match) return null;
  const index = ANIMALS.findIndex((a) => a.key === match[1]);
  const number = Number(match[2]);
  if (index < 0 || number < MIN_NUMBER) return null;
  return { key: ANIMALS[index].key, emoji: ANIMALS[index].emoji, index, number };
}
