import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPUS_IDS } from '@common/campuses';
import { createTestApp, type TestContext } from '../../../test/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(() => t.close());

describe('GET /api/campus', () => {
  it('answers with the campus of the host', async () => {
    for (const id of CAMPUS_IDS) {
      const res = await t.app.inject({
        url: '/api/campus',
        headers: { host: `${id}.localhost:3000` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        url: `http://${id}.localhost:3000`,
        privacy: 'private',
      });
    }
    const ut = await t.app.inject({ url: '/api/campus', headers: { host: 'ut.localhost' } });
    expect(ut.json()).toMatchObject({ productName: 'UT Buy / Sell', city: 'Austin, Texas' });
  });

  it('falls back to OU for any other host', async () => {
    for (const host of ['localhost:3000', 'nowhere.localhost', 'example.com']) {
      const res = await t.app.inject({ url: '/api/campus', headers: { host } });
      expect(res.json()).toMatchObject({ id: 'ou', productName: 'OU Buy / Sell' });
    }
  });
});

describe('GET /api/campuses', () => {
  it('lists the seven schools without the generic campus', async () => {
    const res = await t.app.inject({ url: '/api/campuses' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual([
      'ou',
      'ut',
      'smu',
      'uf',
      'ucla',
      'stanford',
      'duke',
    ]);
  });

  it('filters by the query', async () => {
    const res = await t.app.inject({ url: '/api/campuses?q=florida' });
    expect(res.json().items).toMatchObject([{ id: 'uf', schoolName: 'University of Florida' }]);
  });

  it('rejects an overlong query with a readable 400', async () => {
    const res = await t.app.inject({ url: `/api/campuses?q=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });
});

describe('GET /favicon.svg', () => {
  it("draws the host campus's logo in its colour", async () => {
    const res = await t.app.inject({ url: '/favicon.svg', headers: { host: 'ut.localhost' } });
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('#bf5700');
    expect(res.body).toContain('>UT<');
  });
});
