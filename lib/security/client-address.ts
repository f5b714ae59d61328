import { isIPv6 } from 'node:net';

import { config } from '@/lib/config';

import { socketAddress } from './http-intake';

// Who sent a request, for the rate limit. Only what the socket or a trusted proxy wrote counts: a
// client can put anything in X-Forwarded-For or X-Real-IP, and Next copies the socket address into
// X-Forwarded-For only when the request has none (it never appends), so with no proxy in front the
// header says nothing trustworthy and the socket address is used instead.
export const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip'] as const;
export type AddressHeader = (typeof ADDRESS_HEADERS)[number];

// Every request whose sender cannot be told shares this one bucket: failing closed, never open.
export const UNKNOWN_ADDRESS = 'unknown';

// The canonical spelling of an IP address, or null when `value` is not one. Accepts what proxies and
// sockets write ("1.2.3.4", "1.2.3.4:5678", "[2001:db8::1]:443", "::ffff:1.2.3.4", "fe80::1%eth0")
// and maps every spelling of one address to one string ("01.002.3.4" → "1.2.3.4").
export function normaliseAddress(value: string): string | null {
  let text = value.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%[\w.-]+$/, '');

  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    // Leading zeros read as decimal, as every proxy writes them.
    const octets = text.split('.').map(Number);
    return octets.every((o) => o <= 255) ? octets.join('.') : null;
  }
  if (!isIPv6(text)) return null;
  const groups = expandIPv6(text);
  // An IPv4 client seen through a dual-stack socket (::ffff:1.2.3.4) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return compressIPv6(groups);
}

function expandIPv6(text: string): number[] {
  // A trailing dotted IPv4 part ("::ffff:1.2.3.4") is two groups written another way.
  const hex = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head, tail] = hex.includes('::') ? hex.split('::') : [hex, ''];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

// RFC 5952: lower case, no leading zeros, the longest run (two or more) of zero groups as "::".
function compressIPv6(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

export interface ClientAddressOptions {
  // How many proxies in front of the server rewrite the address header (TRUSTED_PROXY_HOPS).
  trustedHops: number;
  // Which header the nearest proxy writes: X-Forwarded-For (appended per hop) or X-Real-IP (overwritten).
  header?: AddressHeader;
}

// The client's address. With no trusted proxy, the socket's; behind `trustedHops` proxies that each
// append to X-Forwarded-For, the entry that many places from the right (what the outermost trusted proxy
// saw); behind one proxy that overwrites X-Real-IP, that header. Whatever the client wrote to the left
// is never read. A missing or malformed value gives UNKNOWN_ADDRESS.
export function clientAddress(
  headers: Headers,
  socketAddress: string | undefined,
  { trustedHops, header = 'x-forwarded-for' }: ClientAddressOptions,
): string {
  let candidate: string | undefined;
  if (trustedHops <= 0) {
    candidate = socketAddress;
  } else if (header === 'x-real-ip') {
    candidate = headers.get('x-real-ip') ?? undefined;
  } else {
    const entries = (headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
    // Fewer entries than hops: the request did not pass every proxy, so nothing in it is trusted.
    candidate = entries.length >= trustedHops ? entries[entries.length - trustedHops] : undefined;
  }
  return (candidate && normaliseAddress(candidate)) || UNKNOWN_ADDRESS;
}

// The rate-limit bucket of an address: an IPv6 client holds a whole network (a /64 at least), so its
// network of `prefix` bits (RATE_LIMIT_IPV6_PREFIX) counts as one client.
export function addressBucket(address: string, prefix = 64): string {
  if (!address.includes(':')) return address;
  const groups = expandIPv6(address).map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefix - 16 * i));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${compressIPv6(groups)}/${prefix}`;
}

// The rate-limit key of a request as this server is configured: its client's address bucket.
export function requestAddress(headers: Headers): string {
  const settings = config();
  return addressBucket(
    clientAddress(headers, socketAddress(headers), settings.trustedProxy),
    settings.rateLimitIpv6Prefix,
  );
}

const LOOPBACK = new Set(['127.0.0.1', '::1']);

// Whether the request comes from a program on this host: its socket is the loopback address (as
// docs/deploy/nginx.conf's `allow` lines read it), and so is every address a proxy in front wrote,
// since a proxy on this host forwards other hosts' requests. 127.0.0.2 and the like count as other hosts.
export function fromThisHost(headers: Headers): boolean {
  const socket = normaliseAddress(socketAddress(headers) ?? '');
  if (!socket || !LOOPBACK.has(socket)) return false;
  const forwarded = [headers.get('x-forwarded-for'), headers.get('x-real-ip')]
    .filter((value) => value !== null)
    .flatMap((value) => value.split(','));
  return forwarded.every((entry) => LOOPBACK.has(normaliseAddress(entry) ?? ''));
}
