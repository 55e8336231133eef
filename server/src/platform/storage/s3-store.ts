import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type BlobStore, LIST_PAGE } from './blob-store';

export interface S3StoreOptions {
  /** An S3-compatible service (MinIO, R2, …); AWS itself when unset. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Without keys the SDK's default chain applies (instance roles, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` addressing, which most self-hosted services need. */
  forcePathStyle: boolean;
  /** Where browsers load files from (a CDN); `endpoint/bucket` when unset. */
  publicUrl?: string;
}

export type S3Store = BlobStore & { close(): void };

/** Keys never change content (a new upload gets a new id), so browsers and CDNs keep files forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A stream is sent in parts of this size (S3 needs each request's length; parts are 5 MB or more). */
const PART_SIZE = 8 * 1024 * 1024;
/** Parts of one stream in flight at once: memory per upload is about this many parts. */
const PARTS_AT_ONCE = 2;
/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;

/** Files in an S3-compatible bucket, for servers that share their files. */
export function createS3Store(options: S3StoreOptions): S3Store {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible services reject the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = trimSlash(
    options.publicUrl ??
      (options.endpoint
        ? `${trimSlash(options.endpoint)}/${bucket}`
        : `https://${bucket}.s3.${options.region}.amazonaws.com`),
  );

  async function putBuffer(key: string, body: Buffer, contentType: string) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  /**
   * A stream of unknown length: lib-storage's Upload sends one PutObject when it
   * fits in a part, else a multipart upload that it aborts when the source or S3
   * fails, so a failed put leaves no file and no parts behind.
   */
  async function putStream(key: string, body: Readable, contentType: string) {
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    // The source's own error is the one to report, not that of the abort after it
    // (some S3-compatible services refuse AbortMultipartUpload).
    let sourceError: unknown;
    body.once('error', (error) => (sourceError = error));
    try {
      await upload.done();
    } catch (error) {
      throw sourceError ?? error;
    } finally {
      // Stops reading the source when S3 failed half-way.
      if (!body.destroyed) body.destroy();
    }
  }

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      if (Buffer.isBuffer(body)) await putBuffer(key, body, contentType);
      else await putStream(key, body, contentType);
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      const unique = [...new Set(keys)];
      unique.forEach(assertSafeKey);
      for (let i = 0; i < unique.length; i += DELETE_BATCH) {
        const batch = unique.slice(i, i + DELETE_BATCH);
        const { Errors } = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length > 0) {
          throw new Error(
            `S3 could not delete ${failed.length} file(s): ${failed[0]!.Key} (${failed[0]!.Code}: ${failed[0]!.Message})`,
          );
        }
      }
    },
    url(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            MaxKeys: LIST_PAGE,
            ...(ContinuationToken ? { ContinuationToken } : {}),
          }),
        );
        const entries = (page.Contents ?? []).flatMap((o) =>
          o.Key ? [{ key: o.Key, modifiedAt: o.LastModified?.getTime() ?? 0 }] : [],
        );
        if (entries.length > 0) yield entries;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
