import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Only a global unicast address may be a push endpoint's: the API posts to whatever endpoint a
 * browser gave it, so any other address would let a client make it post into our own network, or
 * through one of IPv6's ways of reaching IPv4 (compatible, mapped, translated, NAT64, 6to4,
 * Teredo) into any such network. IPv6 is taken only inside 2000::/3, all that is ever handed out
 * as global unicast, and there without the special-purpose blocks; IPv4 has no block of global
 * unicast alone, so its special-purpose ranges that are not globally reachable are refused.
 */
const NOT_GLOBAL_V4 = new BlockList();
// IPv6 in lists of its own: Node matches an IPv4 address against IPv6 rules too, through its mapped form.
const GLOBAL_V6 = new BlockList();
const NOT_GLOBAL_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  // The 6to4 relays' anycast (deprecated by RFC 7526): whichever relay answers decides where it leads.
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_GLOBAL_V4.addSubnet(network, prefix, "ipv4");
}
GLOBAL_V6.addSubnet("2000::", 3, "ipv6");
for (const [network, prefix] of [
  // The IETF's protocol assignments: Teredo, benchmarking, ORCHID and anycast services, no push service.
  ["2001::", 23],
  ["2001:db8::", 32],
  // 6to4 embeds any IPv4 address, ours included; no push service is reached through it.
  ["2002::", 16],
  ["3fff::", 20],
] as const) {
  NOT_GLOBAL_V6.addSubnet(network, prefix, "ipv6");
}

/** The one rule for an endpoint's address, whether the URL spells it out or DNS answered it. */
export function isGlobalUnicast(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_GLOBAL_V4.check(address, "ipv4");
  return family === 6 && GLOBAL_V6.check(address, "ipv6") && !NOT_GLOBAL_V6.check(address, "ipv6");
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/**
 * Whether the API may post to this endpoint, from its URL alone: https, and a host that is a
 * global unicast address or a name that could be one (names are checked again once resolved, by
 * `publicOnlyLookup`). `allowLocal` (PUSH_ENDPOINT_ALLOW_LOCAL) lets the tests' local
 * endpoint in.
 */
export function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  if (allowLocal) return true;
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) return isGlobalUnicast(host);
  return host.includes(".") && !LOCAL_NAMES.test(host.replace(/\.$/, ""));
}

/** The error a request fails with when its host resolves to an address that is not global unicast. */
export class PrivateAddressError extends Error {}

/**
 * A DNS lookup for the push requests that refuses a name resolving to any address that is not
 * global unicast. The connection is made to the address it returns, so a name cannot pass this
 * check and then lead elsewhere.
 */
export function publicOnlyLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (!allowLocal && (!addresses.length || addresses.some((a) => !isGlobalUnicast(a.address)))) {
        return callback(new PrivateAddressError(`${hostname} resolves to an address that is not global unicast`), "", 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
