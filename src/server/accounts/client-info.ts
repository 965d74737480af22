import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'mmdb-lib';
import type { ClientInfo, DeviceClass } from '../../contracts/security';

/**
 * What a session or trusted device shows its owner (issue 16): the device class, browser and system
 * from the user agent (bowser), and the country of the address from an IP-to-country database looked
 * up in memory (@ip-location-db/geo-whois-asn-country-mmdb: ASN, whois and geofeed data of the RIRs,
 * CC BY 4.0 by NRO, read with mmdb-lib). The address itself is never stored.
 */

const PLATFORM: Record<string, DeviceClass> = { desktop: 'desktop', tablet: 'tablet', mobile: 'phone', tv: 'tv' };
const clip = (s: string | undefined) => (s ? s.slice(0, 80) : null);

export function describeAgent(userAgent: string | undefined): Omit<ClientInfo, 'country'> {
  const ua = (userAgent ?? '').slice(0, 1000).trim();
  if (!ua) return { device: 'other', browser: null, os: null };
  try {
    const parsed = Bowser.parse(ua);
    return { device: PLATFORM[parsed.platform.type ?? ''] ?? 'other', browser: clip(parsed.browser.name), os: clip(parsed.os.name) };
  } catch {
    return { device: 'other', browser: null, os: null };
  }
}

/** This database's records: `{ country_code }` (not MaxMind's layout, so read as an unknown record). */
type CountryRecord = { country_code?: unknown };
let reader: Reader<Response> | null | undefined;

/** The database, read once on first use (about 8 MB); null when the package is missing. */
function countryReader(): Reader<Response> | null {
  if (reader !== undefined) return reader;
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
    reader = new Reader<Response>(readFileSync(file));
  } catch {
    reader = null;
  }
  return reader;
}

/** ISO 3166-1 alpha-2 country of a public address; null for private, loopback and unknown ones. */
export function countryOf(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.range() !== 'unicast') return null;
  const code = (countryReader()?.get(ip.toString()) as CountryRecord | null | undefined)?.country_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The request's client as the sessions and trusted devices lists keep it. */
export function describeClient(request: FastifyRequest): ClientInfo {
  return { ...describeAgent(request.headers['user-agent']), country: countryOf(request.ip) };
}
