import { PAGE_SIZES } from '@common/limits';
import { TEXT_MESSAGES } from '@common/schemas/fields';
import { PROFILE_MESSAGES as M, type ProfileDto } from '@common/schemas/profiles';
import { type PostList, type ProfilePostList, profilePostListSchema } from '@common/schemas/posts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type QueryCounter, type TestContext } from '../../../test/app';
import { api, callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';
import { animatedGif, phoneJpeg, solidImage } from '../../../test/media-fixtures';
import { multipart, MULTIPART_TYPE } from '../../../test/multipart';

/** Profiles and profile edit (docs/product/profiles-and-payments.md). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.40');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

const profileOf = async (who: Student | null, username: string) =>
  call(who, 'GET', `/api/users/${encodeURIComponent(username)}`);

let clock = Date.now() - 10_000_000;
const at = () => (clock += 1000);

describe('a profile', () => {
  it('shows the student as others see them: "Jane D.", bio, campus, member since, listings', async () => {
    const jane = await student({ first_name: 'Jane', last_name: 'Doe', bio: 'Selling my dorm' });
    const viewer = await student();
    await call(jane, 'POST', '/api/posts', { text: 'Lamp' });
    const res = await profileOf(viewer, jane.user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    const profile: ProfileDto = res.json();
    expect(profile).toMatchObject({
      id: jane.user.id,
      username: jane.user.username,
      firstName: 'Jane',
      lastInitial: 'D.',
      bio: 'Selling my dorm',
      campusId: 'ou',
      postCount: 1,
      verified: true,
    });
    expect(JSON.stringify(profile)).not.toContain('Doe');
    expect(JSON.stringify(profile)).not.toContain(jane.user.email);
  });

  it('answers 404 "This page doesn\'t exist." for nobody and for another campus\'s student', async () => {
    const viewer = await student();
    const other = await student({ campus_id: 'ut' });
    for (const name of ['nobody-here', other.user.username]) {
      const res = await profileOf(viewer, name);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(M.notFoundTitle);
    }
  });

  it('is for members of the campus: a guest 401, another campus 403', async () => {
    const jane = await student();
    expect((await profileOf(null, jane.user.username)).statusCode).toBe(401);
    const outsider = await student({ campus_id: 'ut' });
    expect((await profileOf(outsider, jane.user.username)).statusCode).toBe(403);
  });
});

describe('profile tabs', () => {
  const tab = async (who: Student, username: string, show: string, cursor?: string) => {
    const query = `tab=${show}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call(who, 'GET', `/api/users/${username}/posts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PostList;
  };

  it('lists posts, photos, saves and replies, 10 a page, newest first', async () => {
    const sam = await student();
    const viewer = await student();
    const other = await student();
    const posts = [];
    for (let i = 0; i < 12; i++) {
      const time = at();
      posts.push(
        await buildPost(t.db, sam.user, {
          text: `Item ${i}`,
          media_count: i % 4 === 0 ? 1 : 0,
          created_at: time,
          updated_at: time,
        }),
      );
    }
    const theirs = await buildPost(t.db, other.user, { text: 'Desk' });
    const reply = await buildPost(t.db, sam.user, {
      text: 'Still there?',
      parent_id: theirs.id,
      root_id: theirs.id,
      depth: 1,
    });
    await call(sam, 'PUT', `/api/posts/${theirs.id}/like`);
    await call(viewer, 'PUT', `/api/posts/${posts[11]!.id}/like`);

    const first = await tab(viewer, sam.user.username, 'posts');
    expect(first.items).toHaveLength(PAGE_SIZES.profileTab);
    expect(first.items[0]).toMatchObject({ id: posts[11]!.id, liked: true });
    const second = await tab(viewer, sam.user.username, 'posts', first.nextCursor!);
    expect(second.items.map((p) => p.text)).toEqual(['Item 1', 'Item 0']);
    expect(second.nextCursor).toBeNull();

    const photos = await tab(viewer, sam.user.username, 'photos');
    expect(photos.items.map((p) => p.text)).toEqual(['Item 8', 'Item 4', 'Item 0']);
    const likes = await tab(viewer, sam.user.username, 'likes');
    expect(likes.items.map((p) => p.id)).toEqual([theirs.id]);
    const replies = await tab(viewer, sam.user.username, 'replies');
    expect(replies.items.map((p) => p.id)).toEqual([reply.id]);
    expect((await tab(viewer, other.user.username, 'replies')).items).toEqual([]);
  });

  it('nests every reply below each post on the posts tab, oldest first, at any depth; a reply shows what it answers', async () => {
    const sam = await student();
    const viewer = await student();
    const post = async (who: Student, text: string, parentId?: string) => {
      const res = await call(who, 'POST', '/api/posts', {
        text,
        ...(parentId ? { parentId } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const lamp = await post(sam, 'Desk lamp');
    const bike = await post(sam, 'Blue bike');
    const ask = await post(viewer, 'Still there?', lamp.id);
    const answer = await post(sam, 'Yes, until Friday', ask.id);
    await post(viewer, 'Thanks!', answer.id);
    const offer = await post(viewer, 'Would you take $10?', lamp.id);
    const bikeAsk = await post(viewer, 'What size?', bike.id);
    await call(viewer, 'PUT', `/api/posts/${answer.id}/like`);

    const posts = profilePostListSchema.parse(await tab(viewer, sam.user.username, 'posts'));
    const shape = (nodes: ProfilePostList['items'][number]['replies']): unknown =>
      nodes.map((n) => ({ text: n.text, replies: shape(n.replies) }));
    const lampItem = posts.items.find((p) => p.id === lamp.id)!;
    expect(lampItem.replyTo).toBeNull();
    expect(shape(lampItem.replies)).toEqual([
      {
        text: 'Still there?',
        replies: [{ text: 'Yes, until Friday', replies: [{ text: 'Thanks!', replies: [] }] }],
      },
      { text: 'Would you take $10?', replies: [] },
    ]);
    // The viewer's saves are filled in below the posts too.
    const nestedAnswer = lampItem.replies[0]!.replies[0]!;
    expect(nestedAnswer).toMatchObject({ id: answer.id, liked: true, author: { id: sam.user.id } });
    expect(lampItem.replies[1]).toMatchObject({ id: offer.id, liked: false });
    const bikeItem = posts.items.find((p) => p.id === bike.id)!;
    expect(bikeItem.replies.map((r) => r.id)).toEqual([bikeAsk.id]);
    // The replies stay below their posts: the tab lists sam's two posts only.
    expect(posts.items.map((p) => p.id).sort()).toEqual([lamp.id, bike.id].sort());

    // Sam's reply, in the context of the comment it answers.
    const replies = profilePostListSchema.parse(await tab(viewer, sam.user.username, 'replies'));
    expect(replies.items).toHaveLength(1);
    expect(replies.items[0]).toMatchObject({
      id: answer.id,
      liked: true,
      replyTo: { id: ask.id, text: 'Still there?', author: { id: viewer.user.id } },
      replies: [],
    });
    const theirs = profilePostListSchema.parse(await tab(sam, viewer.user.username, 'replies'));
    expect(Object.fromEntries(theirs.items.map((r) => [r.text, r.replyTo?.text ?? null]))).toEqual({
      'Still there?': 'Desk lamp',
      'Thanks!': 'Yes, until Friday',
      'Would you take $10?': 'Desk lamp',
      'What size?': 'Blue bike',
    });
  });

  it('refuses an unknown tab and a cursor it did not make', async () => {
    const sam = await student();
    const bad = await call(sam, 'GET', `/api/users/${sam.user.username}/posts?tab=secret`);
    expect(bad.statusCode).toBe(400);
    const cursor = await call(sam, 'GET', `/api/users/${sam.user.username}/posts?cursor=eHg`);
    expect(cursor.statusCode).toBe(400);
  });
});

describe('profile tabs in a fixed number of statements', () => {
  const queries: QueryCounter = { count: 0 };
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestApp({ queries });
  });
  afterAll(() => c.close());

  it('reads a page of posts with their threads, or of replies with what they answer, in as many statements for 1 post as for 10', async () => {
    const ask = callerOn(c.app, 'ou', '198.44');
    const make = () =>
      userWithSession(c.app, { verified: true, school_verified: true, campus_id: 'ou' });
    const [quiet, busy, viewer] = [await make(), await make(), await make()];
    const post = async (who: Student, text: string, parentId?: string) => {
      const res = await ask(who, 'POST', '/api/posts', { text, ...(parentId ? { parentId } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const lone = await post(quiet, 'One lamp');
    await post(quiet, 'A question', lone);
    for (let i = 0; i < 10; i++) {
      const id = await post(busy, `Item ${i}`);
      const comment = await post(viewer, `Question ${i}`, id);
      await post(busy, `Answer ${i}`, comment);
      await post(viewer, `Thanks ${i}`, comment);
    }
    const statements = async (who: Student, show: string) => {
      const url = `/api/users/${who.user.username}/posts?tab=${show}`;
      // The session and the viewer's blocks (for what they may do), read and cached before counting.
      await ask(viewer, 'GET', '/api/me');
      await ask(viewer, 'GET', url);
      const before = queries.count;
      const res = await ask(viewer, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return { count: queries.count - before, items: (res.json() as ProfilePostList).items };
    };
    const few = await statements(quiet, 'posts');
    const many = await statements(busy, 'posts');
    expect(few.items).toHaveLength(1);
    expect(many.items).toHaveLength(10);
    expect(many.items.every((p) => p.replies[0]!.replies.length === 2)).toBe(true);
    expect(many.count).toBe(few.count);

    const oneReply = await statements(quiet, 'replies');
    expect(oneReply.items.map((r) => r.replyTo?.text)).toEqual(['One lamp']);
    const tenReplies = await statements(busy, 'replies');
    expect(tenReplies.items).toHaveLength(10);
    expect(tenReplies.items.every((r) => r.replyTo?.text.startsWith('Question'))).toBe(true);
    expect(tenReplies.count).toBe(oneReply.count);
  });
});

describe('editing one’s profile', () => {
  it('changes the display name and bio: "Profile Updated", shown everywhere at once', async () => {
    const jane = await student({ first_name: 'Jane', last_name: 'Doe' });
    const viewer = await student();
    const { id } = (await call(jane, 'POST', '/api/posts', { text: 'Bike for sale' })).json();
    const authorIn = async () =>
      (await call(viewer, 'GET', '/api/feed')).json().items.find((p: { id: string }) => p.id === id)
        .author;
    expect((await authorIn()).firstName).toBe('Jane');

    const res = await api(t.app, {
      method: 'PATCH',
      url: '/api/me',
      cookie: jane.cookie,
      payload: { firstName: ' Janet ', lastName: 'Smith', bio: 'Junior, selling my dorm' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.profileUpdated,
      viewer: { firstName: 'Janet', lastName: 'Smith' },
    });
    expect(await authorIn()).toMatchObject({ firstName: 'Janet', lastInitial: 'S.' });
    expect((await profileOf(viewer, jane.user.username)).json().bio).toBe(
      'Junior, selling my dorm',
    );
  });

  it('gives the limits their messages and changes nothing on a refusal', async () => {
    const jane = await student({ first_name: 'Jane', bio: 'Hi' });
    const cases: [object, string][] = [
      [{ firstName: 'x'.repeat(21) }, M.nameTooLong],
      [{ lastName: '   ' }, M.nameRequired],
      [{ bio: 'x'.repeat(161) }, M.bioTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await api(t.app, {
        method: 'PATCH',
        url: '/api/me',
        cookie: jane.cookie,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const ok = await api(t.app, {
      method: 'PATCH',
      url: '/api/me',
      cookie: jane.cookie,
      payload: { bio: 'x'.repeat(160), profileSetUp: true },
    });
    expect(ok.json().viewer).toMatchObject({ firstName: 'Jane', profileSetUp: true });
    const guest = await api(t.app, { method: 'PATCH', url: '/api/me', payload: { bio: 'x' } });
    expect(guest.statusCode).toBe(401);
  });
});

describe('names drawn in another direction', () => {
  it('refuses a direction control in any name field with one message, and changes nothing', async () => {
    const jane = await student({ first_name: 'Jane', last_name: 'Doe' });
    const tricks = ['\u202eenaJ', 'Ja\u202dne', 'Ja\u2066ne\u2069', 'Jane\u200f', 'Ja\u061cne'];
    for (const name of tricks) {
      for (const payload of [{ firstName: name }, { lastName: name }, { username: name }]) {
        const url = 'username' in payload ? '/api/me/username' : '/api/me';
        const method = 'username' in payload ? 'PUT' : 'PATCH';
        const res = await api(t.app, { method, url, cookie: jane.cookie, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().error.message).toBe(TEXT_MESSAGES.directionControls);
      }
    }
    const me = (await api(t.app, { method: 'GET', url: '/api/me', cookie: jane.cookie })).json();
    expect(me.viewer).toMatchObject({ firstName: 'Jane', lastName: 'Doe' });
  });

  it('refuses one in the full name of a registration', async () => {
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Jane \u202eeoD',
        email: `rtl-${Date.now()}@example.com`,
        password: 'a fine long password',
        terms: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(TEXT_MESSAGES.directionControls);
  });
});

describe('profile photos', () => {
  const upload = (who: Student, filename: string, type: string, data: Buffer) =>
    api(t.app, {
      method: 'PUT',
      url: '/api/me/avatar',
      cookie: who.cookie,
      payload: multipart([{ filename, type, data }]),
      headers: { 'content-type': MULTIPART_TYPE },
    });
  const stored = async (url: string) => {
    const key = url.replace(/^.*\/(avatars\/)/, '$1').replace(/\?.*$/, '');
    const stream = await t.app.deps.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('takes jpeg, png and gif, square and stripped of metadata; the old file goes', async () => {
    const jane = await student();
    const first = await upload(jane, 'me.jpg', 'image/jpeg', await phoneJpeg(300, 200));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(M.profileUpdated);
    const url: string = first.json().viewer.avatarUrl;
    const image = await stored(url);
    const meta = await sharp(image).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([400, 400, 'webp']);
    expect(meta.exif).toBeUndefined();

    const png = await upload(jane, 'me.png', 'image/png', await solidImage(50, 80, 'png'));
    expect(png.statusCode).toBe(200);
    const gif = await upload(jane, 'me.gif', 'image/gif', await animatedGif());
    expect(gif.statusCode).toBe(200);
    await expect(stored(url)).rejects.toThrow();
  });

  it('refuses anything else with "Only photos are allowed!", by its bytes', async () => {
    const jane = await student();
    const webp = await upload(jane, 'me.webp', 'image/webp', await solidImage(20, 20, 'webp'));
    const text = await upload(jane, 'me.jpg', 'image/jpeg', Buffer.from('not a photo at all'));
    for (const res of [webp, text]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.onlyPhotos);
    }
    const me = await api(t.app, { method: 'GET', url: '/api/me', cookie: jane.cookie });
    expect(me.json().viewer.avatarUrl).toBeNull();
  });
});

describe('reports', () => {
  it('stores one report per reporter and student: "User Reported. Thanks for letting us know."', async () => {
    const reporter = await student();
    const target = await student();
    for (const reason of ['Scam listing', 'Again']) {
      const res = await call(reporter, 'POST', `/api/users/${target.user.username}/report`, {
        reason,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: M.userReported });
    }
    const rows = await t.db.kysely
      .selectFrom('reports')
      .select(['reporter_id', 'target_user_id', 'reason'])
      .where('target_user_id', '=', target.user.id)
      .execute();
    expect(rows).toEqual([
      { reporter_id: reporter.user.id, target_user_id: target.user.id, reason: 'Scam listing' },
    ]);
    const self = await call(target, 'POST', `/api/users/${target.user.username}/report`, {});
    expect(self.statusCode).toBe(400);
  });
});
