import type { PostDto, PostList, PostPage } from '@common/schemas/posts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../platform/bus';
import { createMemoryBus } from '../../platform/bus/memory-bus';
import { createRedisBus } from '../../platform/bus/redis-bus';
import { type App, type QueryCounter, sharedDatabaseServers } from '../../../test/app';
import { api, loginAs } from '../../../test/auth';
import type { TestDb } from '../../../test/db';
import { buildPost, buildUser } from '../../../test/factories';
import { createPostCache } from './posts.cache';
import { WHOLE_SAVES } from './posts.pages';
import { testRedisUrl } from '../../../test/redis';

/**
 * The campus cache of feed pages and threads (ADR 004, ADR 014): served again
 * without the shared queries, and never stale after a write through the app, on
 * this server or, through the bus, on another one.
 */

const redisUrl = testRedisUrl();

const queries: QueryCounter = { count: 0 };
const servers = sharedDatabaseServers(queries);
const server = (bus: EventBus, cacheMs = '60000') =>
  servers.server(bus, { POSTS_CACHE_MS: cacheMs });
let db: TestDb;
beforeAll(() => {
  db = servers.db;
});

async function member(app: App, campus: string) {
  const user = await buildUser(db, { verified: true, school_verified: true, campus_id: campus });
  return { user, cookie: await loginAs(app, user) };
}

async function call<T>(app: App, cookie: string, campus: string, method: string, url: string) {
  const response = await api(app, { method: method as 'GET', url, cookie, campus });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as T;
}

const feedTexts = (list: PostList) => list.items.map((p: PostDto) => p.text);

describe('on one server', () => {
  let app: App;
  beforeAll(async () => {
    app = await server(createMemoryBus());
  });

  it('serves a feed page and the viewer’s saves on it again with only the session lookup', async () => {
    const reader = await member(app, 'duke');
    const author = await buildUser(db, { campus_id: 'duke' });
    for (let i = 0; i < 3; i++) await buildPost(db, author, { text: `Lamp ${i}` });

    queries.count = 0;
    const first = await call<PostList>(app, reader.cookie, 'duke', 'GET', '/api/feed');
    const cold = queries.count;
    queries.count = 0;
    const again = await call<PostList>(app, reader.cookie, 'duke', 'GET', '/api/feed');
    expect(again).toEqual(first);
    expect(queries.count).toBeLessThan(cold);
    // The session, the page and the viewer's saves on it all come from memory.
    expect(queries.count).toBe(0);

    // What another member saved is theirs alone: the shared page does not carry it.
    const other = await member(app, 'duke');
    await call(app, other.cookie, 'duke', 'PUT', `/api/posts/${first.items[0]!.id}/like`);
    const mine = await call<PostList>(app, reader.cookie, 'duke', 'GET', '/api/feed');
    const theirs = await call<PostList>(app, other.cookie, 'duke', 'GET', '/api/feed');
    expect(mine.items[0]!.liked).toBe(false);
    expect(theirs.items[0]!.liked).toBe(true);
    expect(mine.items[0]!.likeCount).toBe(1);
  });

  it('shows every write through the app at once: post, save, comment, delete', async () => {
    const writer = await member(app, 'stanford');
    const reader = await member(app, 'stanford');
    const feed = () => call<PostList>(app, reader.cookie, 'stanford', 'GET', '/api/feed');
    expect(feedTexts(await feed())).toEqual([]);

    const response = await api(app, {
      method: 'POST',
      url: '/api/posts',
      cookie: writer.cookie,
      campus: 'stanford',
      payload: { text: 'Mini fridge', mediaIds: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<PostDto>();
    expect(feedTexts(await feed())).toEqual([created.text]);

    const older = await buildPost(db, writer.user, { text: 'Desk', updated_at: 1, created_at: 1 });
    // Written behind the app's back: the cached page stands until its time runs out…
    expect(feedTexts(await feed())).toEqual([created.text]);
    // …and so does a save through the app of a post the page does not show (ADR 014);
    await call(app, writer.cookie, 'stanford', 'PUT', `/api/posts/${older.id}/like`);
    expect(feedTexts(await feed())).toEqual([created.text]);
    // a save of a post on the page drops it: read again, it has everything.
    await call(app, writer.cookie, 'stanford', 'PUT', `/api/posts/${created.id}/like`);
    expect((await feed()).items.map((p) => [p.text, p.likeCount])).toEqual([
      [created.text, 1],
      ['Desk', 1],
    ]);

    const thread = () =>
      call<PostPage>(app, reader.cookie, 'stanford', 'GET', `/api/posts/${older.id}`);
    expect((await thread()).comments).toEqual([]);
    const reply = await api(app, {
      method: 'POST',
      url: '/api/posts',
      cookie: writer.cookie,
      campus: 'stanford',
      payload: { text: 'Still available?', parentId: older.id, mediaIds: [] },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await thread()).comments.map((c) => c.text)).toEqual(['Still available?']);
    // The reply bumped the post to the top of the feed, with its save.
    expect((await feed()).items.map((p) => [p.text, p.likeCount, p.commentCount])).toEqual([
      ['Desk', 1, 1],
      [created.text, 1, 0],
    ]);

    await call(app, writer.cookie, 'stanford', 'DELETE', `/api/posts/${older.id}`);
    expect(feedTexts(await feed())).toEqual([created.text]);
    const gone = await api(app, {
      method: 'GET',
      url: `/api/posts/${older.id}`,
      cookie: reader.cookie,
      campus: 'stanford',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps a reader’s saves when another student saves a post of the page, and drops them on the reader’s own save', async () => {
    const reader = await member(app, 'ou');
    const other = await member(app, 'ou');
    const author = await buildUser(db, { campus_id: 'ou' });
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await buildPost(db, author, { text: `Desk ${i}` }));
    const liked = (list: PostList) => list.items.filter((p) => p.liked).map((p) => p.text);

    await call(app, reader.cookie, 'ou', 'PUT', `/api/posts/${posts[0]!.id}/like`);
    await call<PostList>(app, reader.cookie, 'ou', 'GET', '/api/feed');
    // The page is read again (a count on it changed) but not what the reader saved.
    await call(app, other.cookie, 'ou', 'PUT', `/api/posts/${posts[1]!.id}/like`);
    queries.reads = {};
    const afterOthers = await call<PostList>(app, reader.cookie, 'ou', 'GET', '/api/feed');
    expect(queries.reads).toMatchObject({ posts: 1 });
    expect(queries.reads.likes).toBeUndefined();
    expect(liked(afterOthers)).toEqual(['Desk 0']);
    expect(afterOthers.items.find((p) => p.text === 'Desk 1')?.likeCount).toBe(1);
    // The reader's own save: the page and what they saved are read again.
    await call(app, reader.cookie, 'ou', 'PUT', `/api/posts/${posts[2]!.id}/like`);
    queries.reads = {};
    const afterOwn = await call<PostList>(app, reader.cookie, 'ou', 'GET', '/api/feed');
    expect(queries.reads).toMatchObject({ posts: 1, likes: 1 });
    delete queries.reads;
    expect(liked(afterOwn).sort()).toEqual(['Desk 0', 'Desk 2']);
  });

  it('fills in a keen saver’s saves page by page when they saved more than the lane keeps whole', async () => {
    const reader = await member(app, 'ucla');
    const author = await buildUser(db, { campus_id: 'ucla' });
    const posts = [];
    for (let i = 0; i < WHOLE_SAVES + 4; i++)
      posts.push(
        await buildPost(db, author, {
          text: `Keen ${i}`,
          created_at: 1000 + i,
          updated_at: 1000 + i,
        }),
      );
    // Saved: every post but the newest and the third newest, more than WHOLE_SAVES in all.
    const unsaved = new Set([posts.at(-1)!.id, posts.at(-3)!.id]);
    const saved = posts.filter((p) => !unsaved.has(p.id));
    expect(saved.length).toBeGreaterThan(WHOLE_SAVES);
    await db.kysely
      .insertInto('likes')
      .values(saved.map((p) => ({ post_id: p.id, user_id: reader.user.id, created_at: 1 })))
      .execute();

    const page = await call<PostList>(app, reader.cookie, 'ucla', 'GET', '/api/feed');
    expect(page.items.length).toBeGreaterThan(3);
    for (const item of page.items) expect(item.liked, item.text).toBe(!unsaved.has(item.id));
    const next = await call<PostList>(
      app,
      reader.cookie,
      'ucla',
      'GET',
      `/api/feed?cursor=${encodeURIComponent(page.nextCursor!)}`,
    );
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.every((p) => p.liked)).toBe(true);
    for (const post of [posts.at(-2)!, posts.at(-3)!]) {
      const thread = await call<PostPage>(
        app,
        reader.cookie,
        'ucla',
        'GET',
        `/api/posts/${post.id}`,
      );
      expect(thread.post.liked, post.text).toBe(!unsaved.has(post.id));
    }
  });

  it('keeps campuses apart: a post id of another campus is not found', async () => {
    const author = await buildUser(db, { campus_id: 'ucla' });
    const post = await buildPost(db, author, { text: 'Bike' });
    const reader = await member(app, 'uf');
    const response = await api(app, {
      method: 'GET',
      url: `/api/posts/${post.id}`,
      cookie: reader.cookie,
      campus: 'uf',
    });
    expect(response.statusCode).toBe(404);
  });

  it('is off with POSTS_CACHE_MS=0: every request reads the database', async () => {
    const off = await server(createMemoryBus(), '0');
    const reader = await member(off, 'smu');
    const author = await buildUser(db, { campus_id: 'smu' });
    await buildPost(db, author, { text: 'Couch' });
    await call(off, reader.cookie, 'smu', 'GET', '/api/feed');
    await buildPost(db, author, { text: 'Rug' });
    const list = await call<PostList>(off, reader.cookie, 'smu', 'GET', '/api/feed');
    expect(feedTexts(list).sort()).toEqual(['Couch', 'Rug']);
  });
});

describe('a unit', () => {
  it('expires entries, shares one load between concurrent misses and forgets failures', async () => {
    let clock = 0;
    const cache = await createPostCache({ bus: createMemoryBus(), ttlMs: 100, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.read('ou', 'k', load), cache.read('ou', 'k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 99;
    expect(await cache.read('ou', 'k', load)).toBe(1);
    clock = 100;
    expect(await cache.read('ou', 'k', load)).toBe(2);

    await expect(cache.read('ou', 'x', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.read('ou', 'x', load)).toBe(3);

    // A write during a load leaves that load's entry stale.
    let finish: (v: number) => void = () => undefined;
    const slow = cache.read('ut', 'k', () => new Promise<number>((r) => (finish = r)));
    cache.changed('ut');
    finish(10);
    expect(await slow).toBe(10);
    expect(await cache.read('ut', 'k', load)).toBe(4);
    // Other campuses keep theirs.
    expect(await cache.read('ou', 'k', load)).toBe(2);

    await cache.close();
  });

  it('keeps a crowd of viewers’ entries from pushing the campus’s pages out', async () => {
    const cache = await createPostCache({
      bus: createMemoryBus(),
      ttlMs: 60_000,
      maxEntries: { campus: 2, viewer: 3 },
    });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('ou', 'feed', load)).toBe(1);
    for (let viewer = 0; viewer < 10; viewer++)
      await cache.read('ou', `saves:${viewer}`, load, 'viewer');
    expect(await cache.read('ou', 'feed', load)).toBe(1);
    // The viewer lane keeps its three most recent.
    expect(await cache.read('ou', 'saves:9', load, 'viewer')).toBe(11);
    expect(await cache.read('ou', 'saves:0', load, 'viewer')).toBe(12);
    // A write drops both lanes.
    cache.changed('ou');
    expect(await cache.read('ou', 'feed', load)).toBe(13);
    expect(await cache.read('ou', 'saves:9', load, 'viewer')).toBe(14);
    await cache.close();
  });
});

describe.runIf(redisUrl)('across two servers through Redis', () => {
  it('a write on one server drops the other server’s cached page', async () => {
    const [busA, busB] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    const a = await server(busA);
    const b = await server(busB);
    const writer = await member(a, 'ut');
    const reader = await member(b, 'ut');
    const author = await buildUser(db, { campus_id: 'ut' });
    const post = await buildPost(db, author, { text: 'Textbook' });

    const before = await call<PostList>(b, reader.cookie, 'ut', 'GET', '/api/feed');
    expect(before.items.find((p) => p.id === post.id)?.likeCount).toBe(0);
    await call(a, writer.cookie, 'ut', 'PUT', `/api/posts/${post.id}/like`);
    await expect
      .poll(
        async () =>
          (await call<PostList>(b, reader.cookie, 'ut', 'GET', '/api/feed')).items.find(
            (p) => p.id === post.id,
          )?.likeCount,
        { timeout: 3000, interval: 20 },
      )
      .toBe(1);
    await busA.close();
    await busB.close();
  });

  it('drops a server’s entries on another server’s write, not again on its own message', async () => {
    const [busA, busB] = [createRedisBus(redisUrl), createRedisBus(redisUrl)];
    const here = await createPostCache({ bus: busA, ttlMs: 60_000 });
    const there = await createPostCache({ bus: busB, ttlMs: 60_000 });
    let reads = 0;
    const count = async () => ++reads;
    await here.read('duke', 'k', count);
    here.changed('duke');
    expect(await here.read('duke', 'k', count)).toBe(2);
    // Its own message comes back through Redis: the entry stands.
    await new Promise((r) => setTimeout(r, 200));
    expect(await here.read('duke', 'k', count)).toBe(2);
    there.changed('duke');
    await expect.poll(() => here.read('duke', 'k', count), { timeout: 3000 }).toBe(3);
    await Promise.all([here.close(), there.close()]);
    await Promise.all([busA.close(), busB.close()]);
  });

  it('a write drops only what it changed: the pages showing a post, list heads on a list change, the unspecified always', async () => {
    const cache = await createPostCache({ bus: createMemoryBus(), ttlMs: 60_000 });
    const loads: Record<string, number> = {};
    const load = (key: string) => async () => (loads[key] = (loads[key] ?? 0) + 1);
    const first = { posts: ['a', 'b'], list: true };
    const later = { posts: ['c', 'd'], list: false };
    const thread = { posts: ['b', 'x'], list: false };
    const readAll = () =>
      Promise.all([
        cache.read('uf', 'first', load('first'), { shows: first }),
        cache.read('uf', 'later', load('later'), { shows: later }),
        cache.read('uf', 'thread', load('thread'), { shows: () => thread }),
        cache.read('uf', 'saves', load('saves'), { lane: 'viewer', shows: later }),
        cache.read('uf', 'any', load('any')),
        cache.read('ut', 'elsewhere', load('elsewhere'), { shows: first }),
      ]);
    await readAll();
    // A save of b: the pages showing b, and what said nothing of what it shows.
    cache.changed('uf', { posts: ['b'] });
    await readAll();
    expect(loads).toEqual({ first: 2, later: 1, thread: 2, saves: 1, any: 2, elsewhere: 1 });
    // A new post: the list heads.
    cache.changed('uf', { lists: true });
    await readAll();
    expect(loads).toEqual({ first: 3, later: 1, thread: 2, saves: 1, any: 3, elsewhere: 1 });
    // A change to d: the later page and the viewer's saves on it.
    cache.changed('uf', { posts: ['d'] });
    await readAll();
    expect(loads).toEqual({ first: 3, later: 2, thread: 2, saves: 2, any: 4, elsewhere: 1 });
    // No details (a new name or photo): everything of the campus.
    cache.changed('uf');
    await readAll();
    expect(loads).toEqual({ first: 4, later: 3, thread: 3, saves: 3, any: 5, elsewhere: 1 });
    await cache.close();
  });

  it('a change naming a student drops what was kept for them alone, across servers (ADR 031)', async () => {
    const bus = createMemoryBus();
    const here = await createPostCache({ bus, ttlMs: 60_000 });
    const there = await createPostCache({ bus, ttlMs: 60_000 });
    const loads: Record<string, number> = {};
    const load = (key: string) => async () => (loads[key] = (loads[key] ?? 0) + 1);
    const of = (viewer: string) => ({
      lane: 'viewer' as const,
      shows: { posts: [], list: false, viewers: [viewer] },
    });
    const readAll = (cache: typeof here) =>
      Promise.all([
        cache.read('uf', 'saves:ann', load('ann'), of('ann')),
        cache.read('uf', 'saves:bob', load('bob'), of('bob')),
        cache.read('ut', 'saves:ann', load('ann elsewhere'), of('ann')),
      ]);
    await readAll(here);
    // Posts and lists changing leave what a student saved alone.
    here.changed('uf', { posts: ['p1'], lists: true });
    await readAll(here);
    expect(loads).toEqual({ ann: 1, bob: 1, 'ann elsewhere': 1 });
    // Ann saves: her entry goes, Bob's stays, and so does anything of another campus.
    here.changed('uf', { posts: ['p1'], viewers: ['ann'] });
    await readAll(here);
    expect(loads).toEqual({ ann: 2, bob: 1, 'ann elsewhere': 1 });
    // On another server too, once the bus has carried it.
    await there.read('uf', 'saves:bob', load('bob there'), of('bob'));
    here.changed('uf', { viewers: ['bob'] });
    await expect.poll(() => there.read('uf', 'saves:bob', load('bob there'), of('bob'))).toBe(2);
    await Promise.all([here.close(), there.close()]);
  });

  it('keeps an entry whose load a change overtook only if the change touches nothing it shows (ADR 031)', async () => {
    const cache = await createPostCache({ bus: createMemoryBus(), ttlMs: 60_000 });
    const gate = () => {
      let release!: (n: number) => void;
      return {
        value: new Promise<number>((r) => (release = r)),
        release: (n: number) => release(n),
      };
    };
    const onA = { shows: { posts: ['a'], list: false } };

    // An unrelated change during the load: the value is kept once it is in.
    const first = gate();
    const pending = cache.read('uf', 'page', () => first.value, onA);
    cache.changed('uf', { posts: ['unrelated'] });
    first.release(1);
    expect(await pending).toBe(1);
    expect(await cache.read('uf', 'page', async () => 2, onA)).toBe(1);

    // A reader after a change does not share the overtaken load: it loads afresh.
    const slow = gate();
    const fresh = gate();
    const before = cache.read('uf', 'shared', () => slow.value, onA);
    cache.changed('uf', { posts: ['a'] });
    const after = cache.read('uf', 'shared', () => fresh.value, onA);
    slow.release(1);
    fresh.release(2);
    expect([await before, await after]).toEqual([1, 2]);
    expect(await cache.read('uf', 'shared', async () => 3, onA)).toBe(2);

    // A change to what it shows during the load: it goes once it is in.
    const second = gate();
    const touched = cache.read('uf', 'other', () => second.value, onA);
    cache.changed('uf', { posts: ['a'] });
    second.release(4);
    expect(await touched).toBe(4);
    expect(await cache.read('uf', 'other', async () => 5, onA)).toBe(5);

    // An entry that says nothing of what it shows goes with any change during its load.
    const third = gate();
    const unspecified = cache.read('uf', 'any', () => third.value);
    cache.changed('uf', { posts: ['unrelated'] });
    third.release(6);
    expect(await unspecified).toBe(6);
    expect(await cache.read('uf', 'any', async () => 7)).toBe(7);

    // A list change during the load of a list page drops it; of a later page it does not.
    const head = gate();
    const later = gate();
    const headRead = cache.read('uf', 'head', () => head.value, {
      shows: { posts: ['h'], list: true },
    });
    const laterRead = cache.read('uf', 'later', () => later.value, onA);
    cache.changed('uf', { lists: true });
    head.release(8);
    later.release(9);
    expect([await headRead, await laterRead]).toEqual([8, 9]);
    expect(
      await cache.read('uf', 'head', async () => 10, { shows: { posts: ['h'], list: true } }),
    ).toBe(10);
    expect(await cache.read('uf', 'later', async () => 11, onA)).toBe(9);
    await cache.close();
  });

  it('forgets what an evicted entry showed: a later change finds nothing of it', async () => {
    const cache = await createPostCache({
      bus: createMemoryBus(),
      ttlMs: 60_000,
      maxEntries: { campus: 2, viewer: 2 },
    });
    const shows = (post: string) => ({ shows: { posts: [post], list: false } });
    await cache.read('uf', 'one', async () => 1, shows('p1'));
    await cache.read('uf', 'two', async () => 2, shows('p2'));
    await cache.read('uf', 'three', async () => 3, shows('p3'));
    // 'one' went first; a change to p1 must not drop the new 'one' read after it.
    expect(await cache.read('uf', 'one', async () => 10, shows('p1'))).toBe(10);
    cache.changed('uf', { posts: ['p3'] });
    expect(await cache.read('uf', 'one', async () => 11, shows('p1'))).toBe(10);
    await cache.close();
  });

  it('carries what changed to the other servers', async () => {
    const bus = createMemoryBus();
    const here = await createPostCache({ bus, ttlMs: 60_000 });
    const there = await createPostCache({ bus, ttlMs: 60_000 });
    let reads = 0;
    const count = async () => ++reads;
    const onA = { shows: { posts: ['a'], list: false } };
    const onB = { shows: { posts: ['b'], list: false } };
    await there.read('uf', 'a', count, onA);
    await there.read('uf', 'b', count, onB);
    here.changed('uf', { posts: ['a'] });
    await expect.poll(() => there.read('uf', 'a', count, onA)).toBe(3);
    expect(await there.read('uf', 'b', count, onB)).toBe(2);
    await Promise.all([here.close(), there.close()]);
  });
});
