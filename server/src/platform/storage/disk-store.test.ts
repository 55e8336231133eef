import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract';
import { createDiskStore } from './disk-store';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-blobs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk blob store', () => {
  const store = createDiskStore(root);

  blobStoreContract(
    () => store,
    (key) => `/uploads/${key}`,
  );

  it('removes the file from its folder', async () => {
    await store.put('posts/p1/a.webp', Buffer.from('image bytes'), 'image/webp');
    await store.delete(['posts/p1/a.webp']);
    expect(fs.readdirSync(path.join(root, 'posts/p1'))).toEqual([]);
  });

  it('leaves no partial file beside the target when a write fails', async () => {
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

  it('addresses files under a CDN when one is configured', () => {
    const cdn = createDiskStore(root, 'https://cdn.example.com/media/');
    expect(cdn.url('media/m1/feed.webp')).toBe('https://cdn.example.com/media/media/m1/feed.webp');
  });
});
