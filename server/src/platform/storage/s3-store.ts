import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

  async function putStream(key: string, body: Readable, contentType: string) {
    const chunks = fixedChunks(body, PART_SIZE);
    try {
      const first = await chunks.next();
      if (first.done) return await putBuffer(key, Buffer.alloc(0), contentType);
      const second = await chunks.next();
      if (second.done) return await putBuffer(key, first.value, contentType);
      await putInParts(key, contentType, [first.value, second.value], chunks);
    } finally {
      // Stops reading the source when S3 failed half-way.
      await chunks.return(undefined);
    }
  }

  async function putInParts(
    key: string,
    contentType: string,
    head: Buffer[],
    rest: AsyncIterable<Buffer>,
  ) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
    const parts: CompletedPart[] = [];
    const upload = async (data: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          PartNumber,
          Body: data,
          ContentLength: data.length,
        }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for (const data of head) await upload(data);
      for await (const data of rest) await upload(data);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
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

/** Re-cuts a stream into buffers of exactly `size` bytes (the last one shorter). */
async function* fixedChunks(stream: Readable, size: number): AsyncGenerator<Buffer, void> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    pending.push(buffer);
    length += buffer.length;
    while (length >= size) {
      const all = Buffer.concat(pending, length);
      yield all.subarray(0, size);
      const rest = all.subarray(size);
      pending = rest.length > 0 ? [rest] : [];
      length = rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
