import { describe, expect, test } from "vitest";
import { isGlobalUnicast } from "#api/src/domain/push/endpoints.ts";

// Each range's first and last address are refused; its neighbours outside it are taken, unless
// they fall into another refused range.
const refused: [range: string, addresses: string[]][] = [
  ["this network 0.0.0.0/8 (unspecified)", ["0.0.0.0", "0.255.255.255"]],
  ["private 10.0.0.0/8", ["10.0.0.0", "10.255.255.255"]],
  ["CGNAT 100.64.0.0/10", ["100.64.0.0", "100.127.255.255"]],
  ["loopback 127.0.0.0/8", ["127.0.0.0", "127.0.0.1", "127.255.255.255"]],
  ["link-local 169.254.0.0/16", ["169.254.0.0", "169.254.169.254", "169.254.255.255"]],
  ["private 172.16.0.0/12", ["172.16.0.0", "172.31.255.255"]],
  ["IETF protocol assignments 192.0.0.0/24", ["192.0.0.0", "192.0.0.255"]],
  ["documentation 192.0.2.0/24", ["192.0.2.0", "192.0.2.255"]],
  ["6to4 relay anycast 192.88.99.0/24", ["192.88.99.0", "192.88.99.1", "192.88.99.255"]],
  ["private 192.168.0.0/16", ["192.168.0.0", "192.168.255.255"]],
  ["benchmarking 198.18.0.0/15", ["198.18.0.0", "198.19.255.255"]],
  ["documentation 198.51.100.0/24", ["198.51.100.0", "198.51.100.255"]],
  ["documentation 203.0.113.0/24", ["203.0.113.0", "203.0.113.255"]],
  ["multicast 224.0.0.0/4", ["224.0.0.0", "239.255.255.255"]],
  ["reserved 240.0.0.0/4", ["240.0.0.0", "255.255.255.254"]],
  ["broadcast", ["255.255.255.255"]],
  ["unspecified ::", ["::"]],
  ["loopback ::1", ["::1"]],
  ["IPv4-compatible ::/96", ["::2", "::7f00:1", "::127.0.0.1", "::8.8.8.8", "::ffff:ffff"]],
  ["IPv4-mapped ::ffff:0:0/96", ["::ffff:0.0.0.0", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "::ffff:255.255.255.255"]],
  ["IPv4-translated ::ffff:0:0:0/96", ["::ffff:0:0:0", "::ffff:0:7f00:1", "::ffff:0:8.8.8.8", "::ffff:0:ffff:ffff"]],
  ["NAT64 64:ff9b::/96", ["64:ff9b::", "64:ff9b::7f00:1", "64:ff9b::808:808", "64:ff9b::ffff:ffff"]],
  ["local NAT64 64:ff9b:1::/48", ["64:ff9b:1::", "64:ff9b:1::808:808", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"]],
  ["discard 100::/64", ["100::", "100::ffff:ffff:ffff:ffff"]],
  ["unique-local fc00::/7", ["fc00::", "fd00::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["link-local fe80::/10", ["fe80::", "fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["site-local fec0::/10", ["fec0::", "fec0::1", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["multicast ff00::/8", ["ff00::", "ff02::1", "ff0e::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["below 2000::/3", ["1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["above 2000::/3", ["4000::", "5f00::1", "e000::1"]],
  ["Teredo 2001::/32", ["2001::", "2001::1", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["benchmarking 2001:2::/48", ["2001:2::", "2001:2:0:ffff:ffff:ffff:ffff:ffff"]],
  ["ORCHID 2001:10::/28", ["2001:10::", "2001:1f:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["ORCHIDv2 2001:20::/28", ["2001:20::", "2001:2f:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["IETF protocol assignments 2001::/23", ["2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["documentation 2001:db8::/32", ["2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["6to4 2002::/16", ["2002::", "2002:7f00:1::1", "2002:808:808::1", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["documentation 3fff::/20", ["3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["no address at all", ["", "push.example.com", "[2606:4700::1111]", "8.8.8", "2606:4700::1111/32"]],
];

const taken: [next: string, addresses: string[]][] = [
  ["0.0.0.0/8", ["1.0.0.0"]],
  ["10.0.0.0/8", ["9.255.255.255", "11.0.0.0"]],
  ["100.64.0.0/10", ["100.63.255.255", "100.128.0.0"]],
  ["127.0.0.0/8", ["126.255.255.255", "128.0.0.0"]],
  ["169.254.0.0/16", ["169.253.255.255", "169.255.0.0"]],
  ["172.16.0.0/12", ["172.15.255.255", "172.32.0.0"]],
  ["192.0.0.0/24", ["191.255.255.255", "192.0.1.0"]],
  ["192.0.2.0/24", ["192.0.3.0"]],
  ["192.88.99.0/24", ["192.88.98.255", "192.88.100.0"]],
  ["192.168.0.0/16", ["192.167.255.255", "192.169.0.0"]],
  ["198.18.0.0/15", ["198.17.255.255", "198.20.0.0"]],
  ["198.51.100.0/24", ["198.51.99.255", "198.51.101.0"]],
  ["203.0.113.0/24", ["203.0.112.255", "203.0.114.0"]],
  ["224.0.0.0/4", ["223.255.255.255"]],
  ["2000::/3", ["2000::", "3fff:1000::", "3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["2001::/23", ["2001:200::", "2001:4860:4860::8888"]],
  ["2001:db8::/32", ["2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db9::"]],
  ["2002::/16", ["2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2003::"]],
  ["push services", ["8.8.8.8", "1.1.1.1", "142.250.185.74", "2606:4700::1111", "2a00:1450:4001::200e"]],
];

describe("isGlobalUnicast: only a global unicast address may be a push endpoint", () => {
  test.each(refused)("refuses %s", (_range, addresses) => {
    for (const address of addresses) expect(isGlobalUnicast(address), address).toBe(false);
  });

  test.each(taken)("takes the global addresses next to %s", (_range, addresses) => {
    for (const address of addresses) expect(isGlobalUnicast(address), address).toBe(true);
  });
});
