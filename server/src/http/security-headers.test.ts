import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../../test/app';
import { helmetOptions, securityHeaders } from './security-headers';

describe('security headers', () => {
  it('are sent on API answers and errors alike', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/campus', '/api/no-such-route']) {
        const res = await t.app.inject({ url, headers: { host: 'ou.localhost:3000' } });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('ask browsers for HTTPS only when the public address is HTTPS', () => {
    const plain = securityHeaders(
      helmetOptions(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })),
    );
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const secure = securityHeaders(helmetOptions(loadConfig({ PUBLIC_URL: 'https://quad.app' })));
    expect(secure['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
