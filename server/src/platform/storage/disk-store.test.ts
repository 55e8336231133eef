import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk-store';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-blobs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk blob store', () => {
  const store = createDiskStore(root);

  it('stores, reads, addresses and deletes files by key', async () => {
    await store.put('posts/p1/a.webp', Buffer.from('image bytes'), 'image/webp');
    await store.put('posts/p1/b.webp', Readable.from(['streamed ', 'bytes']), 'image/webp');
    expect(await text((await store.get('posts/p1/a.webp'))!)).toBe('image bytes');
    expect(await text((await store.get('posts/p1/b.webp'))!)).toBe('streamed bytes');
    expect(store.url('posts/p1/a.webp')).toBe('/uploads/posts/p1/a.webp');
    await store.delete(['posts/p1/a.webp', 'posts/p1/b.webp', 'posts/p1/never-existed.webp']);
    expect(await store.get('posts/p1/a.webp')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'posts/p1'))).toEqual([]);
  });

  it('refuses keys that would escape its folder', async () => {
    for (const key of ['../etc/passwd', 'posts/../../x', '/abs', 'a//b', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'unsafe blob key',
      );
    }
  });

  it('leaves no partial file when a write fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('posts/p2/c.webp', failing, 'image/webp')).rejects.toThrow(
      'client went away',
    );
    expect(
      fs.existsSync(path.join(root, 'posts/p2')) ? fs.readdirSync(path.join(root, 'posts/p2')) : [],
    ).toEqual([]);
  });
});
