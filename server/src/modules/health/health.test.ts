import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp } from '../../../test/app';
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
    const gone = openDatabase({ kind: 'sqlite', file: ':memory:' });
    expect(await ping(gone)).toBe(true);
    await gone.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-test-'));
    const app = await buildTestApp({ ...gone, url: 'sqlite::memory:' }, dataDir);
    try {
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: false });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
