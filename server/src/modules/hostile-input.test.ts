import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { AUTH_MESSAGES } from '@common/messages';
import { TEXT_MESSAGES } from '@common/schemas/fields';
import { POST_MESSAGES } from '@common/schemas/posts';
import { PROFILE_MESSAGES } from '@common/schemas/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { addressSequence, api, userWithSession } from '../../test/auth';
import { expectError } from '../../test/expect';
import { buildPost } from '../../test/factories';
import { multipart, MULTIPART_TYPE } from '../../test/multipart';
import { MEDIA_MESSAGES } from './media/media.service';

// What the route fuzzer (fuzz.test.ts) found, each pinned with its message.
let t: TestContext;
const nextIp = addressSequence('198.18.7');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let students = 0;
const student = () =>
  userWithSession(t.app, {
    verified: true,
    school_verified: true,
    school_email: `jo-${++students}@ou.edu`,
  });
const call = (options: Parameters<typeof api>[1]) =>
  api(t.app, { remoteAddress: nextIp(), ...options });

describe('text with control characters is refused, not a 500 on PostgreSQL', () => {
  it('a NUL byte in a sign-in e-mail', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'jo\u0000@ou.edu', password: 'whatever-it-is' },
    });
    expectError(res, 400, TEXT_MESSAGES.controlCharacters);
  });

  it('a NUL byte in a post, while tabs and new lines stay allowed', async () => {
    const { cookie } = await student();
    const post = (text: string) =>
      call({ method: 'POST', url: '/api/posts', cookie, payload: { text } });
    expectError(await post('Mini fridge\u0000'), 400, TEXT_MESSAGES.controlCharacters);
    expectError(await post('Desk \u001b[31mlamp'), 400, TEXT_MESSAGES.controlCharacters);
    expect((await post('Desk lamp\n\twith bulb')).statusCode).toBe(201);
  });

  it('a NUL byte in an id of a path', async () => {
    const { cookie } = await student();
    const res = await call({ method: 'GET', url: '/api/chats/abc%00def', cookie });
    expectError(res, 400, TEXT_MESSAGES.controlCharacters);
  });
});

describe('invisible-only text counts as empty', () => {
  it('a post of zero-width spaces is "Write something or add a photo."', async () => {
    const { cookie } = await student();
    const res = await call({
      method: 'POST',
      url: '/api/posts',
      cookie,
      payload: { text: '\u200B\u200B\u2060\uFEFF' },
    });
    expectError(res, 400, POST_MESSAGES.needTextOrFile);
  });

  it('a display name of zero-width spaces is "Name is required."', async () => {
    const { cookie } = await student();
    const res = await call({
      method: 'PATCH',
      url: '/api/me',
      cookie,
      payload: { firstName: '\u200B\u200B' },
    });
    expectError(res, 400, PROFILE_MESSAGES.nameRequired);
  });

  it('a registration name of invisible words is "Name is required."', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: '\u200B \u200C',
        email: 'new@ou.edu',
        password: 'a-long-passphrase',
        terms: true,
      },
    });
    expectError(res, 400, AUTH_MESSAGES.nameRequired);
  });
});

describe('crafted cursors are foreign cursors', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['a huge time', { updatedAt: 1e308, id: 'x' }],
    ['a time past 2^53', { updatedAt: 2 ** 63, id: 'x' }],
    ['a fractional time', { updatedAt: 1.5, id: 'x' }],
    ['a NUL in the id', { updatedAt: 1, id: 'a\u0000' }],
    ['a score of the wrong type', { updatedAt: 1, id: 'x', score: 'high' }],
    ['the wrong shape', [1, 'x']],
  ])('the feed answers 400 for %s', async (_name, value) => {
    const { cookie } = await student();
    await buildPost(t.db, (await student()).user);
    const res = await call({ method: 'GET', url: `/api/feed?cursor=${b64(value)}`, cookie });
    expectError(res, 400, 'This list has changed. Please reload.');
  });

  it('chats answer 400 for a keyset with a huge time', async () => {
    const { cookie } = await student();
    const res = await call({
      method: 'GET',
      url: `/api/chats?cursor=${b64([1e308, 'x'])}`,
      cookie,
    });
    expectError(res, 400, 'This list has changed. Please reload.');
  });
});

/** A valid PNG header declaring `width` × `height` with almost no pixel data behind it. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploads', () => {
  const bomb = declaredPng(16_000, 16_000);

  it('a tiny PNG declaring 16,000 × 16,000 pixels is refused before decoding, nothing stored', async () => {
    expect(bomb.length).toBeLessThan(2048);
    const { cookie } = await student();
    const res = await call({
      method: 'POST',
      url: '/api/uploads',
      cookie,
      headers: { 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'bomb.png', type: 'image/png', data: bomb }]),
    });
    expectError(res, 400, POST_MESSAGES.onlyPhotosVideos);
    expect(await t.db.kysely.selectFrom('post_media').selectAll().execute()).toEqual([]);
    const media = path.join(t.dataDir, 'media');
    expect(fs.existsSync(media) ? fs.readdirSync(media, { recursive: true }) : []).toEqual([]);
  });

  it('the same bomb as a profile photo is "Only photos are allowed!"', async () => {
    const { cookie, user } = await student();
    const res = await call({
      method: 'PUT',
      url: '/api/me/avatar',
      cookie,
      headers: { 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'bomb.png', type: 'image/png', data: bomb }]),
    });
    expectError(res, 400, PROFILE_MESSAGES.onlyPhotos);
    const row = await t.db.kysely
      .selectFrom('users')
      .select('avatar_key')
      .where('id', '=', user.id);
    expect((await row.executeTakeFirstOrThrow()).avatar_key).toBeNull();
  });

  it('a profile photo body without a multipart boundary is a 400, not a 500', async () => {
    const { cookie } = await student();
    const res = await call({
      method: 'PUT',
      url: '/api/me/avatar',
      cookie,
      headers: { 'content-type': 'multipart/form-data' },
      payload: multipart([{ filename: 'a.png', type: 'image/png', data: Buffer.from('x') }]),
    });
    expectError(res, 400, MEDIA_MESSAGES.uploadIncomplete);
  });
});
