/**
 * Who may read the operator's endpoints, `/metrics` and `/readyz`: client addresses in OPS_ALLOWED_IPS only
 * (default loopback). Everyone else gets the same 404 as an unknown path, so the public door shows nothing of
 * the node's internals. `/healthz` (a bare "ok" for liveness probes) stays open.
 */
import { BlockList, isIP } from 'node:net';

/** The operator's endpoints. */
export const OPS_PATHS = ['/metrics', '/readyz'] as const;

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * A check of client addresses against a list of addresses and CIDR ranges (`127.0.0.0/8`, `::1`,
 * `10.0.0.0/8`). The entries were validated by the env schema ({@link isAddressOrRange}).
 */
export function addressAllowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** True for an IPv4 or IPv6 address, optionally with a /prefix length valid for its family. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
