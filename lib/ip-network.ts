import { isIPv4, isIPv6 } from "node:net";

/**
 * An address as numbers: IPv4 as four bytes, IPv6 as eight 16-bit groups. An IPv4-mapped IPv6
 * address (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 client) is IPv4, and a
 * zone (`%eth0`) names the interface, not the client, so it is left out. Undefined for text that
 * is no address.
 */
function parse(ip: string): { v4: number[] } | { v6: number[] } | undefined {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  if (isIPv4(address)) return { v4: address.split(".").map(Number) };
  if (!isIPv6(address)) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : address;
  const [head, tail] = hex.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { v4: [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255] };
  }
  return { v6: groups };
}

/** The first `bits` of `parts` (each `width` bits wide), the rest zero. */
function masked(parts: number[], width: number, bits: number): number[] {
  return parts.map((part, i) => {
    const kept = Math.min(width, Math.max(0, bits - i * width));
    return part & (((1 << width) - 1) ^ ((1 << (width - kept)) - 1));
  });
}

/**
 * The network of the given length an address belongs to, as text: `203.0.113.0/24`, or
 * `2001:0db8:0012::/48` (the groups the prefix covers, each of four digits). An IPv4 network of
 * 32 bits is the address itself. Undefined for text that is no address.
 */
export function ipNetwork(ip: string, bits: { v4: number; v6: number }): string | undefined {
  const parts = parse(ip);
  if (!parts) return undefined;
  if ("v4" in parts) return bits.v4 >= 32 ? parts.v4.join(".") : `${masked(parts.v4, 8, bits.v4).join(".")}/${bits.v4}`;
  const groups = masked(parts.v6, 16, bits.v6).slice(0, Math.ceil(bits.v6 / 16));
  return `${groups.map((g) => g.toString(16).padStart(4, "0")).join(":")}${groups.length < 8 ? "::" : ""}/${bits.v6}`;
}

/** Whether the address is this machine's (127.0.0.0/8 or ::1, however written). */
export function isLoopback(ip: string): boolean {
  const parts = parse(ip);
  if (!parts) return false;
  return "v4" in parts ? parts.v4[0] === 127 : parts.v6.every((g, i) => g === (i === 7 ? 1 : 0));
}

/**
 * Who a per-IP limit counts (API and web app alike, every such limit): an IPv4 address alone, and
 * an IPv6 address by its network of `ipv6Prefix` bits (RATE_IPV6_PREFIX), since one subscriber's
 * line is given a whole /64 and may send from any address in it. Text that is no address is its
 * own key.
 */
export function ipLimitKey(ip: string, ipv6Prefix: number): string {
  return ipNetwork(ip, { v4: 32, v6: ipv6Prefix }) ?? ip;
}
