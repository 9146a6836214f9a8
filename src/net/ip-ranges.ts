// Which IP addresses outbound requests must never reach: everything that is not a public unicast
// address. Kept as data (ranges with a reason) so a refusal can say why. IPv6 forms that embed an
// IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the IPv4 address they carry, since
// that is where the packets end up.
import net from 'node:net';

type Range = [subnet: string, prefix: number, reason: string];

const IPV4: Range[] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT (shared) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata endpoints live here)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
  // Azure's host endpoint (instance metadata, DHCP, health probes) sits on a public-looking address.
  ['168.63.129.16', 32, 'a cloud metadata address'],
];

const IPV6: Range[] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['64:ff9b:1::', 48, 'a local-use NAT64 address'],
  ['100::', 64, 'a discard-only address'],
  ['2001::', 23, 'an IETF protocol address (Teredo and others)'],
  ['2001:db8::', 32, 'a documentation address'],
  ['3fff::', 20, 'a documentation address'],
  ['fc00::', 7, 'a unique-local (private) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

function buildList(ranges: Range[], type: 'ipv4' | 'ipv6'): { list: net.BlockList; reasons: [net.BlockList, string][] } {
  const list = new net.BlockList();
  const reasons: [net.BlockList, string][] = [];
  for (const [subnet, prefix, reason] of ranges) {
    list.addSubnet(subnet, prefix, type);
    const one = new net.BlockList();
    one.addSubnet(subnet, prefix, type);
    reasons.push([one, reason]);
  }
  return { list, reasons };
}

const V4 = buildList(IPV4, 'ipv4');
const V6 = buildList(IPV6, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (handles `::`, a zone and a trailing dotted quad). */
export function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.split('%')[0].toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - left.length - right.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  return [...left, ...Array<string>(fill).fill('0'), ...right].map((h) => parseInt(h, 16));
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address stands for, when it embeds one that routing would reach. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4From(g[6], g[7]); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4From(g[6], g[7]); // ::a.b.c.d, IPv4-compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4From(g[6], g[7]); // 64:ff9b::/96, NAT64
  if (g[0] === 0x2002) return v4From(g[1], g[2]); // 2002::/16, 6to4
  return null;
}

/**
 * Why `address` must not be reached (a phrase such as "a loopback address"), or null for a public
 * unicast address. Anything that is not an IP address is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const type = net.isIP(address);
  if (type === 4) {
    if (!V4.list.check(address, 'ipv4')) return null;
    return V4.reasons.find(([l]) => l.check(address, 'ipv4'))![1];
  }
  if (type === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) {
      const reason = blockedAddressReason(v4);
      return reason ? `${reason} (${v4}, embedded in an IPv6 address)` : null;
    }
    const plain = address.split('%')[0];
    if (!V6.list.check(plain, 'ipv6')) return null;
    return V6.reasons.find(([l]) => l.check(plain, 'ipv6'))![1];
  }
  return 'not an IP address';
}
