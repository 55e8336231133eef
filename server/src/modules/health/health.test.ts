import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { openDatabase, ping } from '../../db/kysely';

describe('health probes', () => {
  it('reports live and ready while the database answers', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: true });
    } finally {
      await t.close();
    }
  });

  it('reports not ready when the database is gone', async () => {
    const t = await createTestApp();
    const gone = openDatabase({ kind: 'sqlite', file: ':memory:' });
    expect(await ping(gone)).toBe(true);
    await gone.close();
    const original = t.app.deps.db;
    try {
      t.app.deps.db = gone;
      const down = await t.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: false });
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.deps.db = original;
      await t.close();
    }
  });
});
