/**
 * A person's picture, or the first letter of their name on the accent gradient when there is
 * none. Decorative: the name is always written next to it.
 */
export function Avatar({ src, name, small }: { src?: string; name: string; small?: boolean }) {
  const className = small ? "avatar avatar--sm" : "avatar";
  const side = small ? 44 : 56;
  if (src) return <img className={className} src={src} alt="" width={side} height={side} loading="lazy" decoding="async" />;
  return (
    <span className={className} aria-hidden="true">
      {Array.from(name)[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
