/** Lower-cased and trimmed: one mailbox, one account. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

// One @, a dot-separated domain with a 2+ letter TLD, no spaces: what real mailboxes look like.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email) && !email.includes("..");
}
