import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { BlobStore } from './blob-store';

/**
 * What every BlobStore must do, run against each implementation (disk, S3).
 * `store()` is read when the tests run, so a suite may create it in beforeAll.
 */
export function blobStoreContract(store: () => BlobStore, expectedUrl: (key: string) => string) {
  const prefix = () => `contract/${Math.random().toString(36).slice(2)}`;

  it('stores, reads, addresses and deletes files by key', async () => {
    const s = store();
    const dir = prefix();
    await s.put(`${dir}/a.webp`, Buffer.from('image bytes'), 'image/webp');
    await s.put(`${dir}/b.webp`, Readable.from(['streamed ', 'bytes']), 'image/webp');
    expect(await text((await s.get(`${dir}/a.webp`))!)).toBe('image bytes');
    expect(await text((await s.get(`${dir}/b.webp`))!)).toBe('streamed bytes');
    expect(s.url(`${dir}/a.webp`)).toBe(expectedUrl(`${dir}/a.webp`));
    await s.delete([`${dir}/a.webp`, `${dir}/b.webp`, `${dir}/never-existed.webp`]);
    expect(await s.get(`${dir}/a.webp`)).toBeNull();
    expect(await s.get(`${dir}/b.webp`)).toBeNull();
  });

  it('answers null for a key that was never stored, and deleting nothing is fine', async () => {
    const s = store();
    expect(await s.get(`${prefix()}/missing.webp`)).toBeNull();
    await s.delete([]);
  });

  it('replaces a file stored again under the same key', async () => {
    const s = store();
    const key = `${prefix()}/same.webp`;
    await s.put(key, Buffer.from('first'), 'image/webp');
    await s.put(key, Buffer.from('second'), 'image/webp');
    expect(await text((await s.get(key))!)).toBe('second');
    await s.delete([key]);
  });

  it('stores empty files and large streams byte for byte', async () => {
    const s = store();
    const dir = prefix();
    await s.put(`${dir}/empty.bin`, Readable.from([]), 'application/octet-stream');
    expect((await buffer((await s.get(`${dir}/empty.bin`))!)).length).toBe(0);

    // 17 MB in uneven chunks: more than one S3 part.
    const big = Buffer.alloc(17 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const chunks = function* () {
      for (let i = 0; i < big.length; i += 1_000_003) yield big.subarray(i, i + 1_000_003);
    };
    await s.put(`${dir}/video.mp4`, Readable.from(chunks()), 'video/mp4');
    const stored = await buffer((await s.get(`${dir}/video.mp4`))!);
    expect(stored.length).toBe(big.length);
    expect(sha256(stored)).toBe(sha256(big));
    await s.delete([`${dir}/empty.bin`, `${dir}/video.mp4`]);
    expect(await s.get(`${dir}/video.mp4`)).toBeNull();
  });

  it('refuses keys that would escape its folder', async () => {
    const s = store();
    for (const key of ['../etc/passwd', 'posts/../../x', '/abs', 'a//b', '']) {
      await expect(s.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('unsafe blob key');
      await expect(s.get(key)).rejects.toThrow('unsafe blob key');
      await expect(s.delete([key])).rejects.toThrow('unsafe blob key');
      expect(() => s.url(key)).toThrow('unsafe blob key');
    }
  });

  it('leaves no file when a write fails', async () => {
    const s = store();
    const key = `${prefix()}/c.webp`;
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put(key, failing, 'image/webp')).rejects.toThrow('client went away');
    expect(await s.get(key)).toBeNull();
  });
  listingContract(store, prefix);
}

/** Listing, which the sweeps of files without rows rely on. */
function listingContract(store: () => BlobStore, prefix: () => string) {
  it('lists stored files under a prefix, with when each was written', async () => {
    const s = store();
    const dir = prefix();
    const before = Date.now();
    await s.put(`${dir}/x/a.webp`, Buffer.from('a'), 'image/webp');
    await s.put(`${dir}/x/b.webp`, Buffer.from('b'), 'image/webp');
    await s.put(`${dir}/y/c.webp`, Buffer.from('c'), 'image/webp');
    const listed = (p: string) => listAll(s, p);
    const all = await listed(`${dir}/`);
    expect(all.map((e) => e.key).sort()).toEqual([
      `${dir}/x/a.webp`,
      `${dir}/x/b.webp`,
      `${dir}/y/c.webp`,
    ]);
    for (const { modifiedAt } of all) expect(Math.abs(modifiedAt - before)).toBeLessThan(120_000);
    expect((await listed(`${dir}/y/`)).map((e) => e.key)).toEqual([`${dir}/y/c.webp`]);
    expect(await listed(`${prefix()}/`)).toEqual([]);
    await s.delete(all.map((e) => e.key));
    expect(await listed(`${dir}/`)).toEqual([]);
  });
}

async function listAll(store: BlobStore, prefix: string) {
  const entries = [];
  for await (const page of store.list(prefix)) entries.push(...page);
  return entries;
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
