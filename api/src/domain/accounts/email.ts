/** Lower-cased and trimmed: the address as the user typed it, the one mail is sent to. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

// One @, a dot-separated domain with a 2+ letter TLD, no spaces: what real mailboxes look like.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email) && !email.includes("..");
}

/**
 * What a provider ignores in the local part of its addresses (docs/decisions/037). Only
 * providers listed here are folded; every other domain is compared lower-cased, nothing more.
 * The rule for listing one is that folding can never join two people's mailboxes:
 *
 * - Gmail ignores dots in its addresses and delivers `name+anything` to `name` (Google's help:
 *   "dots don't matter in Gmail addresses", "create task-specific addresses"); googlemail.com is
 *   the same mailbox as gmail.com. Google Workspace domains are not folded: their dots count.
 * - Proton (proton.me, protonmail.com, protonmail.ch, pm.me) documents its `+aliases`, Fastmail
 *   (fastmail.com, fastmail.fm) its plus addressing; Outlook.com (outlook.com, hotmail.com,
 *   live.com, msn.com) and iCloud Mail (icloud.com, me.com, mac.com) deliver `name+tag` to
 *   `name`. None of them allows "+" in an address of its own, so `name+tag` there is `name`'s
 *   mailbox or no mailbox, never someone else's. Their dots do count (john.smith is not johnsmith).
 * - Not folded: Yahoo (no plus addressing; its "disposable addresses" are not derived from the
 *   account's name), Proton's dots and domains (a Proton user's addresses on its several domains
 *   are not guaranteed to be one person's), and every other domain: a company's server may
 *   give `a.b` and `ab` to two people.
 *
 * The same rules run in SQL as `vv_canonical_email()` (migration 0007), which fills
 * `users.email_canonical`; a test holds the two to the same answers. A change here is a new
 * migration that replaces the function and recomputes the column.
 */
interface Provider {
  /** Dots in the local part are ignored. */
  dots: boolean;
  /** The domain the mailbox is known by, when the provider has two names for one. */
  domain?: string;
}

const plusTagsOnly = (domains: string[]) => domains.map((d): [string, Provider] => [d, { dots: false }]);

const PROVIDERS: ReadonlyMap<string, Provider> = new Map<string, Provider>([
  ["gmail.com", { dots: true }],
  ["googlemail.com", { dots: true, domain: "gmail.com" }],
  ...plusTagsOnly(["outlook.com", "hotmail.com", "live.com", "msn.com"]),
  ...plusTagsOnly(["icloud.com", "me.com", "mac.com"]),
  ...plusTagsOnly(["proton.me", "protonmail.com", "protonmail.ch", "pm.me"]),
  ...plusTagsOnly(["fastmail.com", "fastmail.fm"]),
]);

/** The domains whose addresses canonicalEmail folds (for tests and the decision record). */
export const FOLDED_DOMAINS: readonly string[] = [...PROVIDERS.keys()];

/**
 * The mailbox an address reaches, as far as we can tell: lower case, and for the providers
 * above without the `+tag` (and Gmail's dots, on gmail.com). One canonical form, one account:
 * `users.email_canonical` carries it, unique. Never an address to send mail to.
 */
export function canonicalEmail(input: string): string {
  const email = normalizeEmail(input);
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  const domain = email.slice(at + 1);
  const rule = PROVIDERS.get(domain);
  if (!rule) return email;
  let local = email.slice(0, at);
  // A local part that is nothing but its tag or its dots keeps them: an empty name is no mailbox.
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (rule.dots) local = local.replaceAll(".", "") || local;
  return `${local}@${rule.domain ?? domain}`;
}
