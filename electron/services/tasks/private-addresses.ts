import { BlockList, isIP } from "node:net";

/**
 * Addresses a result from elsewhere may not be fetched from: this machine, the local network,
 * link-local (cloud metadata at 169.254.169.254), shared carrier space, and the unspecified,
 * multicast and reserved ranges. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) are checked as
 * the IPv4 address they carry, and so are NAT64 ones (`64:ff9b::a00:1`).
 */
const PRIVATE = new BlockList();
const IPV4_RANGES: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const IPV6_RANGES: readonly [string, number][] = [
  // The unspecified `::`, loopback `::1` and the deprecated IPv4-compatible `::a.b.c.d`.
  ["::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [network, prefix] of IPV4_RANGES) PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of IPV6_RANGES) PRIVATE.addSubnet(network, prefix, "ipv6");

const NAT64 = /^64:ff9b::(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})$/;

export function isPrivateAddress(address: string): boolean {
  // Stryker disable next-line Regex: addresses come from a lookup or a URL's hostname, where a bracket only ever encloses a whole IPv6 address
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return PRIVATE.check(bare, "ipv4");
  if (family !== 6) return false;
  if (PRIVATE.check(bare, "ipv6")) return true;
  // The URL parser writes an IPv6 address in its shortest form, which the NAT64 pattern reads.
  const shortest = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  // Stryker disable next-line StringLiteral: parseInt("") is NaN, and NaN << 16 is 0, as "0" gives
  const [, high = "0", low] = NAT64.exec(shortest) ?? [];
  if (low === undefined) return false;
  const embedded = (Number.parseInt(high, 16) << 16) | Number.parseInt(low, 16);
  return PRIVATE.check([24, 16, 8, 0].map((shift) => (embedded >>> shift) & 0xff).join("."), "ipv4");
}
