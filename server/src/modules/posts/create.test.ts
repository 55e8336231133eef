import { AUTH_MESSAGES } from '@common/messages';
import { CATEGORIES } from '@common/categories';
import { POST_MAX_CHARS } from '@common/limits';
import {
  MAX_FILES_PER_POST,
  type MediaDto,
  POST_MESSAGES,
  type PostDto,
} from '@common/schemas/posts';
import { countPostCharacters } from '@common/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, loginAs, userWithSession } from '../../../test/auth';
import { buildUser } from '../../../test/factories';
import { solidImage } from '../../../test/media-fixtures';

/** POST /api/posts (docs/product/posts-and-listings.md, Posts and comments). */

let t: TestContext;
const nextIp = addressSequence();

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const poster = (campus = 'ou') =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: campus });

function createPost(cookie: string | undefined, payload: object, campus = 'ou') {
  return api(t.app, {
    method: 'POST',
    url: '/api/posts',
    payload,
    cookie,
    campus,
    remoteAddress: nextIp(),
  });
}

function expectError(
  response: Awaited<ReturnType<typeof createPost>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
}

const BOUNDARY = '----quad-posts-test-boundary';
async function upload(cookie: string, colour: string): Promise<MediaDto> {
  const png = await solidImage(40, 30, 'png', colour);
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await api(t.app, {
    method: 'POST',
    url: '/api/uploads',
    payload,
    cookie,
    remoteAddress: nextIp(),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function totalPosts(userId: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('users')
    .select('total_posts')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total_posts);
}

describe('who may post', () => {
  it('asks a guest to sign in', async () => {
    expectError(await createPost(undefined, { text: 'Hello' }), 401, AUTH_MESSAGES.signInRequired);
  });

  it('asks an unverified user to verify their account', async () => {
    const user = await buildUser(t.db);
    expectError(
      await createPost(await loginAs(t.app, user), { text: 'Hello' }),
      403,
      AUTH_MESSAGES.verifyRequired,
    );
  });

  it('asks a user without a verified school e-mail to verify it', async () => {
    const user = await buildUser(t.db, { verified: true });
    expectError(
      await createPost(await loginAs(t.app, user), { text: 'Hello' }),
      403,
      AUTH_MESSAGES.schoolVerifyRequired,
    );
  });

  it('refuses a post on another campus', async () => {
    const { cookie } = await poster('ut');
    expectError(
      await createPost(cookie, { text: 'Hello Sooners' }, 'ou'),
      403,
      POST_MESSAGES.ownCampusOnly,
    );
  });

  it('lets a school-verified student post on their campus, shown as "First L."', async () => {
    const user = await buildUser(t.db, {
      verified: true,
      school_verified: true,
      campus_id: 'ut',
      first_name: 'Dana',
      last_name: 'doe',
    });
    const response = await createPost(
      await loginAs(t.app, user),
      { text: '  Desk lamp, $5  ' },
      'ut',
    );
    expect(response.statusCode, response.body).toBe(201);
    const post: PostDto = response.json();
    expect(post).toMatchObject({
      campusId: 'ut',
      parentId: null,
      rootId: null,
      depth: 0,
      text: 'Desk lamp, $5',
      category: null,
      media: [],
      likeCount: 0,
      commentCount: 0,
      liked: false,
      author: {
        id: user.id,
        username: user.username,
        firstName: 'Dana',
        lastInitial: 'D.',
        verified: true,
      },
    });
    expect(post.createdAt).toBe(post.updatedAt);
  });
});

describe('the 500-character limit (2 per line break)', () => {
  it('accepts exactly 500 characters', async () => {
    const { cookie } = await poster();
    const text = 'a'.repeat(POST_MAX_CHARS);
    const response = await createPost(cookie, { text });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().text).toBe(text);
  });

  it('refuses 501 characters', async () => {
    const { cookie } = await poster();
    expectError(
      await createPost(cookie, { text: 'a'.repeat(501) }),
      400,
      POST_MESSAGES.tooManyCharacters,
    );
  });

  it('counts a line break as two: 499 characters and one break are 501', async () => {
    const { cookie } = await poster();
    const text = `${'a'.repeat(250)}\n${'b'.repeat(249)}`;
    expect(countPostCharacters(text)).toBe(501);
    expectError(await createPost(cookie, { text }), 400, POST_MESSAGES.tooManyCharacters);
    const fits = `${'a'.repeat(250)}\n${'b'.repeat(248)}`;
    expect(countPostCharacters(fits)).toBe(500);
    expect((await createPost(cookie, { text: fits })).statusCode).toBe(201);
  });

  it('counts an emoji as one character', async () => {
    const { cookie } = await poster();
    expect((await createPost(cookie, { text: '🙂'.repeat(500) })).statusCode).toBe(201);
    expectError(
      await createPost(cookie, { text: '🙂'.repeat(501) }),
      400,
      POST_MESSAGES.tooManyCharacters,
    );
  });
});

describe('what a post needs', () => {
  it('needs text or a file', async () => {
    const { cookie } = await poster();
    expectError(await createPost(cookie, { text: '' }), 400, POST_MESSAGES.needTextOrFile);
    expectError(await createPost(cookie, { text: ' \n  ' }), 400, POST_MESSAGES.needTextOrFile);
    expectError(await createPost(cookie, {}), 400, POST_MESSAGES.needTextOrFile);
  });

  it(`allows at most ${MAX_FILES_PER_POST} files`, async () => {
    const { cookie } = await poster();
    const mediaIds = Array.from({ length: MAX_FILES_PER_POST + 1 }, (_, i) => `m${i}`);
    expectError(
      await createPost(cookie, { text: 'Lots of photos', mediaIds }),
      400,
      POST_MESSAGES.tooManyFiles,
    );
  });

  it('keeps a category of the list on a top-level post', async () => {
    const { cookie } = await poster();
    for (const category of CATEGORIES.slice(0, 3)) {
      const response = await createPost(cookie, { text: `For ${category}`, category });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().category).toBe(category);
    }
  });

  it('refuses a category that is not in the list', async () => {
    const { cookie } = await poster();
    const response = await createPost(cookie, { text: 'Hello', category: 'not-a-category' });
    expect(response.statusCode).toBe(400);
  });

  it('does not give a reply a category', async () => {
    const { cookie } = await poster();
    const parent: PostDto = (
      await createPost(cookie, { text: 'Parent', category: CATEGORIES[0] })
    ).json();
    const reply = await createPost(cookie, {
      text: 'Reply',
      parentId: parent.id,
      category: CATEGORIES[0],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().category).toBeNull();
  });

  it('answers 404 for a reply to a missing post', async () => {
    const { cookie } = await poster();
    expectError(
      await createPost(cookie, { text: 'Reply', parentId: 'nope' }),
      404,
      POST_MESSAGES.postDeletedMissing,
    );
  });
});

describe('files', () => {
  it('attaches uploaded photos in the order chosen, and a post of photos only needs no text', async () => {
    const { cookie } = await poster();
    const red = await upload(cookie, '#ff0000');
    const green = await upload(cookie, '#00ff00');
    const blue = await upload(cookie, '#0000ff');
    const response = await createPost(cookie, { text: '', mediaIds: [blue.id, red.id, green.id] });
    expect(response.statusCode, response.body).toBe(201);
    const post: PostDto = response.json();
    expect(post.media.map((m) => m.id)).toEqual([blue.id, red.id, green.id]);
    expect(post.media[0]).toMatchObject({
      kind: 'image',
      width: blue.width,
      height: blue.height,
      url: blue.url,
    });

    const page = await api(t.app, { method: 'GET', url: `/api/posts/${post.id}`, cookie });
    expect(page.json().post.media.map((m: MediaDto) => m.id)).toEqual([blue.id, red.id, green.id]);
    const media = await api(t.app, { method: 'GET', url: '/api/media', cookie });
    expect(media.json().items.map((p: PostDto) => p.id)).toContain(post.id);
  });

  it("refuses another user's file, and a file already used", async () => {
    const owner = await poster();
    const other = await poster();
    const photo = await upload(owner.cookie, '#123456');
    const stolen = await createPost(other.cookie, { text: 'Mine now', mediaIds: [photo.id] });
    expect(stolen.statusCode).toBe(400);
    expect(await totalPosts(other.user.id)).toBe(0);

    expect(
      (await createPost(owner.cookie, { text: 'Mine', mediaIds: [photo.id] })).statusCode,
    ).toBe(201);
    expect(
      (await createPost(owner.cookie, { text: 'Again', mediaIds: [photo.id] })).statusCode,
    ).toBe(400);
  });
});

describe('total posts', () => {
  it('counts top-level posts only', async () => {
    const { user, cookie } = await poster();
    const first: PostDto = (await createPost(cookie, { text: 'One' })).json();
    await createPost(cookie, { text: 'Two' });
    expect(await totalPosts(user.id)).toBe(2);
    const reply = await createPost(cookie, { text: 'A reply', parentId: first.id });
    expect(reply.statusCode).toBe(201);
    expect(await totalPosts(user.id)).toBe(2);
  });
});
