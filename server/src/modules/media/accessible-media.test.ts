import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { LISTING_MESSAGES } from '@common/listings';
import { TEXT_MESSAGES } from '@common/schemas/fields';
import {
  ALT_TEXT_MAX_CHARS,
  MEDIA_ALT_MESSAGES,
  type MediaDto,
  type PostDto,
} from '@common/schemas/posts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { solidImage, videoBytes } from '../../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../../test/multipart';
import { type MediaVariants, mediaRepository } from './media.repository';
import { createMediaService } from './media.service';

/**
 * Accessible media (ADR 060, docs/product/posts-and-listings.md, Media): each
 * photo's description, and a video's poster frame and length.
 */

let t: TestContext;
let cookie: string;
let otherCookie: string;
const nextIp = addressSequence('198.19.60');

beforeAll(async () => {
  t = await createTestApp();
  const seller = await buildUser(t.db, { verified: true, school_verified: true });
  const other = await buildUser(t.db, { verified: true, school_verified: true });
  cookie = await loginAs(t.app, seller);
  otherCookie = await loginAs(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

// Uploads arrive in os.tmpdir(): a folder of our own.
beforeEach(() => {
  vi.stubEnv('TMPDIR', fs.mkdtempSync(path.join(t.dataDir, 'tmp-')));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const call = (options: Parameters<typeof api>[1]) =>
  api(t.app, { remoteAddress: nextIp(), ...options });

async function uploaded(filename: string, type: string, data: Buffer, as = cookie) {
  const response = await call({
    method: 'POST',
    url: '/api/uploads',
    payload: multipart([{ filename, type, data }]),
    headers: { 'content-type': MULTIPART_TYPE },
    cookie: as,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaDto>();
}

const photo = async () => uploaded('desk.png', 'image/png', await solidImage(60, 40, 'png'));
const video = (as = cookie) => uploaded('clip.mp4', 'video/mp4', videoBytes('isom', 20_000), as);

function sendPoster(
  mediaId: string,
  file: { filename: string; type: string; data: Buffer },
  { query = '', as = cookie }: { query?: string; as?: string | null } = {},
) {
  return call({
    method: 'POST',
    url: `/api/uploads/${mediaId}/poster${query}`,
    payload: multipart([file]),
    headers: { 'content-type': MULTIPART_TYPE },
    ...(as === null ? {} : { cookie: as }),
  });
}

const jpegPoster = async (width = 640, height = 360) => ({
  filename: 'poster.jpg',
  type: 'image/jpeg',
  data: await sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer(),
});

function createPost(body: Record<string, unknown>) {
  return call({ method: 'POST', url: '/api/posts', cookie, payload: body });
}

function expectError(
  response: { statusCode: number; body: string },
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect((JSON.parse(response.body) as { error: { message: string } }).error.message).toBe(message);
}

async function exists(key: string): Promise<boolean> {
  const stream = await t.app.deps.storage.get(key);
  if (!stream) return false;
  try {
    await buffer(stream);
    return true;
  } catch (error) {
    // Found, then deleted before it was read: a deletion after a commit is under way.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

describe("a photo's description", () => {
  it('is stored with the post and returned, trimmed; an empty one is ""', async () => {
    const [first, second] = [await photo(), await photo()];
    expect(first.alt).toBe('');
    const response = await createPost({
      text: 'Walnut desk\nBarely used',
      mediaIds: [first.id, second.id],
      mediaAlt: [{ id: first.id, alt: '  Walnut desk with two drawers, seen from the front ' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json<PostDto>();
    expect(post.media.map((m) => m.alt)).toEqual([
      'Walnut desk with two drawers, seen from the front',
      '',
    ]);
    const read = await call({ method: 'GET', url: `/api/posts/${post.id}`, cookie: otherCookie });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ post: PostDto }>().post.media[0]!.alt).toBe(
      'Walnut desk with two drawers, seen from the front',
    );
    const feed = await call({ method: 'GET', url: '/api/feed', cookie: otherCookie });
    const inFeed = feed.json<{ items: PostDto[] }>().items.find((p) => p.id === post.id);
    expect(inFeed?.media[0]?.alt).toBe('Walnut desk with two drawers, seen from the front');
  });

  it(`takes up to ${ALT_TEXT_MAX_CHARS} characters, counted as a reader sees them`, async () => {
    const media = await photo();
    // 250 emoji are 500 UTF-16 units, and still 250 characters.
    const longest = '📷'.repeat(ALT_TEXT_MAX_CHARS);
    const ok = await createPost({
      text: 'Camera',
      mediaIds: [media.id],
      mediaAlt: [{ id: media.id, alt: longest }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<PostDto>().media[0]!.alt).toBe(longest);

    const next = await photo();
    expectError(
      await createPost({
        text: 'Camera',
        mediaIds: [next.id],
        mediaAlt: [{ id: next.id, alt: 'a'.repeat(ALT_TEXT_MAX_CHARS + 1) }],
      }),
      400,
      'Photo descriptions can be up to 250 characters.',
    );
    // Refused whole: the photo is still free for the next try.
    expect((await mediaRepository.find(t.db.kysely, next.id))?.post_id).toBeNull();
  });

  it('refuses control characters with the words of every text field', async () => {
    const media = await photo();
    for (const alt of ['Desk\u0000', 'Desk \u001b[31mred', 'Two\nlines'])
      expectError(
        await createPost({ text: 'Desk', mediaIds: [media.id], mediaAlt: [{ id: media.id, alt }] }),
        400,
        TEXT_MESSAGES.controlCharacters,
      );
  });

  it("ignores a description of a file that is not the post's", async () => {
    const [mine, theirs] = [
      await photo(),
      await uploaded('x.png', 'image/png', await solidImage(10, 10, 'png'), otherCookie),
    ];
    const response = await createPost({
      text: 'Lamp',
      mediaIds: [mine.id],
      mediaAlt: [{ id: theirs.id, alt: 'Not yours to describe' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await mediaRepository.find(t.db.kysely, theirs.id))?.alt).toBe('');
  });

  it("is changed by the seller when editing, without touching the listing's lifetime", async () => {
    const media = await photo();
    const created = (
      await createPost({ text: 'Bike', price: 80, mediaIds: [media.id] })
    ).json<PostDto>();
    const before = await t.db.kysely
      .selectFrom('posts')
      .select(['expires_at', 'price'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const edit = (payload: Record<string, unknown>, as = cookie) =>
      call({ method: 'PATCH', url: `/api/posts/${created.id}`, cookie: as, payload });

    const changed = await edit({
      mediaAlt: [{ id: media.id, alt: 'Blue road bike, 54 cm frame' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<PostDto>().media[0]!.alt).toBe('Blue road bike, 54 cm frame');
    const after = await t.db.kysely
      .selectFrom('posts')
      .select(['expires_at', 'price'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    // With a price change in the same edit, both happen.
    const both = await edit({ price: 70, mediaAlt: [{ id: media.id, alt: '' }] });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<PostDto>()).toMatchObject({ price: 70, media: [{ alt: '' }] });

    expectError(
      await edit({ mediaAlt: [{ id: media.id, alt: 'x'.repeat(251) }] }),
      400,
      MEDIA_ALT_MESSAGES.altTooLong,
    );
    // Another student cannot describe the seller's photos.
    expectError(
      await edit({ mediaAlt: [{ id: media.id, alt: 'Stolen bike' }] }, otherCookie),
      403,
      LISTING_MESSAGES.onlySeller,
    );
    expect((await mediaRepository.find(t.db.kysely, media.id))?.alt).toBe('');
  });
});

describe('describing photos after posting', () => {
  it("is open to a plain post's author, leaving it a plain post, and not to a comment", async () => {
    const media = await photo();
    const created = (await createPost({ text: 'Free lamp', mediaIds: [media.id] })).json<PostDto>();
    expect(created.price).toBeNull();
    const described = await call({
      method: 'PATCH',
      url: `/api/posts/${created.id}`,
      cookie,
      payload: { mediaAlt: [{ id: media.id, alt: 'Brass desk lamp with a green shade' }] },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json<PostDto>()).toMatchObject({
      price: null,
      expiresAt: null,
      status: 'available',
      media: [{ id: media.id, alt: 'Brass desk lamp with a green shade' }],
    });
    const row = await t.db.kysely
      .selectFrom('posts')
      .select(['price', 'expires_at', 'ask_sold_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: null, expires_at: null, ask_sold_at: null });

    // A comment's photos are described when it is posted, not after (ADR 060).
    const commentPhoto = await photo();
    const comment = (
      await createPost({ text: 'Mine too', parentId: created.id, mediaIds: [commentPhoto.id] })
    ).json<PostDto>();
    expectError(
      await call({
        method: 'PATCH',
        url: `/api/posts/${comment.id}`,
        cookie,
        payload: { mediaAlt: [{ id: commentPhoto.id, alt: 'A second lamp' }] },
      }),
      400,
      LISTING_MESSAGES.notOnComments,
    );
    expect((await mediaRepository.find(t.db.kysely, commentPhoto.id))?.alt).toBe('');
  });
});

describe("a video's poster frame", () => {
  it('is re-encoded beside the video, sizes its box and brings its length', async () => {
    const clip = await video();
    expect(clip).toMatchObject({ posterUrl: null, durationMs: null, width: 0, height: 0 });
    const response = await sendPoster(clip.id, await jpegPoster(1920, 1080), {
      query: '?durationMs=42000',
    });
    expect(response.statusCode, response.body).toBe(200);
    const media = response.json<MediaDto>();
    expect(media).toMatchObject({
      id: clip.id,
      kind: 'video',
      url: clip.url,
      posterUrl: `/uploads/media/${clip.id}/poster.webp`,
      thumbUrl: `/uploads/media/${clip.id}/poster-thumb.webp`,
      // The feed size: 1080 px on its long side, as photos are.
      width: 1080,
      height: 608,
      durationMs: 42_000,
      alt: '',
    });
    const stored = await t.app.deps.storage.get(`media/${clip.id}/poster.webp`);
    const meta = await sharp(await buffer(stored!)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1080, height: 608 });
    expect(meta.exif).toBeUndefined();

    // The post shows it.
    const post = (
      await createPost({ text: 'Skateboard demo', mediaIds: [clip.id] })
    ).json<PostDto>();
    expect(post.media[0]).toMatchObject({
      posterUrl: media.posterUrl,
      durationMs: 42_000,
      width: 1080,
    });
  });

  it('refuses what is not a photo, and a length out of range', async () => {
    const clip = await video();
    expectError(
      await sendPoster(clip.id, {
        filename: 'poster.jpg',
        type: 'image/jpeg',
        data: Buffer.from('not an image at all, just words'),
      }),
      400,
      'A poster frame must be a JPEG, PNG or WebP image.',
    );
    expectError(
      await sendPoster(clip.id, {
        filename: 'poster.mp4',
        type: 'video/mp4',
        data: videoBytes('isom', 4000),
      }),
      400,
      MEDIA_ALT_MESSAGES.posterNotImage,
    );
    for (const query of [
      '?durationMs=0',
      '?durationMs=-5',
      '?durationMs=14400001',
      '?durationMs=1.5',
    ])
      expect((await sendPoster(clip.id, await jpegPoster(), { query })).statusCode).toBe(400);
    const row = await mediaRepository.find(t.db.kysely, clip.id);
    expect(JSON.parse(row!.variants) as MediaVariants).not.toHaveProperty('poster');
    expect(await exists(`media/${clip.id}/poster.webp`)).toBe(false);
  });

  it("is only for the uploader's own video that is not posted yet", async () => {
    const clip = await video();
    const notFound = MEDIA_ALT_MESSAGES.notAVideo;
    // Another student's, a guest, a photo, a posted video, an unknown id.
    expectError(await sendPoster(clip.id, await jpegPoster(), { as: otherCookie }), 404, notFound);
    expect((await sendPoster(clip.id, await jpegPoster(), { as: null })).statusCode).toBe(401);
    const still = await photo();
    expectError(await sendPoster(still.id, await jpegPoster()), 404, notFound);
    await createPost({ text: 'Posted', mediaIds: [clip.id] });
    expectError(await sendPoster(clip.id, await jpegPoster()), 404, notFound);
    expectError(
      await sendPoster('0190aaaa-0000-7000-8000-000000000000', await jpegPoster()),
      404,
      notFound,
    );
  });

  it('is deleted with the video, and the orphan sweep keeps it while the video lives', async () => {
    const clip = await video();
    expect((await sendPoster(clip.id, await jpegPoster())).statusCode).toBe(200);
    const keys = [`media/${clip.id}/poster.webp`, `media/${clip.id}/poster-thumb.webp`];
    // Long after: the sweep of files without a row takes none of the video's.
    const later = createMediaService({
      db: t.db,
      storage: t.app.deps.storage,
      now: () => Date.now() + 2 * 60 * 60 * 1000,
    });
    await later.sweepOrphanFiles();
    for (const key of keys) expect(await exists(key), key).toBe(true);

    const post = (await createPost({ text: 'Going', mediaIds: [clip.id] })).json<PostDto>();
    const deleted = await call({ method: 'DELETE', url: `/api/posts/${post.id}`, cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Files go once the delete committed: wait for them a moment.
    const all = [...keys, `media/${clip.id}/original.mp4`];
    for (let waited = 0; waited < 2000; waited += 50) {
      const left = await Promise.all(all.map(exists));
      if (!left.some(Boolean)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const key of all) expect(await exists(key), key).toBe(false);
  });

  it('goes with an upload no post took, in the sweep of unattached files', async () => {
    const clip = await video();
    expect((await sendPoster(clip.id, await jpegPoster())).statusCode).toBe(200);
    const later = createMediaService({
      db: t.db,
      storage: t.app.deps.storage,
      now: () => Date.now() + 25 * 60 * 60 * 1000,
    });
    expect(await later.sweepUnattached()).toBeGreaterThanOrEqual(1);
    expect(await exists(`media/${clip.id}/poster.webp`)).toBe(false);
    expect(await exists(`media/${clip.id}/poster-thumb.webp`)).toBe(false);
  });
});
