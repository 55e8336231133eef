import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createStorage } from '..';

/** Which store the configuration picks, and where its files are addressed. */
describe('choosing the blob store', () => {
  it('keeps files on disk under /uploads/ by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/quad-choose-store' });
    expect(config.s3).toBeUndefined();
    expect(config.mediaPublicUrl).toBeUndefined();
    expect(createStorage(config).url('media/m1/feed.webp')).toBe('/uploads/media/m1/feed.webp');
  });

  it('addresses local files through MEDIA_PUBLIC_URL when set', () => {
    const config = loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/uploads/' });
    expect(config.mediaPublicUrl).toBe('https://cdn.example.com/uploads');
    expect(createStorage(config).url('media/m1/feed.webp')).toBe(
      'https://cdn.example.com/uploads/media/m1/feed.webp',
    );
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', () => {
    const config = loadConfig({
      S3_BUCKET: 'quad-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'quad-media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      // An own endpoint (MinIO, …) means path-style addressing unless told otherwise.
      forcePathStyle: true,
    });
    const store = createStorage(config);
    expect(store.url('media/m1/feed.webp')).toBe(
      'http://127.0.0.1:9000/quad-media/media/m1/feed.webp',
    );
    store.close?.();

    const cdn = createStorage(
      loadConfig({
        S3_BUCKET: 'quad-media',
        S3_REGION: 'eu-west-1',
        MEDIA_PUBLIC_URL: 'https://cdn.example.com',
      }),
    );
    expect(cdn.url('media/m1/feed.webp')).toBe('https://cdn.example.com/media/m1/feed.webp');
    cdn.close?.();
  });

  it('reads the path-style flag and refuses half a key pair or a bad URL', () => {
    expect(loadConfig({ S3_BUCKET: 'b' }).s3?.forcePathStyle).toBe(false);
    expect(
      loadConfig({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: 'off',
      }).s3?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'on' }).s3?.forcePathStyle).toBe(true);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL/);
  });
});
