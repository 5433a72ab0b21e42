import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { LANGUAGE_CODES } from "#contract/languages.ts";
import { loadLocale } from "../setup/locale-files.ts";

/** The terms every glossary lists (docs/glossaries/README.md). */
const TERMS = [
  "Soul Power",
  "Team Power",
  "airdrop",
  "round",
  "claim",
  "magic stone",
  "stone exchange",
  "gift box",
  "invite code",
  "level 1",
  "level 2",
  "reminder",
  "nickname",
  "VV",
  "BTC",
];
/** The two names the walk found left in English; the glossary's words must stand in for them. */
const CHECKED = ["Soul Power", "Team Power"];

type Entry = { term: string; also: string[] };

/** A glossary's table rows: English → the language's word and the inflected forms it declares. */
function glossary(lng: string): Map<string, Entry> {
  const rows = readFileSync(`docs/glossaries/${lng}.md`, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .slice(2);
  return new Map(
    rows.map(([, english, term, also]) => [
      english,
      {
        term,
        also: also
          .split(",")
          .map((form) => form.trim())
          .filter(Boolean),
      },
    ]),
  );
}

const en = loadLocale("en");

describe.each(LANGUAGE_CODES.filter((lng) => lng !== "en"))("glossary of %s", (lng) => {
  const strings = loadLocale(lng);
  const words = glossary(lng);
  const lower = (text: string) => text.toLocaleLowerCase(lng);

  test("lists every term, and keeps VV and BTC as they are", () => {
    expect(TERMS.filter((t) => !words.get(t)?.term)).toEqual([]);
    expect([words.get("VV")?.term, words.get("BTC")?.term]).toEqual(["VV", "BTC"]);
  });

  test.each(CHECKED)("every string that says %s uses the glossary's word for it", (name) => {
    const entry = words.get(name);
    const forms = entry ? [entry.term, ...entry.also].map(lower) : [];
    const missing = Object.keys(en)
      .filter((key) => en[key].includes(name))
      .filter((key) => !forms.some((form) => lower(strings[key] ?? "").includes(form)))
      .map((key) => `${key}: ${strings[key]}`);
    expect(missing).toEqual([]);
  });

  test("no string leaves Soul Power or Team Power in English", () => {
    const english = Object.entries(strings)
      .filter(([, text]) => /soul\s*power|team\s*power/i.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(english).toEqual([]);
  });
});
