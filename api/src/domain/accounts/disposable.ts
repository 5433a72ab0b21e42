import { disposableEmailBlocklist } from "disposable-email-domains-js";
import type { ApiConfig } from "#api/src/config.ts";

/** The operator's additions and exemptions (DISPOSABLE_DOMAINS_EXTRA, DISPOSABLE_DOMAINS_ALLOW). */
type DomainSettings = Pick<ApiConfig, "DISPOSABLE_DOMAINS_EXTRA" | "DISPOSABLE_DOMAINS_ALLOW">;

// The package is the data: a community list of throwaway-mail domains, updated by upgrading it
// (decision 065). Read once, on the first check: about 9,000 names.
let packaged: Set<string> | undefined;

/** The domain and each parent it sits under: "a.b.mailinator.com", "b.mailinator.com", "mailinator.com". */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

/**
 * Whether the address's domain is a throwaway-mail service's: on the package's list or the
 * operator's extra list, itself or under a listed domain (such services hand out subdomains),
 * unless the operator exempted it or a domain it sits under.
 */
export function isDisposableDomain(email: string, settings?: DomainSettings): boolean {
  const domain = email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  if (!domain.includes(".")) return false;
  const names = domainAndParents(domain);
  if (settings && names.some((d) => settings.DISPOSABLE_DOMAINS_ALLOW.includes(d))) return false;
  packaged ??= new Set(disposableEmailBlocklist());
  return names.some((d) => packaged!.has(d) || !!settings?.DISPOSABLE_DOMAINS_EXTRA.includes(d));
}
