import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { LANGUAGE_CODES } from "#contract/languages.ts";
import { ANIMALS, aliasOf, parseAlias } from "#contract/people.ts";

const ids = Array.from({ length: 5000 }, (_, i) => String(139427136 + i * 7));

describe("aliases", () => {
  test("the same display id always gets the same alias, an animal and a number from 10 to 99", () => {
    expect(aliasOf("139427136")).toBe(aliasOf("139427136"));
    for (const id of ids.slice(0, 200)) expect(aliasOf(id)).toMatch(/^[a-z]+-[1-9]\d$/);
  });

  test("display ids spread over every animal and most numbers", () => {
    const animals = new Map<string, number>();
    const numbers = new Set<number>();
    for (const id of ids) {
      const parsed = parseAlias(aliasOf(id))!;
      animals.set(parsed.key, (animals.get(parsed.key) ?? 0) + 1);
      numbers.add(parsed.number);
    }
    expect(animals.size).toBe(ANIMALS.length);
    const fair = ids.length / ANIMALS.length;
    for (const count of animals.values()) expect(count).toBeGreaterThan(fair / 2);
    expect(numbers.size).toBe(90);
  });

  test("neighbouring display ids do not share an alias", () => {
    expect(aliasOf("139427136")).not.toBe(aliasOf("139427137"));
  });

  test("an alias reads back as its animal, emoji and number", () => {
    for (const id of ids.slice(0, 100)) {
      const alias = aliasOf(id);
      const parsed = parseAlias(alias)!;
      expect(`${parsed.key}-${parsed.number}`).toBe(alias);
      expect(parsed.emoji).toBe(ANIMALS[parsed.index].emoji);
    }
    expect(parseAlias("fox-42")).toMatchObject({ key: "fox", emoji: "🦊", number: 42 });
  });

  test("anything else is no alias", () => {
    for (const text of ["", "fox", "fox-4", "fox-09", "fox-100", "dragon-42", "Fox-42", " fox-42", "1394****36"]) {
      expect(parseAlias(text), text).toBeNull();
    }
  });

  test("24 animals, each drawn by one emoji", () => {
    expect(ANIMALS).toHaveLength(24);
    expect(new Set(ANIMALS.map((a) => a.key)).size).toBe(24);
    expect(new Set(ANIMALS.map((a) => a.emoji)).size).toBe(24);
  });
});

describe("the people namespace", () => {
  for (const lng of LANGUAGE_CODES) {
    test(`${lng}: names every animal and has the pattern with the animal and the number`, () => {
      const people = JSON.parse(readFileSync(join("locales", lng, "people.json"), "utf8")) as {
        alias: string;
        animals: Record<string, string>;
      };
      expect(Object.keys(people.animals).sort()).toEqual(ANIMALS.map((a) => a.key).sort());
      for (const name of Object.values(people.animals)) expect(name.trim()).not.toBe("");
      expect(new Set(Object.values(people.animals)).size).toBe(24);
      expect(people.alias).toContain("{{animal}}");
      expect(people.alias).toContain("{{number}}");
    });
  }
});
