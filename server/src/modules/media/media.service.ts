import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_ALT_MESSAGES, type MediaDto, POST_MESSAGES } from '@common/schemas/posts';
import { formatBytes, UPLOAD_MESSAGES } from '@common/messages';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/kysely';
import type { Executor, UserRow } from '../../db/schema';
import type { Campus } from '@common/campuses';
import * as campusPolicy from '../../core/policies/campus';
import { badRequest, HttpError, notFound, tooLarge, tooMany } from '../../core/errors';
import { DETECT_BYTES, type DetectedMedia, detectMedia, processImage } from '../../platform/images';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentMedia } from './media.presenter';
import {
  type MediaVariants,
  mediaRepository,
  parseVariants,
  type StoredVariant,
} from './media.repository';
import { stripVideoMetadata, UnreadableVideoError } from './video-metadata';

const MB = 1024 * 1024;
/** Upload limits. */
export const MAX_IMAGE_BYTES = 20 * MB;
export const MAX_VIDEO_BYTES = 200 * MB;
/** A poster frame is one still the browser encoded: far below a photo's limit (ADR 060). */
export const MAX_POSTER_BYTES = 5 * MB;
/** How much one student may upload in any 24 hours unless configured (ADR 039). */
export const DEFAULT_UPLOAD_BYTES_PER_DAY = 1024 * MB;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Words of the upload errors: each says what to do. */
export const MEDIA_MESSAGES = {
  photoTooLarge: 'This photo is too large: photos can be up to 20 MB.',
  videoTooLarge: 'This video is too large: videos can be up to 200 MB.',
  uploadIncomplete: 'The upload did not finish. Please try again.',
} as const;

/** The file part of an upload, as the route hands it over (the service never sees the request). */
export interface IncomingFile {
  field: string;
  stream: Readable;
  /** True when the multipart parser cut the file off at its size limit. */
  truncated(): boolean;
}

/** How long an upload may wait for its post before the sweep removes it. */
export const UNATTACHED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;
/** Uploads arrive in `$TMPDIR/quad-upload-{uuid}` before they are judged and stored. */
const TEMP_PREFIX = 'quad-upload-';
/**
 * How old a file with no row must be before the orphan sweep removes it.
 * Every upload writes its files first and its row a moment later, in the same
 * request (photos and avatars from memory, videos from a finished temp file);
 * an hour is far beyond any such gap, so a file in flight is never taken.
 */
export const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000;

export interface MediaServiceOptions {
  db: Db;
  storage: BlobStore;
  limits?: { image: number; video: number };
  /** The most bytes one student may upload in any 24 hours (ADR 039). */
  bytesPerDay?: number;
  now?: () => number;
}

/** What a student may still upload now, and the words for when it is not enough. */
interface Allowance {
  left: number;
  refusal: HttpError;
}

/**
 * Photos and videos for posts: received into a temp file, judged
 * by their bytes, photos re-encoded without metadata in three sizes, every
 * file stored under `media/{mediaId}/`, and a post_media row that waits for
 * the post that will use it.
 */
export interface MediaService {
  /**
   * Checks the uploader first, then asks for the file (so nobody's bytes are
   * read before they may upload), stores it and answers the new media.
   */
  upload(
    viewer: UserRow | null,
    campus: Campus,
    receive: () => Promise<IncomingFile | undefined>,
  ): Promise<MediaDto>;
  /**
   * Gives the viewer's video, not yet posted, the poster frame the browser
   * captured from it (ADR 060) and its length: the file must be a photo,
   * re-encoded like one (feed size and thumbnail, no metadata) and stored
   * beside the video, so it goes wherever the video goes.
   */
  uploadPoster(
    viewer: UserRow | null,
    campus: Campus,
    mediaId: string,
    durationMs: number | undefined,
    receive: () => Promise<IncomingFile | undefined>,
  ): Promise<MediaDto>;
  /**
   * Removes uploads that no post took within a day (the composer was
   * closed, the tab died) with their files, so abandoned drafts do not
   * fill the disk or the bucket. Rows go first, files after: a failure
   * leaves an orphan file, never a post pointing at a missing one.
   */
  sweepUnattached(): Promise<number>;
  /**
   * Removes stored files that no row points at and `.part` files a write
   * never finished (a crash between writing a file and its row, or during
   * the write), once they are older than ORPHAN_FILE_GRACE_MS. Reads the
   * store a page at a time: three queries per page, whatever its size.
   * Keys it does not recognise are left alone. Also removes the temp files
   * of uploads a crash cut off (`quad-upload-*` in the temp folder).
   */
  sweepOrphanFiles(): Promise<{ orphans: number; parts: number; temp: number }>;
  /** Forgets uploads older than a day: they no longer count against anyone's limit. */
  sweepUsage(): Promise<number>;
  /** Gives the owner's unattached uploads to a message, in its transaction; how many moved. */
  attachToMessage(
    trx: Executor,
    ids: readonly string[],
    ownerId: string,
    messageId: string,
  ): Promise<number>;
  /** The photos of these messages, by message id, as the API shows them. */
  forMessages(messageIds: readonly string[]): Promise<Map<string, MediaDto[]>>;
  /** The blob keys of every photo of a chat, read before the chat is deleted. */
  keysOfChat(trx: Executor, chatId: string): Promise<string[]>;
  /** Photo files of every chat the student is in (their chats go with their account). */
  keysOfChatsOf(trx: Executor, userId: string): Promise<string[]>;
  /**
   * Takes a message's photos off it (a moderator's removal, ADR 025): their
   * rows go in `trx`; the returned keys are for `deleteFiles` once it committed.
   */
  takeFromMessage(trx: Executor, messageId: string): Promise<string[]>;
  /** Deletes files after the rows that pointed at them are gone. */
  deleteFiles(keys: string[]): Promise<void>;
}

/** Builds the MediaService. */
export function createMediaService({
  db,
  storage,
  limits = { image: MAX_IMAGE_BYTES, video: MAX_VIDEO_BYTES },
  bytesPerDay = DEFAULT_UPLOAD_BYTES_PER_DAY,
  now = Date.now,
}: MediaServiceOptions): MediaService {
  const quota = createUploadQuota(db, bytesPerDay, now);
  return {
    async upload(
      viewer: UserRow | null,
      campus: Campus,
      receive: () => Promise<IncomingFile | undefined>,
    ): Promise<MediaDto> {
      // Uploading is contributing: on this site, for its own school-verified students (ADR 007).
      campusPolicy.canContribute(viewer, campus);
      // A student at the limit is told before a byte of the file is read.
      const allowance = await quota.allowance(viewer.id);
      if (allowance.left <= 0) throw allowance.refusal;
      const file = await receive().catch((error: unknown) => {
        throw asClientFault(error);
      });
      if (!file || file.field !== 'file') {
        file?.stream.resume();
        throw badRequest('no_file', POST_MESSAGES.onlyPhotosVideos);
      }
      // os.tmpdir() is read per upload so a test (or an operator's TMPDIR) can move it.
      const temp = path.join(os.tmpdir(), `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const { detected, bytes } = await receiveToFile(file, temp, limits, allowance);
        if (detected.kind === 'video') await stripMetadata(temp, detected);
        const counted = await quota.count(viewer.id, bytes);
        try {
          return await store(viewer, detected, temp, bytes);
        } catch (error) {
          await quota.takeBack(counted);
          throw error;
        }
      } finally {
        await fs.rm(temp, { force: true });
      }
    },

    async uploadPoster(
      viewer: UserRow | null,
      campus: Campus,
      mediaId: string,
      durationMs: number | undefined,
      receive: () => Promise<IncomingFile | undefined>,
    ): Promise<MediaDto> {
      campusPolicy.canContribute(viewer, campus);
      const video = await mediaRepository.find(db.kysely, mediaId);
      // Another's video, a posted one and a photo are told apart from no video at all by nobody.
      if (
        !video ||
        video.owner_id !== viewer.id ||
        video.post_id !== null ||
        video.kind !== 'video'
      )
        throw notFound('no_such_video', MEDIA_ALT_MESSAGES.notAVideo);
      const allowance = await quota.allowance(viewer.id);
      if (allowance.left <= 0) throw allowance.refusal;
      const file = await receive().catch((error: unknown) => {
        throw asClientFault(error);
      });
      if (!file || file.field !== 'file') {
        file?.stream.resume();
        throw badRequest('no_file', MEDIA_ALT_MESSAGES.posterNotImage);
      }
      const temp = path.join(os.tmpdir(), `${TEMP_PREFIX}${randomUUID()}`);
      try {
        const posterLimits = { image: MAX_POSTER_BYTES, video: MAX_POSTER_BYTES };
        const { detected, bytes } = await receiveToFile(file, temp, posterLimits, allowance).catch(
          (error: unknown) => {
            if (!(error instanceof HttpError)) throw error;
            if (error.code === 'not_media')
              throw badRequest('not_an_image', MEDIA_ALT_MESSAGES.posterNotImage);
            if (error.code === 'file_too_large')
              throw tooLarge('file_too_large', MEDIA_ALT_MESSAGES.posterTooLarge);
            throw error;
          },
        );
        if (detected.kind !== 'image')
          throw badRequest('not_an_image', MEDIA_ALT_MESSAGES.posterNotImage);
        const image = await processImage(temp).catch(() => {
          throw badRequest('not_an_image', MEDIA_ALT_MESSAGES.posterNotImage);
        });
        const counted = await quota.count(viewer.id, bytes);
        const poster = {
          key: `media/${mediaId}/poster.${image.variants.feed.ext}`,
          width: image.variants.feed.width,
          height: image.variants.feed.height,
        };
        const posterThumb = {
          key: `media/${mediaId}/poster-thumb.${image.variants.thumb.ext}`,
          width: image.variants.thumb.width,
          height: image.variants.thumb.height,
        };
        const variants: MediaVariants = { ...parseVariants(video), poster, posterThumb };
        try {
          const results = await Promise.allSettled([
            storage.put(poster.key, image.variants.feed.data, image.variants.feed.mime),
            storage.put(posterThumb.key, image.variants.thumb.data, image.variants.thumb.mime),
          ]);
          const failed = results.find((r) => r.status === 'rejected');
          if (failed) throw failed.reason;
          const change = {
            variants: JSON.stringify(variants),
            width: poster.width,
            height: poster.height,
            duration_ms: durationMs ?? video.duration_ms,
          };
          if (!(await mediaRepository.setPoster(db.kysely, mediaId, viewer.id, change)))
            throw notFound('no_such_video', MEDIA_ALT_MESSAGES.notAVideo);
          return presentMedia({ ...video, ...change }, storage);
        } catch (error) {
          await quota.takeBack(counted);
          // The row may have gone meanwhile (posted, swept): its poster files go too.
          await storage.delete([poster.key, posterThumb.key]).catch(() => {});
          throw error;
        }
      } finally {
        await fs.rm(temp, { force: true });
      }
    },

    async sweepUnattached(): Promise<number> {
      const before = now() - UNATTACHED_MEDIA_GRACE_MS;
      let removed = 0;
      for (;;) {
        const rows = await mediaRepository.unattachedBefore(db.kysely, before, SWEEP_BATCH);
        if (rows.length === 0) return removed;
        const deleted = new Set(
          await mediaRepository.deleteUnattached(
            db.kysely,
            rows.map((r) => r.id),
          ),
        );
        await storage.delete(mediaRepository.keysOf(rows.filter((r) => deleted.has(r.id))));
        removed += deleted.size;
        if (rows.length < SWEEP_BATCH) return removed;
      }
    },

    async sweepOrphanFiles(): Promise<{ orphans: number; parts: number; temp: number }> {
      const before = now() - ORPHAN_FILE_GRACE_MS;
      let orphans = 0;
      let parts = 0;
      for await (const page of storage.list()) {
        const old = page.filter((f) => f.modifiedAt < before).map((f) => f.key);
        const unfinished = old.filter((key) => key.endsWith('.part'));
        const media = old.filter((key) => !key.endsWith('.part') && mediaIdOf(key));
        const avatars = old.filter((key) => !key.endsWith('.part') && key.startsWith('avatars/'));
        const [rows, avatarKeys] = await Promise.all([
          mediaRepository.filesOfMedia(db.kysely, [
            ...new Set(media.map((key) => mediaIdOf(key)!)),
          ]),
          mediaRepository.avatarKeysAmong(db.kysely, avatars),
        ]);
        const referenced = new Set([...mediaRepository.keysOf(rows), ...avatarKeys]);
        const unreferenced = [...media, ...avatars].filter((key) => !referenced.has(key));
        await storage.delete([...unfinished, ...unreferenced]);
        orphans += unreferenced.length;
        parts += unfinished.length;
      }
      return { orphans, parts, temp: await sweepTempUploads(before) };
    },

    sweepUsage: () => mediaRepository.deleteUsageBefore(db.kysely, now() - DAY_MS),

    attachToMessage: (trx: Executor, ids: readonly string[], ownerId: string, messageId: string) =>
      mediaRepository.moveToMessage(trx, ids, ownerId, messageId),

    async forMessages(messageIds: readonly string[]): Promise<Map<string, MediaDto[]>> {
      const byMessage = new Map<string, MediaDto[]>();
      for (const row of await mediaRepository.listForMessages(db.kysely, messageIds)) {
        if (!row.message_id) continue;
        const list = byMessage.get(row.message_id) ?? [];
        list.push(presentMedia(row, storage));
        byMessage.set(row.message_id, list);
      }
      return byMessage;
    },

    async keysOfChat(trx: Executor, chatId: string): Promise<string[]> {
      return mediaRepository.keysOf(await mediaRepository.listForChat(trx, chatId));
    },

    async keysOfChatsOf(trx: Executor, userId: string): Promise<string[]> {
      return mediaRepository.keysOf(await mediaRepository.listForChatsOf(trx, userId));
    },

    async takeFromMessage(trx: Executor, messageId: string): Promise<string[]> {
      return mediaRepository.keysOf(await mediaRepository.deleteForMessage(trx, messageId));
    },

    deleteFiles: (keys: string[]) => storage.delete(keys),
  };

  async function store(
    viewer: UserRow,
    detected: DetectedMedia,
    temp: string,
    uploadedBytes: number,
  ): Promise<MediaDto> {
    const id = uuidv7();
    const stored: string[] = [];
    try {
      let variants: MediaVariants;
      let mime: string;
      let bytes: number;
      if (detected.kind === 'image') {
        const image = await processImage(temp).catch(() => {
          // The bytes begin like a photo but do not decode as one.
          throw badRequest('unreadable_media', POST_MESSAGES.onlyPhotosVideos);
        });
        const planned = (['thumb', 'feed', 'original'] as const).map((name) => {
          const variant = image.variants[name];
          return { name, variant, key: `media/${id}/${name}.${variant.ext}` };
        });
        stored.push(...planned.map((p) => p.key));
        // Every put settles before a failure is handled, so the clean-up misses none.
        const results = await Promise.allSettled(
          planned.map((p) => storage.put(p.key, p.variant.data, p.variant.mime)),
        );
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        const [thumb, feed, original] = planned.map((p): StoredVariant => ({
          key: p.key,
          width: p.variant.width,
          height: p.variant.height,
        })) as [StoredVariant, StoredVariant, StoredVariant];
        variants = { thumb, feed, original };
        mime = image.variants.original.mime;
        bytes = Object.values(image.variants).reduce((sum, v) => sum + v.data.length, 0);
      } else {
        // No ffmpeg: a video is kept as it came, its size unknown (the web shows a 16:9 box).
        const key = `media/${id}/original.${detected.ext}`;
        stored.push(key);
        await storage.put(key, createReadStream(temp), detected.mime);
        variants = { original: { key, width: 0, height: 0 } };
        mime = detected.mime;
        bytes = uploadedBytes;
      }
      const row = {
        id,
        post_id: null,
        owner_id: viewer.id,
        position: 0,
        key: variants.original.key,
        kind: detected.kind,
        mime,
        width: variants.original.width,
        height: variants.original.height,
        bytes,
        variants: JSON.stringify(variants),
        created_at: now(),
      };
      await mediaRepository.insert(db.kysely, row);
      return presentMedia(row, storage);
    } catch (error) {
      // Files without a row would never be deleted: take them back.
      await storage.delete(stored).catch(() => {});
      throw error;
    }
  }
}

/**
 * Each student's upload limit by bytes in any 24 hours (ADR 039), counted in
 * `upload_usage` rather than in the media rows, which go with their post.
 * An upload is counted once received and then checked with everything counted
 * so far, its own bytes included: of uploads running side by side, the one
 * counted last sees every other, so together they never pass the limit.
 */
function createUploadQuota(db: Db, bytesPerDay: number, now: () => number) {
  const limitText = formatBytes(bytesPerDay);

  async function allowance(userId: string): Promise<Allowance> {
    const at = now();
    const used = await mediaRepository.usageSince(db.kysely, userId, at - DAY_MS);
    const left = bytesPerDay - used.bytes;
    // The oldest upload of the day is the first to stop counting.
    const freedAt = (used.oldest ?? at) + DAY_MS;
    const hours = Math.max(1, Math.ceil((freedAt - at) / HOUR_MS));
    const refusal =
      left <= 0
        ? tooMany('upload_limit', UPLOAD_MESSAGES.dailyLimitReached(limitText, hours))
        : tooLarge(
            'upload_limit',
            UPLOAD_MESSAGES.fileOverDailyLimit(formatBytes(left), limitText),
          );
    return { left, refusal };
  }

  return {
    allowance,

    /** Counts `bytes` for the student, or refuses them (nothing counted) when over the limit. */
    async count(userId: string, bytes: number): Promise<string> {
      const id = uuidv7();
      await mediaRepository.addUsage(db.kysely, {
        id,
        user_id: userId,
        bytes,
        created_at: now(),
      });
      const after = await allowance(userId);
      if (after.left >= 0) return id;
      await mediaRepository.removeUsage(db.kysely, id);
      // What is left once this upload is taken back says whether any file still fits.
      throw (await allowance(userId)).refusal;
    },

    /** Takes back an upload that was counted but not stored. */
    takeBack: (id: string) => mediaRepository.removeUsage(db.kysely, id),
  };
}

/** Videos are stored without their metadata; a file whose structure does not parse is refused. */
async function stripMetadata(temp: string, detected: DetectedMedia): Promise<void> {
  const format = detected.ext;
  if (format !== 'mp4' && format !== 'mov' && format !== 'avi')
    throw new Error(`no metadata stripping for ${format}`);
  try {
    await stripVideoMetadata(temp, format);
  } catch (error) {
    if (error instanceof UnreadableVideoError)
      throw badRequest('unreadable_media', POST_MESSAGES.onlyPhotosVideos);
    throw error;
  }
}

/**
 * Removes upload temp files last written before `before`: an upload still
 * arriving writes to its file, so its time stays fresh; one whose server was
 * killed is never removed by the `finally` that normally takes it.
 */
async function sweepTempUploads(before: number): Promise<number> {
  const dir = os.tmpdir();
  let removed = 0;
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** The media id in a key `media/{id}/{variant}.{ext}`, or null for any other key. */
function mediaIdOf(key: string): string | null {
  const [top, id, file, ...rest] = key.split('/');
  return top === 'media' && id && file && rest.length === 0 ? id : null;
}

/**
 * Streams the file to `temp` (never whole in memory), recognising it from its
 * first bytes: anything but an accepted photo or video is refused before the
 * rest is read, and a file over its kind's limit as soon as it crosses it.
 */
async function receiveToFile(
  file: IncomingFile,
  temp: string,
  limits: { image: number; video: number },
  allowance: Allowance,
): Promise<{ detected: DetectedMedia; bytes: number }> {
  const inspector = new UploadInspector(limits, allowance);
  let sourceError: unknown;
  file.stream.once('error', (error) => (sourceError = error));
  const writer = createWriteStream(temp);
  try {
    await pipeline(file.stream, inspector, writer);
  } catch (error) {
    // The caller removes the temp file next: it must not still be opening (and so be created after).
    if (!writer.closed) await new Promise<void>((closed) => writer.once('close', () => closed()));
    // The body may have failed before the listener above was attached.
    const fromClient = error === sourceError || error === file.stream.errored;
    if (fromClient) throw asClientFault(error);
    throw error;
  }
  // The parser stops at the largest size allowed (a video's) and says so.
  if (file.truncated()) throw tooLarge('file_too_large', MEDIA_MESSAGES.videoTooLarge);
  if (!inspector.detected) throw badRequest('not_media', POST_MESSAGES.onlyPhotosVideos);
  return { detected: inspector.detected, bytes: inspector.bytes };
}

/** Passes bytes through once their first DETECT_BYTES show an accepted type, counting them. */
class UploadInspector extends Transform {
  detected: DetectedMedia | undefined;
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly limits: { image: number; video: number },
    private readonly allowance: Allowance,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.detected) {
      done(this.overLimit(), chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < DETECT_BYTES) {
      done();
      return;
    }
    this.detect().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) done();
    else if (this.headBytes === 0) done(notMedia());
    else this.detect().then(() => done(), done);
  }

  private async detect(): Promise<void> {
    const head = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    const detected = await detectMedia(head);
    if (!detected) throw notMedia();
    this.detected = detected;
    const over = this.overLimit();
    if (over) throw over;
    this.push(head);
  }

  private overLimit(): HttpError | null {
    const kind = this.detected?.kind;
    if (kind === 'image' && this.bytes > this.limits.image)
      return tooLarge('file_too_large', MEDIA_MESSAGES.photoTooLarge);
    if (kind === 'video' && this.bytes > this.limits.video)
      return tooLarge('file_too_large', MEDIA_MESSAGES.videoTooLarge);
    // Over what the student may still upload today: refused as it crosses, not after.
    if (kind && this.bytes > this.allowance.left) return this.allowance.refusal;
    return null;
  }
}

/** A body that broke off or does not parse is the client's fault (400), not the server's. */
/** A failed multipart read as the client's fault: a 400 unless it already is a 4xx. */
export function asClientFault(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof Error && status !== undefined && status >= 400 && status < 500) return error;
  return badRequest('upload_incomplete', MEDIA_MESSAGES.uploadIncomplete);
}

const notMedia = () => badRequest('not_media', POST_MESSAGES.onlyPhotosVideos);
