// The server's public IPv4 for `DPoSConfiguration.IPAddress` and `--pbft.net.address`. node.sh
// asks checkip.amazonaws.com; this tool never calls the internet: it reads the local interfaces,
// or takes the operator's `--public-ip`.
import { isIPv4 } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

function octets(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** False for private, loopback, link-local, CGNAT, multicast, reserved and documentation ranges. */
export function isPublicIPv4(ip: string): boolean {
  if (!isIPv4(ip)) return false;
  const [a = 0, b = 0, c = 0] = octets(ip);
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
  return true;
}

export interface DetectedIp {
  address: string;
  /** False when only a private address was found (a NAT'd host): the operator should pass --public-ip. */
  isPublic: boolean;
  interfaceName: string;
}

/** First public IPv4 of a non-internal interface, else the first private one, else null. */
export function detectPublicIp(interfaces: Interfaces = networkInterfaces()): DetectedIp | null {
  let fallback: DetectedIp | null = null;
  for (const [name, list] of Object.entries(interfaces)) {
    for (const info of list ?? []) {
      if (info.family !== 'IPv4' || info.internal) continue;
      if (isPublicIPv4(info.address)) return { address: info.address, isPublic: true, interfaceName: name };
      fallback ??= { address: info.address, isPublic: false, interfaceName: name };
    }
  }
  return fallback;
}
