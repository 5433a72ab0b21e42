/**
 * Values of the tools feature the browser needs too, kept free of zod so a page that imports
 * them does not ship the schema library (see bonus-tasks.ts).
 */

/** Stone kinds by bonus rate (5%, 10%, 15%, 20% by default), lowest first: the web app names and colours them. */
export const STONE_KINDS = ["earth", "water", "wind", "fire"] as const;
export type StoneKind = (typeof STONE_KINDS)[number];

/** Participants an exchange may be started for, the initiator included: it completes once that many have joined. */
export const EXCHANGE_QUOTA = { min: 2, max: 5 } as const;
