/**
 * Where the node may connect when a user names the address (a backup node's URL in a backup
 * credential). Without this a user could make the node call its own loopback services, the
 * private network it sits in, or a cloud's metadata service (169.254.169.254) and read the answers
 * back (issue 18). Refused unless allow-listed:
 * - addresses that are not global unicast: loopback, private (RFC 1918, CGNAT 100.64/10, IPv6 ULA
 *   fc00::/7), link-local (169.254/16 with the metadata address, fe80::/10), unspecified,
 *   multicast, broadcast, reserved and documentation ranges, the IPv4-mapped and NAT64 (64:ff9b::/96)
 *   forms of all of these, 6to4 and Teredo;
 * - cloud metadata host names (`metadata.google.internal`, …), before any resolution.
 * Host names are checked after resolution, on every address they resolve to (outbound-agent.ts
 * connects to exactly the addresses it checked).
 *
 * The allow-list (`CELLA_OUTBOUND_ALLOW`, for tests and private deployments) holds IP addresses,
 * CIDR ranges and host names, separated by commas or spaces. An allowed host name may resolve to
 * anything; an address inside an allowed range is allowed whatever name led to it.
 */
import ipaddr from 'ipaddr.js';

/** A connection the policy refused. The message says which address and why, and how to allow it. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** What a refused range is, in the words of the error message. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private (shared address space 100.64.0.0/10)',
  uniqueLocal: 'private (unique local fc00::/7)',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const CLOUD_METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function hostKey(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

export class OutboundPolicy {
  private constructor(
    private readonly hosts: ReadonlySet<string>,
    private readonly ranges: readonly [Address, number][],
  ) {}

  /** Nothing allow-listed: only global unicast addresses. */
  static readonly DEFAULT = new OutboundPolicy(new Set(), []);

  /** Parses the allow-list setting; a malformed entry throws with the entry named. */
  static parse(setting: string | undefined): OutboundPolicy {
    const hosts = new Set<string>();
    const ranges: [Address, number][] = [];
    for (const entry of (setting ?? '').split(/[\s,]+/).filter(Boolean)) {
      if (ipaddr.isValidCIDR(entry)) {
        ranges.push(ipaddr.parseCIDR(entry));
      } else if (ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry)) {
        const address = ipaddr.parse(entry);
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
        hosts.add(hostKey(entry));
      } else {
        throw new Error(
          `outbound allow-list: "${entry}" is neither an IP address, a CIDR range (10.0.0.0/8) nor a host name`,
        );
      }
    }
    return new OutboundPolicy(hosts, ranges);
  }

  /** Whether a host name is allow-listed (then its addresses are not checked). */
  allowsHost(host: string): boolean {
    return this.hosts.has(hostKey(host));
  }

  /** Why a host name is refused before resolution (cloud metadata names), or null. */
  refusedName(host: string): string | null {
    if (this.allowsHost(host)) return null;
    return METADATA_HOSTS.has(hostKey(host)) ? `${host} is a cloud metadata service` : null;
  }

  /** Why connecting to an IP address is refused, or null. */
  refusedAddress(text: string): string | null {
    let address: Address;
    try {
      address = ipaddr.parse(text);
    } catch {
      return `${text} is not an IP address`;
    }
    if (address instanceof ipaddr.IPv6) {
      // Forms that carry an IPv4 address are judged as that address.
      const range = address.range();
      const embedded =
        range === 'ipv4Mapped'
          ? address.toIPv4Address()
          : range === 'rfc6052'
            ? ipaddr.fromByteArray(address.toByteArray().slice(12))
            : null;
      if (embedded && !this.allowed(address)) {
        const why = this.reason(embedded);
        return why ? `${text} (${embedded.toString()}) is ${why}` : null;
      }
    }
    const why = this.reason(address);
    return why ? `${text} is ${why}` : null;
  }

  private allowed(address: Address): boolean {
    return this.ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
  }

  /** What makes an address non-public, or null when it is public or allow-listed. */
  private reason(address: Address): string | null {
    if (this.allowed(address)) return null;
    const range = address.range();
    if (range === 'unicast') return null;
    if (CLOUD_METADATA.has(address.toString())) return 'a cloud metadata address';
    return RANGE_NAMES[range] ?? `reserved (${range})`;
  }
}

/** The refusal as users and operators read it. */
export function refusal(reason: string): OutboundRefusedError {
  return new OutboundRefusedError(
    `refused to connect: ${reason}. The node makes no requests on a user's behalf to loopback, ` +
      'private, link-local, metadata or other non-public addresses; an operator can allow some with ' +
      'CELLA_OUTBOUND_ALLOW',
  );
}
