/**
 * Values of the tools feature the browser needs too, kept free of zod so a page that imports
 * them does not ship the schema library (see bonus-tasks.ts).
 */

/** Stone kinds by bonus rate, lowest first (rules.md §5): the web app names and colours them. */
export const STONE_KINDS = ["earth", "water", "wind", "fire"] as const;
export type StoneKind = (typeof STONE_KINDS)[number];

/** Participants an exchange may be started for, the initiator included (rules.md §5). */
export const EXCHANGE_QUOTA = { min: 2, max: 5 } as const;
