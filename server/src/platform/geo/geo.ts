import net from 'node:net';
import { createRequire } from 'node:module';

/**
 * Where a visitor is, by country code. `null` means unknown: the visitor passes
 * (docs/product/campuses-and-accounts.md, US only).
 */
export interface GeoLookup {
  countryOf(request: {
    ip: string;
    headers: Record<string, string | string[] | undefined>;
  }): string | null;
}

const local = new net.BlockList();
local.addSubnet('127.0.0.0', 8);
local.addSubnet('10.0.0.0', 8);
local.addSubnet('172.16.0.0', 12);
local.addSubnet('192.168.0.0', 16);
local.addSubnet('169.254.0.0', 16);
local.addSubnet('100.64.0.0', 10);
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private, link-local and carrier-grade NAT addresses never leave the building. */
export function isLocalAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family !== null && local.check(address, family);
}

type GeoipCountry = { lookup(ip: string): { country: string } | null };
let geoip: GeoipCountry | undefined;

/** Looks the address up in the offline database shipped by the geoip-country package. */
export function createIpGeoLookup(): GeoLookup {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  const db = geoip;
  return {
    countryOf({ ip }) {
      if (!ip) return null;
      const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      if (isLocalAddress(address)) return null;
      try {
        return db.lookup(address)?.country ?? null;
      } catch {
        return null;
      }
    },
  };
}

/** Behind a CDN the country arrives in a trusted header (e.g. cf-ipcountry); the IP is the fallback. */
export function createHeaderGeoLookup(header: string, fallback: GeoLookup): GeoLookup {
  return {
    countryOf(request) {
      const value = request.headers[header];
      const country = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
      if (country && /^[A-Z]{2}$/.test(country)) return country;
      return fallback.countryOf(request);
    },
  };
}

/** The lookup the configuration asks for: the CDN header when GEO_HEADER is set, else the IP. */
export function createGeoLookup(config: { geo: { header: string | undefined } }): GeoLookup {
  const ip = createIpGeoLookup();
  return config.geo.header ? createHeaderGeoLookup(config.geo.header, ip) : ip;
}
