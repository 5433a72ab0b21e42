import { parseAlias } from "#contract/people.ts";

/** Soft backgrounds for the animals (tokens.css: --animal-0…5 in both themes), one picked by each animal. */
const ANIMAL_TINTS = 6;

/**
 * An alias's animal as an avatar draws it: its emoji and the class of its tint; undefined when
 * it is not an alias. Free of React: the map's markers use it too.
 */
export function animalFace(alias: string): { emoji: string; tint: string } | undefined {
  const parsed = parseAlias(alias);
  return parsed ? { emoji: parsed.emoji, tint: `animal-tint-${parsed.index % ANIMAL_TINTS}` } : undefined;
}
