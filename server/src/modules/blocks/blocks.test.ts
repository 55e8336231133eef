import { MEETUP_SPOTS } from '@common/meetup-spots';
import { BLOCK_MESSAGES as M } from '@common/schemas/blocks';
import { POST_MESSAGES } from '@common/schemas/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { api, callerOn, userWithSession } from '../../../test/auth';
import { expectError } from '../../../test/expect';
import { buildPost } from '../../../test/factories';
import { hashPassword } from '../auth/passwords';

/** Blocks (ADR 024) and what they hide, on each database. */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
const school = { verified: true, school_verified: true, campus_id: 'ut' };

beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ut', '198.72');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { ...school, ...overrides });

const block = (who: Student, whom: Student) =>
  call(who, 'PUT', `/api/users/${whom.user.username}/block`);
const unblock = (who: Student, whom: Student) =>
  call(who, 'DELETE', `/api/users/${whom.user.username}/block`);

async function post(who: Student, text: string): Promise<string> {
  const res = await call(who, 'POST', '/api/posts', { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const feedTexts = async (who: Student) =>
  (await call(who, 'GET', '/api/feed')).json().items.map((p: { text: string }) => p.text);
const searchTexts = async (who: Student, q: string) =>
  (await call(who, 'GET', `/api/search/posts?q=${q}`))
    .json()
    .items.map((p: { text: string }) => p.text);
const people = async (who: Student, path: string) =>
  (await call(who, 'GET', path)).json().items.map((u: { id: string }) => u.id);

describe('blocking', () => {
  it('blocks and unblocks once whatever the repeats, and lists the blocked students', async () => {
    const [ann, bob, cy] = [await student(), await student(), await student()];
    for (let i = 0; i < 2; i++) {
      const res = await block(ann, bob);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ blocked: true, message: M.blocked(bob.user.username!) });
    }
    await block(ann, cy);
    const list = (await call(ann, 'GET', '/api/blocks')).json();
    expect(list.items.map((u: { username: string }) => u.username).sort()).toEqual(
      [bob.user.username, cy.user.username].sort(),
    );
    expect(list.items[0]).toMatchObject({ firstName: cy.user.first_name });
    expect((await call(bob, 'GET', '/api/blocks')).json()).toEqual({ items: [] });

    for (let i = 0; i < 2; i++) {
      const res = await unblock(ann, bob);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ blocked: false, message: M.unblocked(bob.user.username!) });
    }
    expect((await call(ann, 'GET', '/api/blocks')).json().items).toHaveLength(1);
  });

  it('refuses oneself and answers the missing page for nobody or another campus’s student', async () => {
    const ann = await student();
    expectError(await block(ann, ann), 400, M.notYourself);
    expectError(await unblock(ann, ann), 400, M.notYourself);
    expectError(await call(ann, 'PUT', '/api/users/nobody-here-at-all/block'), 404, M.userNotFound);
    const elsewhere = await student({ campus_id: 'ou' });
    expectError(await block(ann, elsewhere), 404, M.userNotFound);
    expect((await call(null, 'PUT', `/api/users/${ann.user.username}/block`)).statusCode).toBe(401);
  });

  it('hides each one’s posts from the other’s feed and search, even from a cached page', async () => {
    const [ann, bob, cy] = [await student(), await student(), await student()];
    await post(ann, 'Ann sells a kettle');
    await post(bob, 'Bob sells a kettle');
    await post(cy, 'Cy sells a kettle');
    // Pages read before the block are cached for the whole campus.
    expect(await feedTexts(bob)).toEqual(
      expect.arrayContaining(['Ann sells a kettle', 'Cy sells a kettle']),
    );
    expect(await searchTexts(bob, 'kettle')).toHaveLength(3);

    await block(ann, bob);
    for (const [viewer, gone] of [
      [bob, 'Ann sells a kettle'],
      [ann, 'Bob sells a kettle'],
    ] as const) {
      const feed = await feedTexts(viewer);
      expect(feed).not.toContain(gone);
      expect(feed).toContain('Cy sells a kettle');
      const found = await searchTexts(viewer, 'kettle');
      expect(found).not.toContain(gone);
      expect(found).toContain('Cy sells a kettle');
    }
    expect(await feedTexts(cy)).toEqual(
      expect.arrayContaining(['Ann sells a kettle', 'Bob sells a kettle']),
    );

    await unblock(ann, bob);
    expect(await feedTexts(bob)).toContain('Ann sells a kettle');
    expect(await searchTexts(ann, 'kettle')).toContain('Bob sells a kettle');
  });

  it('pages through the feed without the hidden posts, skipping and repeating none', async () => {
    const onDuke = callerOn(t.app, 'duke', '198.73');
    const duke = { ...school, campus_id: 'duke' };
    const [ann, bob, cy] = [
      await userWithSession(t.app, duke),
      await userWithSession(t.app, duke),
      await userWithSession(t.app, duke),
    ];
    const now = Date.now();
    const shown: string[] = [];
    for (let i = 0; i < 40; i++) {
      // Bob's posts fill most of each shared page, so the viewer's pages come short.
      const author = i % 4 === 0 ? cy : bob;
      const at = now - i * 1000;
      const text = `Duke listing ${i}`;
      await buildPost(t.db, author.user, { text, created_at: at, updated_at: at });
      if (author === cy) shown.push(text);
    }
    await onDuke(ann, 'PUT', `/api/users/${bob.user.username}/block`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await onDuke(ann, 'GET', `/api/feed${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: { text: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((p) => p.text));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(shown);
  });

  it('shows the blocked student the missing page for the blocker’s profile, not the reverse', async () => {
    const [ann, bob] = [await student(), await student()];
    await block(ann, bob);
    for (const path of ['', '/posts?tab=posts']) {
      expectError(
        await call(bob, 'GET', `/api/users/${ann.user.username}${path}`),
        404,
        M.userNotFound,
      );
      expect((await call(ann, 'GET', `/api/users/${bob.user.username}${path}`)).statusCode).toBe(
        200,
      );
    }
    await unblock(ann, bob);
    expect((await call(bob, 'GET', `/api/users/${ann.user.username}`)).statusCode).toBe(200);
  });

  it('leaves each out of the other’s people search and new-message suggestions', async () => {
    const ann = await student({ first_name: 'Zebulon' });
    const bob = await student({ first_name: 'Zebulon' });
    const cy = await student({ first_name: 'Zebulon' });
    await block(ann, bob);
    for (const [viewer, gone, stays] of [
      [bob, ann, cy],
      [ann, bob, cy],
    ] as const) {
      for (const path of ['/api/search/people?q=zebulon', '/api/users?q=zebulon']) {
        const ids = await people(viewer, path);
        expect(ids).not.toContain(gone.user.id);
        expect(ids).toContain(stays.user.id);
      }
    }
  });

  it('refuses a conversation and a message either way while the block stands', async () => {
    const [ann, bob] = [await student(), await student()];
    const chat = (await call(bob, 'POST', '/api/chats', { userId: ann.user.id })).json().chat;
    await block(ann, bob);
    for (const [from, to] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      expectError(
        await call(from, 'POST', '/api/chats', { userId: to.user.id }),
        403,
        M.cantMessage,
      );
      expectError(
        await call(from, 'POST', `/api/chats/${chat.id}/messages`, { text: 'Hello?' }),
        403,
        M.cantMessage,
      );
    }
    // Nothing was stored, and the history stays readable.
    const messages = await call(ann, 'GET', `/api/chats/${chat.id}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json().items).toEqual([]);

    await unblock(ann, bob);
    const sent = await call(bob, 'POST', `/api/chats/${chat.id}/messages`, { text: 'Hi again' });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('shows each the other’s post, and a comment in it, as deleted, even from a cached thread', async () => {
    const [ann, bob, cy] = [await student(), await student(), await student()];
    const [annPost, bobPost] = [await post(ann, 'Oak desk'), await post(bob, 'Office chair')];
    const cyComment = (
      await call(cy, 'POST', '/api/posts', { text: 'Is it solid oak?', parentId: annPost })
    ).json().id;
    // Read once before the block: the thread is in the campus cache.
    expect((await call(bob, 'GET', `/api/posts/${annPost}`)).statusCode).toBe(200);
    await block(ann, bob);

    for (const [who, id] of [
      [bob, annPost],
      [ann, bobPost],
    ] as const)
      expectError(
        await call(who, 'GET', `/api/posts/${id}`),
        404,
        POST_MESSAGES.postDeletedMissing,
      );
    // A third student's comment shows the blocker's post above it: missing too; not to the third.
    expectError(
      await call(bob, 'GET', `/api/posts/${cyComment}`),
      404,
      POST_MESSAGES.postDeletedMissing,
    );
    expect((await call(cy, 'GET', `/api/posts/${cyComment}`)).statusCode).toBe(200);
    expect((await call(cy, 'GET', `/api/posts/${annPost}`)).statusCode).toBe(200);

    await unblock(ann, bob);
    expect((await call(bob, 'GET', `/api/posts/${annPost}`)).statusCode).toBe(200);
  });

  it('refuses replies in the other’s threads and mentions of the other, either way, while it stands', async () => {
    const [ann, bob, cy] = [await student(), await student(), await student()];
    const reply = (who: Student, parentId: string, text = 'Still there?') =>
      call(who, 'POST', '/api/posts', { text, parentId });
    const annPost = await post(ann, 'Oak desk for sale');
    const cyComment = (await reply(cy, annPost, 'Is it solid oak?')).json().id;
    const cyPost = await post(cy, 'Desk lamp for sale');
    const annComment = (await reply(ann, cyPost, 'Does it dim?')).json().id;
    const bobPost = await post(bob, 'Office chair for sale');
    await block(ann, bob);

    // The blocked student: not on her post, nowhere in its thread, not to her comment elsewhere.
    for (const parentId of [annPost, cyComment, annComment])
      expectError(await reply(bob, parentId), 403, M.cantReply);
    // Nor the blocker on his.
    expectError(await reply(ann, bobPost), 403, M.cantReply);
    // Neither mentions the other, in a post or in a comment on a third student's post.
    const mention = (who: Student) => `Ask @${who.user.username} about it`;
    expectError(await call(bob, 'POST', '/api/posts', { text: mention(ann) }), 403, M.cantMention);
    expectError(await reply(bob, cyPost, mention(ann)), 403, M.cantMention);
    expectError(await call(ann, 'POST', '/api/posts', { text: mention(bob) }), 403, M.cantMention);

    // Nothing was stored and nobody was told.
    const thread = (await call(cy, 'GET', `/api/posts/${annPost}`)).json();
    expect(JSON.stringify(thread)).not.toContain('Still there?');
    const fromEachOther = await t.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('to_user_id', '=', ann.user.id!), eb('from_user_id', '=', bob.user.id!)]),
          eb.and([eb('to_user_id', '=', bob.user.id!), eb('from_user_id', '=', ann.user.id!)]),
        ]),
      )
      .execute();
    expect(fromEachOther).toEqual([]);

    // Anyone else may still reply to and mention both; the blocked student still comments elsewhere.
    const both = `@${ann.user.username} @${bob.user.username} both of you?`;
    expect((await reply(cy, annPost, both)).statusCode).toBe(201);
    expect((await reply(bob, cyPost, 'How bright is it?')).statusCode).toBe(201);

    await unblock(ann, bob);
    expect((await reply(bob, annPost)).statusCode).toBe(201);
    expect((await reply(bob, cyPost, mention(ann))).statusCode).toBe(201);
    expect((await reply(ann, bobPost, mention(bob))).statusCode).toBe(201);
  });

  it('refuses saves, hearts and meetup answers either way while it stands (ADR 037)', async () => {
    const [ann, bob] = [await student(), await student()];
    const [annPost, annOther, bobPost] = [
      await post(ann, 'Blue bike for sale'),
      await post(ann, 'Red kettle for sale'),
      await post(bob, 'Green rug for sale'),
    ];
    const chat = (await call(bob, 'POST', '/api/chats', { userId: ann.user.id })).json().chat;
    const say = async (who: Student, text: string) =>
      (await call(who, 'POST', `/api/chats/${chat.id}/messages`, { text })).json().id as string;
    const [fromAnn, fromBob] = [await say(ann, 'Still for sale'), await say(bob, 'Great')];
    const suggest = async (who: Student) => {
      const at = Date.now() + 2 * 60 * 60 * 1000;
      const spotId = MEETUP_SPOTS.ut[0]!.id;
      const res = await call(who, 'POST', `/api/chats/${chat.id}/meetups`, { spotId, at });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().meetup.id as string;
    };
    const [annMeetup, bobMeetup] = [await suggest(ann), await suggest(bob)];
    // Before the block: a save and a heart of his stand.
    expect((await call(bob, 'PUT', `/api/posts/${annOther}/like`)).statusCode).toBe(200);
    expect((await call(bob, 'PUT', `/api/messages/${fromAnn}/heart`)).statusCode).toBe(200);
    await block(ann, bob);
    const lastLine = async () =>
      (await call(ann, 'GET', `/api/chats/${chat.id}`)).json().lastMessage;
    const before = await lastLine();
    expect(before).toEqual(expect.any(String));

    for (const [from, theirPost, theirMessage, theirMeetup] of [
      [bob, annPost, fromAnn, annMeetup],
      [ann, bobPost, fromBob, bobMeetup],
    ] as const) {
      expectError(await call(from, 'PUT', `/api/posts/${theirPost}/like`), 403, M.cantSave);
      for (const method of ['PUT', 'DELETE'] as const)
        expectError(
          await call(from, method, `/api/messages/${theirMessage}/heart`),
          403,
          M.cantMessage,
        );
      for (const answer of ['accept', 'decline'])
        expectError(
          await call(from, 'POST', `/api/meetups/${theirMeetup}/${answer}`),
          403,
          M.cantMessage,
        );
    }
    expect(await lastLine()).toEqual(before);
    // What was one's own stays one's own: a save taken back, a suggestion cancelled.
    const unsaved = await call(bob, 'DELETE', `/api/posts/${annOther}/like`);
    expect(unsaved.json(), unsaved.body).toMatchObject({ liked: false });
    expect((await call(bob, 'POST', `/api/meetups/${bobMeetup}/cancel`)).statusCode).toBe(200);
    const liked = await t.db.kysely
      .selectFrom('likes')
      .select('post_id')
      .where('user_id', '=', bob.user.id!)
      .execute();
    expect(liked).toEqual([]);

    await unblock(ann, bob);
    expect((await call(bob, 'PUT', `/api/posts/${annPost}/like`)).statusCode).toBe(200);
    expect((await call(bob, 'POST', `/api/meetups/${annMeetup}/accept`)).statusCode).toBe(200);
  });

  it('lets no notification or alert cross it, whatever the act (ADR 037)', async () => {
    const [ann, bob] = [await student(), await student()];
    const listing = (
      await call(ann, 'POST', '/api/posts', { text: 'Oak table', price: 80 })
    ).json();
    expect((await call(bob, 'PUT', `/api/posts/${listing.id}/like`)).statusCode).toBe(200);
    const search = await call(bob, 'POST', '/api/me/saved-searches', { query: 'walnut' });
    expect(search.statusCode, search.body).toBe(201);
    await block(bob, ann);
    const cutOff = Date.now();

    // A price drop tells the savers, a new listing the saved searches: not across the block.
    const drop = await call(ann, 'PATCH', `/api/posts/${listing.id}`, { price: 60 });
    expect(drop.statusCode, drop.body).toBe(200);
    expect(
      (await call(ann, 'POST', '/api/posts', { text: 'Walnut shelf', price: 30 })).statusCode,
    ).toBe(201);
    await t.app.services.savedSearchAlerts.idle();
    const told = await t.db.kysely
      .selectFrom('notifications')
      .select(['type', 'from_user_id'])
      .where('to_user_id', '=', bob.user.id!)
      .where('created_at', '>=', cutOff)
      .execute();
    expect(told).toEqual([]);
    // The notifications service itself refuses: no path can leak a notification.
    const requests = [ann, bob].map((to, i) => ({
      type: 'comment' as const,
      toUserId: to.user.id!,
      from: { id: [bob, ann][i]!.user.id! },
      message: 'Hi',
    }));
    await t.db.kysely
      .transaction()
      .execute((trx) => t.app.services.notifications.notify(trx, requests));
    const across = await t.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'comment')
      .where('to_user_id', 'in', [ann.user.id!, bob.user.id!])
      .execute();
    expect(across).toEqual([]);
  });

  it('goes with either account', async () => {
    const ann = await student({ password_hash: await hashPassword('old-password-1', 10) });
    const bob = await student();
    await block(ann, bob);
    await block(bob, ann);
    const res = await api(t.app, {
      method: 'DELETE',
      url: '/api/me',
      cookie: ann.cookie,
      payload: { password: 'old-password-1' },
      remoteAddress: '198.73.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.db.kysely
      .selectFrom('blocks')
      .selectAll()
      .where((eb) =>
        eb.or([eb('blocker_id', '=', ann.user.id!), eb('blocked_id', '=', ann.user.id!)]),
      )
      .execute();
    expect(left).toEqual([]);
  });
});
