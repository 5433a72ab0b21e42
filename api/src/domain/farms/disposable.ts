import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

// The package builds a new Set of its list (thousands of domains) at every call: once is enough.
let domains: Set<string> | undefined;

/** Whether mail to this domain goes to a throwaway mailbox, by the list the package keeps as data. */
export function isDisposableDomain(domain: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  return domains.has(domain.trim().toLowerCase());
}
