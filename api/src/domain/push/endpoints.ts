import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a push service never has: loopback, private, link-local, shared, documentation,
 * multicast and reserved ranges, and IPv6's ways of reaching IPv4 (mapped, NAT64, 6to4, Teredo),
 * which could lead into any of them. The API posts to whatever endpoint a browser gave it, so
 * without this a client could make it post into our own network.
 */
const NOT_PUBLIC_V4 = new BlockList();
// Apart: Node matches an IPv4 address against IPv6 rules too, through its mapped form.
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, "ipv4") : !NOT_PUBLIC_V6.check(address, "ipv6");
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/**
 * Whether the API may post to this endpoint, from its URL alone: https, and a host that is a
 * public address or a name that could be one (names are checked again once resolved, by
 * `publicOnlyLookup`). `allowLocal` (PUSH_ENDPOINT_ALLOW_LOCAL) lets the tests' local
 * endpoint in.
 */
export function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  if (allowLocal) return true;
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) return isPublicAddress(host);
  return host.includes(".") && !LOCAL_NAMES.test(host.replace(/\.$/, ""));
}

/** The error a request fails with when its host resolves to an address that is not public. */
export class PrivateAddressError extends Error {}

/**
 * A DNS lookup for the push requests that refuses a name resolving to any address that is not
 * public. The connection is made to the address it returns, so a name cannot pass this check and
 * then lead elsewhere.
 */
export function publicOnlyLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (!allowLocal && (!addresses.length || addresses.some((a) => !isPublicAddress(a.address)))) {
        return callback(new PrivateAddressError(`${hostname} resolves to an address that is not public`), "", 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
