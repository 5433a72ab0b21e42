import { readFileSync } from "node:fs";
import i18next from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, normalizeLanguage } from "#contract/languages.ts";
import { aliasOf, parseAlias } from "#contract/people.ts";

const resources = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => [
    lng,
    { people: JSON.parse(readFileSync(new URL(`../../../../locales/${lng}/people.json`, import.meta.url), "utf8")) },
  ]),
);

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  ns: ["people"],
  defaultNS: "people",
  interpolation: { escapeValue: false },
  initImmediate: false,
});

/** A person as the users table holds them: a nickname (or empty) and a display id. */
export interface PersonRow {
  name: string;
  displayId: string;
}

/** An alias ("fox-42") written in a language ("Fox 42"); anything else as it is. */
function aliasName(language: string | undefined, alias: string): string {
  const parsed = parseAlias(alias);
  if (!parsed) return alias;
  const t = i18n.getFixedT(normalizeLanguage(language) ?? DEFAULT_LANGUAGE, "people");
  return t("people:alias", { animal: t(`people:animals.${parsed.key}`), number: parsed.number });
}

/** A person's nickname and alias as the wire and the push jobs carry them, so each name is written in its reader's language. */
export interface PersonFields {
  nickname: string;
  alias: string;
}

export function personFields(person: PersonRow): PersonFields {
  return { nickname: person.name, alias: aliasOf(person.displayId) };
}

/** A person in a reader's language: the nickname, or else the alias written in that language. */
export function writtenName(language: string | undefined, person: { nickname: string; alias?: string }): string {
  return person.nickname || (person.alias ? aliasName(language, person.alias) : "");
}

/** What the server writes for a person in a reader's language: their nickname, or their alias in that language. */
export function personName(language: string | undefined, person: PersonRow): string {
  return writtenName(language, personFields(person));
}

/** A display id with its middle hidden (1234****89): enough to tell people apart, not to find them. */
export function maskedDisplayId(id: string): string {
  return id.length > 6 ? `${id.slice(0, 4)}****${id.slice(-2)}` : id;
}

/**
 * The `name` field the released native apps read: the nickname, or the masked display id. New
 * texts use personName instead.
 */
export function legacyName(person: PersonRow): string {
  return person.name || maskedDisplayId(person.displayId);
}
