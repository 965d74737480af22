import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one SSRF guard for every outgoing request to a URL a user gave (webhooks today). An address is
 * acceptable only when it is public unicast: IPv4 in no special range of ipaddr.js (loopback, private,
 * link-local, CGNAT, multicast, broadcast, unspecified, documentation and the other reserved blocks),
 * IPv6 in global unicast 2000::/3 and in no special range there (unique-local, link-local, multicast,
 * documentation, Teredo, benchmarking, ORCHID…). IPv6 forms that carry an IPv4 address — mapped
 * (`::ffff:a.b.c.d`, `::ffff:7f00:1`), compatible (`::a.b.c.d`), SIIT (`::ffff:0:a.b.c.d`), NAT64
 * (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`) — are judged by the IPv4 address inside them.
 * Address literals and the answers of a DNS lookup go through the same test.
 */
export function isPublicAddress(input: string): boolean {
  const address = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  const v6 = ipaddr.IPv6.parse(address);
  const embedded = embeddedIPv4(v6);
  if (embedded !== undefined) return embedded !== null && embedded.range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** The IPv4 address an IPv6 form carries; null for a form that hides it (local NAT64); undefined for none. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = v6.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeroUpTo = (n: number) => p.slice(0, n).every((w) => w === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT, RFC 6145)
  if (zeroUpTo(5) && p[5] === 0xffff) return fromWords(p[6] ?? 0, p[7] ?? 0);
  if (zeroUpTo(4) && p[4] === 0xffff && p[5] === 0) return fromWords(p[6] ?? 0, p[7] ?? 0);
  // ::a.b.c.d (compatible, deprecated) — but not :: and ::1, which are judged as IPv6
  if (zeroUpTo(6) && (p[6] !== 0 || (p[7] ?? 0) > 1)) return fromWords(p[6] ?? 0, p[7] ?? 0);
  if (v6.match(NAT64_WELL_KNOWN)) return fromWords(p[6] ?? 0, p[7] ?? 0);
  if (v6.match(NAT64_LOCAL)) return null;
  if (v6.match(SIX_TO_FOUR)) return fromWords(p[1] ?? 0, p[2] ?? 0);
  return undefined;
}

/** The error of a refused destination (its message names the host, never a secret). */
export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`the host ${host} is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

type Resolve = (hostname: string, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;
const systemResolve: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true }, (err, addresses) => callback(err, addresses ?? []));

/**
 * The DNS lookup an outgoing socket connects with: it refuses a host whose answer has any address
 * that is not public, and the socket connects to an address of that same answer — so a name cannot
 * resolve to a public address for a check and to a private one for the connection (DNS rebinding).
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (...args: never[]) => void) => {
    const done = callback as unknown as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
    resolve(hostname, (err, addresses) => {
      if (err) return done(err, '', 0);
      const allowed = addresses.filter((a) => !options.family || a.family === options.family);
      if (allowed.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return done(new PrivateAddressError(hostname), '', 0);
      const [first] = allowed as [LookupAddress];
      if (options.all) done(null, allowed);
      else done(null, first.address, first.family);
    });
  };
}

/**
 * Checks a URL's host before connecting: an address literal (which sockets connect to without any
 * lookup) must be public; a name is checked by `publicOnlyLookup` when the socket resolves it.
 * Throws PrivateAddressError.
 */
export function assertPublicLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw new PrivateAddressError(host);
}
