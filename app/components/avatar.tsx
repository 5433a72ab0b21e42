import { animalFace } from "./animal-face.ts";
import type { Person } from "./person.tsx";

/**
 * A person's picture; else their nickname's first letter on the accent gradient; else their
 * alias's animal on a soft tint. Decorative: the name is always written next to it.
 */
export function Avatar({ src, person, small }: { src?: string; person: Person; small?: boolean }) {
  const className = small ? "avatar avatar--sm" : "avatar";
  const side = small ? 44 : 56;
  if (src) return <img className={className} src={src} alt="" width={side} height={side} loading="lazy" decoding="async" />;
  const animal = person.nickname ? undefined : animalFace(person.alias);
  if (animal) {
    return (
      <span className={`${className} avatar--animal ${animal.tint}`} aria-hidden="true">
        {animal.emoji}
      </span>
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {Array.from(person.nickname)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
