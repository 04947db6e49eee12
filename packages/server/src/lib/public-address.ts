import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server must not be sent to on a user's word (a push endpoint names any URL): loopback,
 * private, link-local (cloud metadata), shared, reserved and multicast ranges, IPv4 and IPv6.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address by its IPv4 part). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error a refused address gives (its code tells it from a network failure). */
export class NotPublicAddressError extends Error {
  readonly code = 'DOSEDOT_NOT_PUBLIC';
  constructor(host: string) {
    super(`${host} is not a public address`);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup for an HTTP agent that connects to public addresses only: a name that resolves to a
 * loopback or private address fails (checked at connect time, so a name re-pointed after an earlier
 * check is caught too).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))
      return callback(new NotPublicAddressError(hostname), []);
    if (options.all) return callback(null, list);
    const [first] = list as [LookupAddress];
    return callback(null, first.address, first.family);
  });
}

/** Whether a URL's host is an IP literal that is not public (names are checked when connecting). */
export function isNonPublicLiteral(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && !isPublicAddress(host);
}
