/**
 * One sprite of 24x24 stroke icons. The root layout renders <IconSprite/> once per document;
 * each <Icon/> is then a few bytes of <use>, and the icons take their colour from the text.
 */
const PATHS = {
  airdrop: "M12 3a9 9 0 0 0-9 9h18a9 9 0 0 0-9-9Zm-9 9 9 9 9-9M12 12v9",
  team: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a5 5 0 0 0-4-5",
  tools: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  profile: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9a8 8 0 0 1 16 0",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3A4 4 0 0 0 13 5.3l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  follow: "M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M19 8v6M16 11h6",
  invite: "M21 3 10 14M21 3l-7 18-4-7-7-4 18-7Z",
  upgrade: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-5V8m-4 4 4-4 4 4",
  claim: "M12 3v12m-5-5 5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2",
  power: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  stone: "M6 3h12l4 6-10 12L2 9l4-6ZM2 9h20m-10 12L8 9l4-6 4 6-4 12",
  gift: "M20 12v9H4v-9M2 7h20v5H2zm10 14V7m0 0H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7Zm0 0h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7Z",
  wallet: "M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2H3m13 7h.5",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18",
  logout: "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4m7 14 5-5-5-5m5 5H9",
  chevron: "m9 6 6 6-6 6",
  calendar: "M8 3v4m8-4v4M4 10h16M6 5h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm6 8v5m-2.5-2.5h5",
  bell: "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a2 2 0 0 0 3.4 0",
} as const;

export type IconName = keyof typeof PATHS;

const NAMES = Object.keys(PATHS) as IconName[];

export function IconSprite() {
  return (
    <svg className="sprite" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      {NAMES.map((name) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <path d={PATHS[name]} />
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A sprite icon, decorative unless `label` names it. Icons that point along the reading
 * direction (the chevron, logout's arrow) pass `mirror` so they turn round in RTL.
 */
export function Icon({ name, label, small, mirror }: { name: IconName; label?: string; small?: boolean; mirror?: boolean }) {
  const className = ["icon", small ? "icon--sm" : "", mirror ? "icon--mirror" : ""].filter(Boolean).join(" ");
  return (
    <svg className={className} aria-hidden={label ? undefined : true} role={label ? "img" : undefined} aria-label={label} focusable="false">
      <use href={`#i-${name}`} />
    </svg>
  );
}
