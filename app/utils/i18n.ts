/**
 * The web app's translation namespaces, one file each in locales/<lng>/. The root's travel
 * with every page (`people`: the animals of people's friendly names, which many pages show);
 * each feature owns one and its routes declare it in `handle.i18n`.
 */
export const ROOT_NAMESPACES = ["common", "errors", "people"] as const;
export const FEATURE_NAMESPACES = [
  "auth",
  "airdrop",
  "team",
  "tools",
  "profile",
  "map",
  "legal",
  "download",
  "campaign",
  "offline",
  "ledger",
  "rules",
  "passkeys",
  "moderation",
  "appeal",
] as const;
export type Namespace = (typeof ROOT_NAMESPACES)[number] | (typeof FEATURE_NAMESPACES)[number];

/** What a route module's `handle` may say: the namespaces it renders, and whether it ships JavaScript. */
export interface RouteHandle {
  i18n?: readonly Namespace[];
  hydrate?: boolean;
}
