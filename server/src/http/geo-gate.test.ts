import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createHeaderGeoLookup, createIpGeoLookup, isLocalAddress } from '../platform/geo/geo';

// Public addresses from the offline database: United Kingdom, Germany, Japan, United States.
const GB = '81.2.69.142';
const DE = '2.160.0.1';
const JP = '1.0.16.1';
const US = '8.8.8.8';

describe('offline IP lookup', () => {
  const geo = createIpGeoLookup();
  const at = (ip: string) => geo.countryOf({ ip, headers: {} });

  it('knows countries of public addresses', () => {
    expect(at(US)).toBe('US');
    expect(at(GB)).toBe('GB');
    expect(at(DE)).toBe('DE');
    expect(at(JP)).toBe('JP');
    expect(at('::ffff:81.2.69.142')).toBe('GB');
  });

  it('lets loopback and private addresses through as unknown', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '::ffff:127.0.0.1',
      'fd00::1',
    ]) {
      expect(isLocalAddress(ip.replace('::ffff:', ''))).toBe(true);
      expect(at(ip)).toBeNull();
    }
  });

  it('reads the CDN country header first', () => {
    const viaHeader = createHeaderGeoLookup('cf-ipcountry', geo);
    expect(viaHeader.countryOf({ ip: US, headers: { 'cf-ipcountry': 'fr' } })).toBe('FR');
    expect(viaHeader.countryOf({ ip: GB, headers: {} })).toBe('GB');
  });
});

describe('geo gate', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends page visits from outside the US to /404', async () => {
    for (const ip of [GB, DE, JP]) {
      const res = await t.app.inject({
        url: '/home',
        remoteAddress: ip,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/404');
    }
  });

  it('answers API calls from outside the US with 403', async () => {
    const res = await t.app.inject({ url: '/api/campuses', remoteAddress: GB });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('region_not_supported');
  });

  it('still serves the 404 page and its campus to blocked visitors', async () => {
    expect((await t.app.inject({ url: '/api/campus', remoteAddress: GB })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/404', remoteAddress: GB })).statusCode).not.toBe(302);
  });

  it('lets US, local and unknown visitors in', async () => {
    for (const ip of [US, '127.0.0.1', '192.168.0.7']) {
      expect((await t.app.inject({ url: '/api/campuses', remoteAddress: ip })).statusCode).toBe(
        200,
      );
    }
    // A failed lookup lets the visitor through.
    const failing = await createTestApp({ geo: { countryOf: () => null } });
    try {
      expect(
        (await failing.app.inject({ url: '/api/campuses', remoteAddress: GB })).statusCode,
      ).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('trusts the configured CDN header', async () => {
    const cdn = await createTestApp({ env: { GEO_HEADER: 'CF-IPCountry' } });
    try {
      const blocked = await cdn.app.inject({
        url: '/api/campuses',
        remoteAddress: US,
        headers: { 'cf-ipcountry': 'GB' },
      });
      expect(blocked.statusCode).toBe(403);
      const allowed = await cdn.app.inject({
        url: '/api/campuses',
        remoteAddress: GB,
        headers: { 'cf-ipcountry': 'US' },
      });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await cdn.close();
    }
  });

  it('can be turned off', async () => {
    const open = await createTestApp({ env: { GEO_GATE: 'off' } });
    try {
      expect((await open.app.inject({ url: '/api/campuses', remoteAddress: GB })).statusCode).toBe(
        200,
      );
    } finally {
      await open.close();
    }
  });
});
