import { describe, expect, test } from "vitest";
import { ipLimitKey, ipNetwork, isLoopback } from "#lib/ip-network.ts";

describe("the key a per-IP limit counts an address under", () => {
  test("every spelling of an IPv6 address in one /64 is one key; the next /64 another", () => {
    const key = ipLimitKey("2001:db8:77:1::1", 64);
    for (const ip of [
      "2001:db8:77:1::c",
      "2001:DB8:77:1:ffff:ffff:ffff:ffff",
      "2001:0db8:0077:0001:0:0:0:1",
      "2001:db8:77:1:a::",
      "2001:db8:77:1::1%eth0",
    ]) {
      expect(ipLimitKey(ip, 64), ip).toBe(key);
    }
    expect(ipLimitKey("2001:db8:77:2::1", 64)).not.toBe(key);
    expect(ipLimitKey("2001:db8:77::1", 64)).not.toBe(key);
  });

  test("the prefix is a setting, down to the bit", () => {
    expect(ipLimitKey("2001:db8:77:1::1", 56)).toBe(ipLimitKey("2001:db8:77:ff::1", 56));
    expect(ipLimitKey("2001:db8:77:1::1", 56)).not.toBe(ipLimitKey("2001:db8:77:100::1", 56));
    expect(ipLimitKey("2001:db8:77:1::1", 128)).not.toBe(ipLimitKey("2001:db8:77:1::2", 128));
    expect(ipLimitKey("2001:db8:77:1::1", 48)).toBe(ipLimitKey("2001:db8:77:ffff:1::1", 48));
  });

  test("an IPv4 address is its own key, however it is written, IPv4-mapped IPv6 included", () => {
    expect(ipLimitKey("203.0.113.7", 64)).toBe("203.0.113.7");
    for (const ip of ["::ffff:203.0.113.7", "::FFFF:203.0.113.7", "::ffff:cb00:7107", "0:0:0:0:0:ffff:203.0.113.7"]) {
      expect(ipLimitKey(ip, 64), ip).toBe("203.0.113.7");
    }
    expect(ipLimitKey("203.0.113.8", 64)).not.toBe(ipLimitKey("203.0.113.7", 64));
  });

  test("an IPv6 address ending in dotted IPv4 (NAT64) is IPv6, in its /64", () => {
    expect(ipLimitKey("64:ff9b::192.0.2.1", 64)).toBe(ipLimitKey("64:ff9b::c000:202", 64));
    expect(ipLimitKey("64:ff9b::192.0.2.1", 64)).not.toBe("192.0.2.1");
  });

  test("text that is no address is its own key", () => {
    expect(ipLimitKey("", 64)).toBe("");
    expect(ipLimitKey("not an address", 64)).toBe("not an address");
  });
});

describe("the networks the farm evidence keeps", () => {
  test("IPv4 /24 and IPv6 /48, written as they always were", () => {
    expect(ipNetwork("203.0.113.77", { v4: 24, v6: 48 })).toBe("203.0.113.0/24");
    expect(ipNetwork("::ffff:203.0.113.77", { v4: 24, v6: 48 })).toBe("203.0.113.0/24");
    expect(ipNetwork("2001:db8:12:34::1", { v4: 24, v6: 48 })).toBe("2001:0db8:0012::/48");
    expect(ipNetwork("2001:db8::1", { v4: 24, v6: 48 })).toBe("2001:0db8:0000::/48");
    expect(ipNetwork("not an address", { v4: 24, v6: 48 })).toBeUndefined();
  });

  test("loopback, in either family", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ["128.0.0.1", "::2", "2001:db8::1", "nonsense"]) expect(isLoopback(ip), ip).toBe(false);
  });
});
