import { parseAlias } from "#contract/people.ts";
import type { User } from "#contract/profile.ts";
import type { Translator } from "#app/utils/translate.ts";
import { useTranslation } from "#app/utils/translation.tsx";

/** Someone as the wire carries them: their nickname ("" when none) and their alias ("fox-42", contract/people.ts). */
export interface Person {
  nickname: string;
  alias: string;
}

/** The signed-in user as a person: their own profile's `name` is their nickname. */
export function selfPerson(user: Pick<User, "name" | "alias">): Person {
  return { nickname: user.name, alias: user.alias };
}

/**
 * What a person is called for this reader: their nickname, or else their alias in the reader's
 * language ("Fox 42", "ثعلب 42"). The one way the app writes a person's name, on the server
 * (toasts) and in the browser.
 */
export function personName(t: Translator["t"], person: Person): string {
  if (person.nickname) return person.nickname;
  const alias = parseAlias(person.alias);
  return alias ? t("people:alias", { animal: t(`people:animals.${alias.key}`), number: alias.number }) : person.alias;
}

/** personName with the page's translator. */
export function usePersonName(): (person: Person) => string {
  const { t } = useTranslation();
  return (person) => personName(t, person);
}

/** A person's name in running text: isolated, since nicknames come in any script. */
export function PersonName({ person }: { person: Person }) {
  return <bdi>{usePersonName()(person)}</bdi>;
}
