import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { AUTH_MESSAGES } from '@common/messages';
import { type MediaDto, POST_MESSAGES } from '@common/schemas/posts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildPost, buildUser } from '../../../test/factories';
import {
  animatedGif,
  aviBytes,
  box,
  cameraAvi,
  boxTypes,
  findBox,
  PHONE_VIDEO_SAMPLE,
  PHONE_VIDEO_SECRETS,
  phoneJpeg,
  phoneVideo,
  readBoxes,
  readChunks,
  solidImage,
  TELEMETRY_SAMPLES,
  videoBytes,
} from '../../../test/media-fixtures';
import { keysOfMedia, presentMedia } from './media.presenter';
import { type MediaVariants, mediaRepository } from './media.repository';
import { createMediaService, MEDIA_MESSAGES } from './media.service';
import { multipart, MULTIPART_TYPE, partHead, TAIL } from '../../../test/multipart';

/**
 * POST /api/uploads (docs/product/posts-and-listings.md, Media): photos and
 * videos recognised by their bytes, photos stored upright, without metadata, in
 * three WebP sizes.
 */

let t: TestContext;
let tempDir: string;
let cookie: string;
let uploaderId: string;

const nextIp = addressSequence('198.19');

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db, { verified: true, school_verified: true });
  uploaderId = user.id;
  cookie = await loginAs(t.app, user);
});

afterAll(async () => {
  await t?.close();
});

// Uploads go through os.tmpdir(): point it at a folder of our own to see what is left behind.
beforeEach(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-media-test-'));
  vi.stubEnv('TMPDIR', tempDir);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  // A file removed just after its answer was sent is not left behind: give it a moment.
  let left = fs.readdirSync(tempDir);
  for (let waited = 0; left.length > 0 && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = fs.readdirSync(tempDir);
  }
  fs.rmSync(tempDir, { recursive: true, force: true });
  expect(left, `temp files left behind: ${left.join(', ')}`).toEqual([]);
});

function upload(
  payload: Buffer | Readable,
  options: { cookie?: string | null; contentType?: string } = {},
) {
  return api(t.app, {
    method: 'POST',
    url: '/api/uploads',
    payload,
    remoteAddress: nextIp(),
    headers: {
      'content-type': options.contentType ?? MULTIPART_TYPE,
    },
    ...(options.cookie === null ? {} : { cookie: options.cookie ?? cookie }),
  });
}

const uploadFile = (filename: string, type: string, data: Buffer, as?: string | null) =>
  upload(multipart([{ filename, type, data }]), { cookie: as });

async function stored(key: string): Promise<Buffer> {
  const stream = await t.app.deps.storage.get(key);
  expect(stream, `${key} is in the store`).not.toBeNull();
  return buffer(stream!);
}

async function rowOf(media: MediaDto) {
  const row = await mediaRepository.find(t.db.kysely, media.id);
  expect(row).toBeDefined();
  return { row: row!, variants: JSON.parse(row!.variants) as MediaVariants };
}

function expectError(
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
}

describe('who may upload', () => {
  it('asks a guest to sign in', async () => {
    const response = await uploadFile('photo.jpg', 'image/jpeg', await phoneJpeg(), null);
    expectError(response, 401, AUTH_MESSAGES.signInRequired);
  });

  it('asks for a verified account, then a verified school e-mail', async () => {
    const unverified = await buildUser(t.db);
    expectError(
      await uploadFile(
        'photo.jpg',
        'image/jpeg',
        await phoneJpeg(),
        await loginAs(t.app, unverified),
      ),
      403,
      AUTH_MESSAGES.verifyRequired,
    );
    const noSchool = await buildUser(t.db, { verified: true });
    expectError(
      await uploadFile(
        'photo.jpg',
        'image/jpeg',
        await phoneJpeg(),
        await loginAs(t.app, noSchool),
      ),
      403,
      AUTH_MESSAGES.schoolVerifyRequired,
    );
    const count = await t.db.kysely
      .selectFrom('post_media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', 'in', [unverified.id, noSchool.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("refuses a student of another campus on this campus's site (authorization matrix)", async () => {
    const visitor = await buildUser(t.db, {
      campus_id: 'ut',
      verified: true,
      school_verified: true,
    });
    const response = await uploadFile(
      'photo.jpg',
      'image/jpeg',
      await phoneJpeg(),
      await loginAs(t.app, visitor),
    );
    expectError(response, 403, POST_MESSAGES.ownCampusOnly);
    const count = await t.db.kysely
      .selectFrom('post_media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', visitor.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('photos', () => {
  it('stores a phone photo upright, without EXIF or GPS, in three WebP sizes', async () => {
    const response = await uploadFile('IMG_0001.jpg', 'image/jpeg', await phoneJpeg(300, 200));
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaDto>();
    const { row, variants } = await rowOf(media);

    expect(row).toMatchObject({
      post_id: null,
      owner_id: uploaderId,
      kind: 'image',
      mime: 'image/webp',
      width: 200,
      height: 300,
      key: `media/${media.id}/original.webp`,
    });
    expect(variants).toEqual({
      thumb: { key: `media/${media.id}/thumb.webp`, width: 133, height: 200 },
      feed: { key: `media/${media.id}/feed.webp`, width: 200, height: 300 },
      original: { key: `media/${media.id}/original.webp`, width: 200, height: 300 },
    });
    expect(media).toEqual({
      id: row.id,
      kind: 'image',
      mime: 'image/webp',
      url: `/uploads/media/${media.id}/feed.webp`,
      thumbUrl: `/uploads/media/${media.id}/thumb.webp`,
      width: 200,
      height: 300,
      alt: '',
      posterUrl: null,
      durationMs: null,
    });

    let total = 0;
    for (const variant of [variants.thumb!, variants.feed!, variants.original]) {
      const data = await stored(variant.key);
      total += data.length;
      const m = await sharp(data).metadata();
      expect(m.format).toBe('webp');
      expect([m.width, m.height]).toEqual([variant.width, variant.height]);
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(data.includes('QuadPhone')).toBe(false);
    }
    expect(row.bytes).toBe(total);
    const thumb = await sharp(await stored(variants.thumb!.key)).metadata();
    expect(thumb.height).toBe(200);
  });

  it('serves the stored files as WebP, never sniffed, cached forever', async () => {
    const media = (
      await uploadFile('photo.png', 'image/png', await solidImage(64, 48, 'png'))
    ).json<MediaDto>();
    for (const url of [media.url, media.thumbUrl]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('accepts PNG and WebP, sized down to 1080 for the feed and 2560 at most', async () => {
    const png = await uploadFile('scan.png', 'image/png', await solidImage(3000, 1500, 'png'));
    expect(png.statusCode, png.body).toBe(201);
    const { row, variants } = await rowOf(png.json());
    expect([row.width, row.height]).toEqual([2560, 1280]);
    expect(variants.feed).toMatchObject({ width: 1080, height: 540 });
    expect(variants.thumb).toMatchObject({ width: 400, height: 200 });
    expect(png.json<MediaDto>()).toMatchObject({ width: 1080, height: 540 });

    const webp = await uploadFile('sticker.webp', 'image/webp', await solidImage(500, 500, 'webp'));
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json<MediaDto>()).toMatchObject({ kind: 'image', width: 500, height: 500 });
  });

  it('keeps an animated GIF animated', async () => {
    const response = await uploadFile('dance.gif', 'image/gif', await animatedGif(60, 40, 4));
    expect(response.statusCode, response.body).toBe(201);
    const { variants } = await rowOf(response.json());
    for (const variant of [variants.thumb!, variants.feed!, variants.original]) {
      const m = await sharp(await stored(variant.key), { animated: true }).metadata();
      expect(m.format).toBe('webp');
      expect(m.pages).toBe(4);
      expect(m.pageHeight).toBe(variant.height);
    }
    expect(variants.thumb).toMatchObject({ width: 300, height: 200 });
  });

  it('judges the bytes, not the name or the declared type', async () => {
    // A real PNG called .txt and declared as text is still a photo.
    const response = await uploadFile('notes.txt', 'text/plain', await solidImage(20, 20, 'png'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MediaDto>().kind).toBe('image');
  });
});

describe('videos', () => {
  it('stores an MP4 as it came, with its size unknown', async () => {
    const data = videoBytes('isom', 100_000);
    const response = await uploadFile('clip.mp4', 'video/mp4', data);
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaDto>();
    const key = `media/${media.id}/original.mp4`;
    expect(media).toEqual({
      id: media.id,
      kind: 'video',
      mime: 'video/mp4',
      url: `/uploads/${key}`,
      thumbUrl: `/uploads/${key}`,
      width: 0,
      height: 0,
      alt: '',
      posterUrl: null,
      durationMs: null,
    });
    const { row, variants } = await rowOf(media);
    expect(row).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      width: 0,
      height: 0,
      bytes: data.length,
      key,
    });
    expect(variants).toEqual({ original: { key, width: 0, height: 0 } });
    expect((await stored(key)).equals(data)).toBe(true);
  });

  /** What the stored file says where, on what and by whom it was taken, as it would be found. */
  function secretsIn(data: Buffer): string[] {
    const found: string[] = Object.values(PHONE_VIDEO_SECRETS).filter((secret) =>
      data.includes(Buffer.from(secret, 'latin1')),
    );
    for (const mark of ['\xa9xyz', '\xa9mak', '\xa9mod', 'com.apple.quicktime', 'xmpmeta', 'GPS'])
      if (data.includes(Buffer.from(mark, 'latin1'))) found.push(mark);
    return found;
  }

  /** The one chunk offset of the stored file's track. */
  function chunkOffset(data: Buffer): number {
    const stco = findBox(readBoxes(data), 'stco');
    expect(stco, 'the track keeps its chunk offsets').toBeDefined();
    return data.readUInt32BE(stco!.start + 16);
  }

  const blankedMovie = [
    'moov',
    [
      'mvhd',
      [
        'trak',
        [
          'tkhd',
          [
            'mdia',
            [
              'mdhd',
              'hdlr',
              [
                'minf',
                ['vmhd', ['dinf', ['dref']], ['stbl', ['stsd', 'stts', 'stsc', 'stsz', 'stco']]],
              ],
            ],
          ],
          'free',
          'free',
        ],
      ],
      'free',
      'free',
    ],
  ];

  it('stores a phone MP4 without its location, device or owner, every offset still right', async () => {
    const data = phoneVideo('isom');
    expect(secretsIn(data)).toHaveLength(Object.keys(PHONE_VIDEO_SECRETS).length + 6);
    const response = await uploadFile('VID_20260412.mp4', 'video/mp4', data);
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaDto>();
    expect(media).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    const saved = await stored(`media/${media.id}/original.mp4`);

    expect(secretsIn(saved)).toEqual([]);
    expect(saved.length).toBe(data.length);
    expect(boxTypes(readBoxes(saved))).toEqual(['ftyp', blankedMovie, 'free', 'mdat']);
    // The movie comes before the data (faststart): the data did not move.
    const offset = chunkOffset(saved);
    expect(offset).toBe(chunkOffset(data));
    expect(saved.subarray(offset, offset + PHONE_VIDEO_SAMPLE.length)).toEqual(PHONE_VIDEO_SAMPLE);
    // What was not metadata is byte for byte what came.
    const mdat = findBox(readBoxes(saved), 'mdat')!;
    expect(saved.subarray(mdat.start, mdat.end)).toEqual(data.subarray(mdat.start, mdat.end));
    const { row } = await rowOf(media);
    expect(row.bytes).toBe(data.length);
  });

  it('stores an iPhone MOV with its movie after the data without its location or device', async () => {
    const data = phoneVideo('qt  ', { faststart: false });
    const response = await uploadFile('IMG_0042.MOV', 'video/quicktime', data);
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaDto>();
    expect(media).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
    const saved = await stored(`media/${media.id}/original.mov`);

    expect(secretsIn(saved)).toEqual([]);
    expect(saved.length).toBe(data.length);
    expect(boxTypes(readBoxes(saved))).toEqual(['ftyp', 'mdat', 'free', blankedMovie]);
    const offset = chunkOffset(saved);
    expect(saved.subarray(offset, offset + PHONE_VIDEO_SAMPLE.length)).toEqual(PHONE_VIDEO_SAMPLE);
    // The freed boxes hold nothing but zeros.
    for (const free of readBoxes(saved).filter((b) => b.type === 'free'))
      expect(saved.subarray(free.start + 8, free.end).every((byte) => byte === 0)).toBe(true);
  });

  it("stores an action camera's MP4 without its GPS track, the video's data untouched", async () => {
    const data = phoneVideo('isom', { telemetry: true });
    const response = await uploadFile('GX010042.MP4', 'video/mp4', data);
    expect(response.statusCode, response.body).toBe(201);
    const saved = await stored(`media/${response.json<MediaDto>().id}/original.mp4`);

    expect(secretsIn(saved)).toEqual([]);
    for (const fix of TELEMETRY_SAMPLES) expect(saved.includes(fix)).toBe(false);
    expect(saved.length).toBe(data.length);
    const [, movie] = blankedMovie as [string, unknown[]];
    const [mvhd, trak, ...rest] = movie;
    expect(boxTypes(readBoxes(saved))).toEqual([
      'ftyp',
      ['moov', [mvhd, trak, 'free', ...rest]],
      'free',
      'mdat',
    ]);
    // The fixes are zeros where they were; the frame before them is as it came.
    const offset = chunkOffset(saved);
    const fixesAt = offset + PHONE_VIDEO_SAMPLE.length;
    const fixesEnd = fixesAt + TELEMETRY_SAMPLES.reduce((n, b) => n + b.length, 0);
    expect(saved.subarray(offset, fixesAt)).toEqual(PHONE_VIDEO_SAMPLE);
    expect(saved.subarray(fixesAt, fixesEnd).every((byte) => byte === 0)).toBe(true);
    expect(saved.subarray(fixesEnd)).toEqual(data.subarray(fixesEnd));
  });

  it('stores a camera AVI without its maker notes, owner, date or location', async () => {
    const data = cameraAvi();
    expect(secretsIn(data).length).toBeGreaterThan(4);
    const response = await uploadFile('DSCN0042.AVI', 'video/avi', data);
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaDto>();
    expect(media).toMatchObject({ kind: 'video', mime: 'video/x-msvideo' });
    const saved = await stored(`media/${media.id}/original.avi`);

    expect(secretsIn(saved)).toEqual([]);
    expect(saved.includes('SAT APR 12')).toBe(false);
    expect(saved.length).toBe(data.length);
    expect(readChunks(saved)).toEqual([
      [
        'RIFF AVI ',
        [
          ['LIST hdrl', ['avih', ['LIST strl', ['strh', 'strf', 'JUNK', 'JUNK']], 'JUNK']],
          'JUNK',
          'JUNK',
          'JUNK',
          ['LIST movi', []],
          'idx1',
        ],
      ],
    ]);
    // The frame is where the index says, as it came.
    expect(saved.includes(PHONE_VIDEO_SAMPLE)).toBe(true);
    expect(saved.indexOf(PHONE_VIDEO_SAMPLE)).toBe(data.indexOf(PHONE_VIDEO_SAMPLE));
  });

  it('refuses a video whose boxes do not fill the file: its metadata cannot be found', async () => {
    const head = videoBytes('isom', 4096);
    const cases = [
      // An AVI whose header list claims more than the file holds.
      aviBytes(600).subarray(0, 200),
      Buffer.concat([head, box('udta', Buffer.alloc(40)).subarray(0, 20)]),
      // Bytes after the last box.
      Buffer.concat([head, Buffer.from('trail')]),
      // No movie at all.
      Buffer.concat([head.subarray(0, 32), box('mdat', Buffer.alloc(5000))]),
    ];
    for (const data of cases)
      expectError(
        await uploadFile('clip.mp4', 'video/mp4', data),
        400,
        POST_MESSAGES.onlyPhotosVideos,
      );
  });

  it('accepts MOV and AVI by their bytes', async () => {
    const mov = await uploadFile('IMG_0002.MOV', 'application/octet-stream', videoBytes('qt  '));
    expect(mov.statusCode, mov.body).toBe(201);
    expect(mov.json<MediaDto>()).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
    expect(mov.json<MediaDto>().url).toMatch(/\/original\.mov$/);
    const avi = await uploadFile('old.avi', 'video/avi', aviBytes());
    expect(avi.statusCode, avi.body).toBe(201);
    expect(avi.json<MediaDto>()).toMatchObject({ kind: 'video', mime: 'video/x-msvideo' });
  });
});

describe('what is refused', () => {
  it('refuses a text file or a program called photo.jpg', async () => {
    const others = [
      Buffer.from('These are not the droids you are looking for.'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(8000, 0x90)]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
    ];
    for (const data of others) {
      expectError(
        await uploadFile('photo.jpg', 'image/jpeg', data),
        400,
        POST_MESSAGES.onlyPhotosVideos,
      );
    }
  });

  it('refuses an empty file, a broken photo and a request without a file', async () => {
    expectError(
      await uploadFile('photo.jpg', 'image/jpeg', Buffer.alloc(0)),
      400,
      POST_MESSAGES.onlyPhotosVideos,
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6000, 7)]);
    expectError(
      await uploadFile('photo.jpg', 'image/jpeg', broken),
      400,
      POST_MESSAGES.onlyPhotosVideos,
    );
    const photo = await phoneJpeg();
    expectError(
      await upload(
        multipart([{ field: 'image', filename: 'photo.jpg', type: 'image/jpeg', data: photo }]),
      ),
      400,
      POST_MESSAGES.onlyPhotosVideos,
    );
    expectError(
      await upload(Buffer.from(JSON.stringify({ file: 'photo.jpg' })), {
        contentType: 'application/json',
      }),
      400,
      POST_MESSAGES.onlyPhotosVideos,
    );
  });

  it('answers 400 to a body that is not well-formed multipart', async () => {
    const photo = await phoneJpeg();
    expectError(
      await upload(multipart([{ filename: 'photo.jpg', type: 'image/jpeg', data: photo }]), {
        contentType: 'multipart/form-data',
      }),
      400,
      MEDIA_MESSAGES.uploadIncomplete,
    );
    // The body stops in the middle of the file.
    const cut = Buffer.concat([partHead({ filename: 'photo.jpg', type: 'image/jpeg' }), photo]);
    expectError(await upload(cut), 400, MEDIA_MESSAGES.uploadIncomplete);
  });

  it('refuses a photo over 20 MB with 413', async () => {
    // A JPEG's first bytes, then more than 20 MB: refused as soon as it crosses the limit.
    const head = await solidImage(10, 10, 'jpeg');
    const big = Buffer.concat([head, Buffer.alloc(20 * 1024 * 1024 + 1 - head.length)]);
    expectError(await uploadFile('huge.jpg', 'image/jpeg', big), 413, MEDIA_MESSAGES.photoTooLarge);
  });

  it('refuses a video over 200 MB with 413, without holding it in memory', async () => {
    const total = 200 * 1024 * 1024 + 4096;
    const chunk = Buffer.alloc(1024 * 1024);
    async function* body() {
      yield partHead({ filename: 'long.mp4', type: 'video/mp4' });
      yield videoBytes('isom', 4096);
      for (let sent = 4096; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from('\r\n');
      yield TAIL;
    }
    expectError(await upload(Readable.from(body())), 413, MEDIA_MESSAGES.videoTooLarge);
  });

  it('stores nothing for a refused upload', async () => {
    const folder = path.join(t.dataDir, 'media', 'media');
    const files = () => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0);
    const rows = async () =>
      (
        await t.db.kysely
          .selectFrom('post_media')
          .select('id')
          .where('owner_id', '=', uploaderId)
          .execute()
      ).length;
    const [filesBefore, rowsBefore] = [files(), await rows()];
    await uploadFile('photo.jpg', 'image/jpeg', Buffer.from('plain text'));
    await uploadFile(
      'photo.jpg',
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6000, 7)]),
    );
    expect(files()).toBe(filesBefore);
    expect(await rows()).toBe(rowsBefore);
  });
});

describe('media rows', () => {
  it('lists the files of posts in post order, then in the order the author chose', async () => {
    const author = await buildUser(t.db, { verified: true, school_verified: true });
    const authorCookie = await loginAs(t.app, author);
    const uploads: MediaDto[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await uploadFile(
        `p${i}.png`,
        'image/png',
        await solidImage(30 + i, 30, 'png'),
        authorCookie,
      );
      uploads.push(response.json());
    }
    const video = (
      await uploadFile('v.mp4', 'video/mp4', videoBytes(), authorCookie)
    ).json<MediaDto>();
    const [first, second] = [await buildPost(t.db, author), await buildPost(t.db, author)].sort(
      (a, b) => (a.id < b.id ? -1 : 1),
    );
    const attach = (id: string, postId: string, position: number) =>
      t.db.kysely
        .updateTable('post_media')
        .set({ post_id: postId, position })
        .where('id', '=', id)
        .execute();
    await attach(uploads[0]!.id, second!.id, 1);
    await attach(uploads[1]!.id, second!.id, 0);
    await attach(uploads[2]!.id, first!.id, 0);
    await attach(video.id, first!.id, 1);

    const rows = await mediaRepository.listForPosts(t.db.kysely, [second!.id, first!.id]);
    expect(rows.map((r) => r.id)).toEqual([
      uploads[2]!.id,
      video.id,
      uploads[1]!.id,
      uploads[0]!.id,
    ]);
    expect(await mediaRepository.listForPosts(t.db.kysely, [])).toEqual([]);
    expect(rows.map((r) => presentMedia(r, t.app.deps.storage))).toEqual([
      uploads[2],
      video,
      uploads[1],
      uploads[0],
    ]);

    // Every file of every variant, ready for the store's delete.
    const keys = keysOfMedia(rows);
    expect(keys).toHaveLength(3 * 3 + 1);
    expect(keys).toContain(`media/${video.id}/original.mp4`);
    expect(keys).toContain(`media/${uploads[0]!.id}/thumb.webp`);
    await t.app.deps.storage.delete(keys);
    for (const key of keys) expect(await t.app.deps.storage.get(key)).toBeNull();
  });

  it('presents a row whose variants are unreadable by its main file', () => {
    const dto = presentMedia(
      {
        id: 'm1',
        kind: 'image',
        mime: 'image/webp',
        key: 'media/m1/original.webp',
        width: 10,
        height: 20,
        variants: 'not json',
      },
      t.app.deps.storage,
    );
    expect(dto).toMatchObject({
      url: '/uploads/media/m1/original.webp',
      thumbUrl: '/uploads/media/m1/original.webp',
      width: 10,
      height: 20,
    });
  });
});

describe('the sweep of abandoned uploads', () => {
  it('removes uploads no post took within a day, with their files, and keeps the rest', async () => {
    const upload = async () => {
      const res = await uploadFile('desk.jpg', 'image/jpeg', await phoneJpeg(120, 80));
      expect(res.statusCode, res.body).toBe(201);
      return rowOf(res.json<MediaDto>());
    };
    const [abandoned, fresh, used] = [await upload(), await upload(), await upload()];
    const day = 24 * 60 * 60 * 1000;
    const old = Date.now() - day - 60_000;
    await t.db.kysely
      .updateTable('post_media')
      .set({ created_at: old })
      .where('id', 'in', [abandoned.row.id, used.row.id])
      .execute();
    const author = await buildUser(t.db, { verified: true, school_verified: true });
    const post = await buildPost(t.db, author, { media_count: 1 });
    await t.db.kysely
      .updateTable('post_media')
      .set({ post_id: post.id })
      .where('id', '=', used.row.id)
      .execute();

    const media = createMediaService({ db: t.db, storage: t.app.deps.storage });
    expect(await media.sweepUnattached()).toBe(1);

    expect(await mediaRepository.find(t.db.kysely, abandoned.row.id)).toBeUndefined();
    for (const key of keysOfMedia([abandoned.row]))
      expect(await t.app.deps.storage.get(key), key).toBeNull();
    for (const kept of [fresh, used]) {
      expect(await mediaRepository.find(t.db.kysely, kept.row.id)).toBeDefined();
      for (const key of keysOfMedia([kept.row])) await stored(key);
    }
    expect(await media.sweepUnattached()).toBe(0);
  });
});
