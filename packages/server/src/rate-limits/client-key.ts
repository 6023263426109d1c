/**
 * The key an IP-keyed rate limit counts a client under: an IPv4 address as it is (also when it
 * arrives IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address by its /64, since one host usually
 * holds a whole /64 and could otherwise take a fresh budget with every address of it.
 */
import ipaddr from 'ipaddr.js';

export function ipKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
