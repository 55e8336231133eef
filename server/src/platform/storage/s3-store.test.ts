import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract';
import { createS3Store, IMMUTABLE_CACHE_CONTROL, type S3Store } from './s3-store';

/** The S3 store against a real S3-protocol server on a free port, not a fake. */

const BUCKET = 'quad-media';
let directory: string;
let server: S3rver;
let endpoint: string;
let store: S3Store;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = createS3Store({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    // s3rver's fixed credentials; it checks the signature.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  store?.close();
  await server?.close();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

describe('S3 blob store', () => {
  blobStoreContract(
    () => store,
    (key) => `${endpoint}/${BUCKET}/${key}`,
  );

  it('serves files with their type and cached forever', async () => {
    await store.put('media/m1/feed.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    await store.put('media/m1/original.mp4', Readable.from([Buffer.from('video')]), 'video/mp4');
    for (const [key, type] of [
      ['media/m1/feed.webp', 'image/webp'],
      ['media/m1/original.mp4', 'video/mp4'],
    ] as const) {
      const response = await fetch(store.url(key));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    }
    await store.delete(['media/m1/feed.webp', 'media/m1/original.mp4']);
  });

  it('leaves no file when a stream fails after some parts were sent', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 10 * 1024 * 1024) return this.destroy(new Error('client went away'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 7));
      },
    });
    await expect(store.put('media/m2/original.mp4', failing, 'video/mp4')).rejects.toThrow(
      'client went away',
    );
    expect(await store.get('media/m2/original.mp4')).toBeNull();
  });

  it('deletes more keys than one request takes', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `media/many/${i}.webp`);
    await Promise.all(
      keys
        .slice(0, 3)
        .concat(keys.slice(-3))
        .map((k) => store.put(k, Buffer.from(k), 'image/webp')),
    );
    await store.delete(keys);
    for (const key of keys.slice(0, 3).concat(keys.slice(-3)))
      expect(await store.get(key)).toBeNull();
  });

  it('addresses files under a CDN, or on AWS by bucket and region', () => {
    const cdn = createS3Store({
      region: 'us-east-1',
      bucket: BUCKET,
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com/',
    });
    expect(cdn.url('media/m1/thumb.webp')).toBe('https://cdn.example.com/media/m1/thumb.webp');
    const aws = createS3Store({ region: 'eu-west-1', bucket: 'quad', forcePathStyle: false });
    expect(aws.url('media/m1/thumb.webp')).toBe(
      'https://quad.s3.eu-west-1.amazonaws.com/media/m1/thumb.webp',
    );
    cdn.close();
    aws.close();
  });
});
