import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_VIEW_COOKIE } from '@common/feed-view';
import { createTestApp, type TestContext } from '../../../test/app';
import { loginAs } from '../../../test/auth';
import { buildPhoto, buildPost, buildUser } from '../../../test/factories';

let t: TestContext;
let dist: string;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  // A miniature build of the web app, shaped like Vite's output.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quad-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  // Vite's manifest: the feed page's chunk imports the app's own and one of its own.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      '_app.js': { file: 'assets/index-abc123.js' },
      '_shared.js': { file: 'assets/shared-s1.js', imports: ['_app.js'] },
      'src/features/feed/pages/FeedPage.tsx': {
        file: 'assets/FeedPage-f1.js',
        imports: ['_app.js', '_shared.js'],
        css: ['assets/FeedPage-f1.css'],
      },
    }),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'FeedPage-f1.css'), '._text_h1{line-height:1.5}');
  // The build's server copy of the feed (web/src/entry-server.tsx, tested in its own right
  // there): this one says what it was given, preloads the first post's first photo as React
  // does, and fails for a viewer named Boom.
  fs.mkdirSync(path.join(dist, '.vite', 'ssr'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'ssr', 'entry-server.js'),
    `export function renderFirstPosts({ campus, me, feed, view }) {
      if (me.viewer.firstName === 'Boom') throw new Error('boom');
      const given = JSON.stringify({ campus: campus.id, viewer: me.viewer.id, feed, view });
      const photo = feed.items[0]?.media[0];
      const preload = photo ? '<link rel="preload" as="image" href="' + photo.url + '" fetchPriority="high"/>' : '';
      return preload + '<div id="quad-first-posts">' + given.replace(/[<>&]/g, '') + '</div>';
    }`,
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A chat between two students, as the chats module stores one. */
async function insertChat(a: string, b: string): Promise<string> {
  const [low, high] = [a, b].sort();
  const id = randomUUID();
  await t.db.kysely
    .insertInto('chats')
    .values({
      id,
      user_low: low!,
      user_high: high!,
      started_by: a,
      last_message_text: null,
      last_message_id: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  return id;
}

/** A signed-in reader of UT (verified, a member of the campus). */
const utReader = async () =>
  loginAs(t.app, await buildUser(t.db, { campus_id: 'ut', verified: true }));

describe('serving the web app', () => {
  it('redirects / to /home, keeping the query', async () => {
    const res = await t.app.inject({ url: '/?filter=notify-posted', headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/home?filter=notify-posted');
  });

  it("writes the host campus's name, colours and data into every page", async () => {
    const res = await t.app.inject({
      url: '/home',
      headers: { ...html, host: 'ut.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<title>UT Buy / Sell</title>');
    expect(res.body).toContain('--brand:#bf5700');
    const boot = /<script type="application\/json" id="quad-boot">(.*?)<\/script>/.exec(
      res.body,
    )?.[1];
    expect(JSON.parse(boot ?? 'null')).toMatchObject({
      campus: { id: 'ut', city: 'Austin, Texas' },
    });
    // The top bar's brand paints before the app has run; the app draws the real one over it.
    expect(res.body).toMatch(
      /<div id="root"><header class="topbar" aria-hidden="true">.*<span class="topbar__name">UT Buy \/ Sell<\/span>/,
    );
  });

  it('writes the first feed page into /home for a member, as the API answers it', async () => {
    const viewer = await buildUser(t.db, {
      campus_id: 'smu',
      verified: true,
      school_verified: true,
    });
    const author = await buildUser(t.db, { campus_id: 'smu', first_name: 'Kai' });
    await buildPost(t.db, author, { text: 'Futon </script><script>alert(1)</script> for sale' });
    const cookie = await loginAs(t.app, viewer);
    const page = (url: string, withCookie = true) =>
      t.app.inject({
        url,
        headers: { ...html, host: 'smu.localhost:3000', ...(withCookie ? { cookie } : {}) },
      });
    const feedOf = (body: string) =>
      /<script type="application\/json" id="quad-feed">(.*?)<\/script>/s.exec(body)?.[1];

    const res = await page('/home?filter=notify-posted');
    const written = feedOf(res.body);
    // The user's text cannot close the data block: every "<" is escaped.
    expect(written).not.toContain('<');
    const api = await t.app.inject({
      url: '/api/feed',
      headers: { host: 'smu.localhost:3000', cookie },
    });
    expect(JSON.parse(written!)).toEqual(api.json());
    expect(api.json().items[0].text).toBe('Futon </script><script>alert(1)</script> for sale');

    // A page with its feed is compressed for browsers that take it.
    const zipped = await t.app.inject({
      url: '/home',
      headers: { ...html, host: 'smu.localhost:3000', cookie, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toContain('id="quad-feed"');

    // Only the default feed of a signed-in student's own /home.
    expect(feedOf((await page('/home', false)).body)).toBeUndefined();
    expect(feedOf((await page('/home?category=furniture')).body)).toBeUndefined();
    expect(feedOf((await page('/media')).body)).toBeUndefined();
    // A signed-in student who is not a member sees the private screen, not the feed.
    const outsider = await buildUser(t.db, { campus_id: 'smu', verified: true });
    const theirs = await t.app.inject({
      url: '/home',
      headers: { ...html, host: 'smu.localhost:3000', cookie: await loginAs(t.app, outsider) },
    });
    expect(feedOf(theirs.body)).toBeUndefined();
  });

  it("draws a member's first posts into /home from the page's own data, with their cards' styles", async () => {
    const viewer = await buildUser(t.db, {
      campus_id: 'uf',
      verified: true,
      school_verified: true,
    });
    const author = await buildUser(t.db, { campus_id: 'uf', first_name: 'Zoë' });
    await buildPost(t.db, author, { text: 'Desk for sale' });
    const cookie = await loginAs(t.app, viewer);
    const page = (url: string, withCookie = true) =>
      t.app.inject({
        url,
        headers: { ...html, host: 'uf.localhost:3000', ...(withCookie ? { cookie } : {}) },
      });
    const drawn = (body: string) =>
      /<div id="root"><header class="topbar"[^]*?<\/header><div id="quad-first-posts">(.*?)<\/div><\/div>\s*<\/body>/s.exec(
        body,
      )?.[1];
    const feedOf = (body: string) =>
      /<script type="application\/json" id="quad-feed">(.*?)<\/script>/s.exec(body)?.[1];

    // The server bundle is given the campus, the viewer and the very feed page the page carries.
    const res = await page('/home');
    const given = JSON.parse(drawn(res.body)!) as { campus: string; viewer: string; feed: unknown };
    expect(given).toEqual({
      campus: 'uf',
      viewer: viewer.id,
      feed: JSON.parse(feedOf(res.body)!),
      view: 'list',
    });
    // In the grid the student chose (ADR 047), kept in a cookie; anything else is the list.
    const inView = async (value: string) => {
      const res = await t.app.inject({
        url: '/home',
        headers: {
          ...html,
          host: 'uf.localhost:3000',
          cookie: `${cookie}; ${FEED_VIEW_COOKIE}=${value}`,
        },
      });
      return (JSON.parse(drawn(res.body)!) as { view: string }).view;
    };
    expect(await inView('grid')).toBe('grid');
    expect(await inView('tiles')).toBe('list');
    expect(JSON.stringify(given.feed)).toContain('Desk for sale');
    // The cards' styles come inline, not as a request that would hold the paint back.
    expect(res.body).toContain('<style>._text_h1{line-height:1.5}</style>');
    // No photo on the first post: nothing to ask for first.
    expect(res.body).not.toContain('rel="preload"');

    // Only where the feed page is written: not for a guest, nor a filtered feed.
    expect(drawn((await page('/home', false)).body)).toBeUndefined();
    expect((await page('/home?category=furniture')).body).not.toContain('quad-first-posts');
    expect((await page('/home', false)).body).not.toContain('._text_h1');
    // The server bundle is the server's, not served.
    expect((await t.app.inject({ url: '/.vite/ssr/entry-server.js' })).statusCode).toBe(404);

    // A drawing that fails leaves /home as it is without one: its feed data, no posts, no styles.
    const boom = await buildUser(t.db, {
      campus_id: 'uf',
      first_name: 'Boom',
      verified: true,
      school_verified: true,
    });
    const failed = await t.app.inject({
      url: '/home',
      headers: { ...html, host: 'uf.localhost:3000', cookie: await loginAs(t.app, boom) },
    });
    expect(failed.statusCode).toBe(200);
    expect(feedOf(failed.body)).toContain('Desk for sale');
    expect(failed.body).not.toContain('quad-first-posts');
    expect(failed.body).not.toContain('._text_h1');
    // Nothing drawn, nothing to paint before the app's code: its scripts keep their priority.
    expect(failed.body).toContain('<script type="module" src=');
    expect(failed.body).not.toContain('fetchpriority');
  });

  it("asks for the first post's photo first of all, in the head of a member's /home", async () => {
    const viewer = await buildUser(t.db, {
      campus_id: 'ucla',
      verified: true,
      school_verified: true,
    });
    const author = await buildUser(t.db, { campus_id: 'ucla' });
    const cookie = await loginAs(t.app, viewer);
    const home = () =>
      t.app.inject({ url: '/home', headers: { ...html, host: 'ucla.localhost:3000', cookie } });
    const post = await buildPost(t.db, author, { text: 'Desk with a photo', media_count: 1 });
    await buildPhoto(t.db, post);
    const body = (await home()).body;
    const head = body.slice(body.indexOf('<head>'), body.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" href="([^"]+)" fetchPriority="high"\/>/.exec(
      head,
    );
    expect(preload?.[1]).toMatch(/\.webp$/);
    // Before the title, the feed's data and every script of the page.
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('<title>'));
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('modulepreload'));
    // Once: not again in the drawn posts.
    expect(body.split('rel="preload"')).toHaveLength(2);
    // The app's code after the drawn posts' stylesheet and photo: every script at low priority.
    const scripts = [...body.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [tag] of scripts) expect(tag).toContain('fetchpriority="low"');
  });

  it("preloads the feed page's own code with a member's /home, not what the page loads anyway", async () => {
    const member = await buildUser(t.db, { verified: true, school_verified: true });
    const cookie = await loginAs(t.app, member);
    const home = await t.app.inject({ url: '/home', headers: { ...html, cookie } });
    const preloaded = [
      ...home.body.matchAll(
        /<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g,
      ),
    ]
      .map((m) => m[1])
      .sort();
    expect(preloaded).toEqual(['/assets/FeedPage-f1.js', '/assets/shared-s1.js']);
    const other = await t.app.inject({ url: '/media', headers: { ...html, cookie } });
    expect(other.body).not.toContain('modulepreload');
    // A guest's /home is the private screen: no feed code to fetch.
    expect((await t.app.inject({ url: '/home', headers: html })).body).not.toContain(
      'modulepreload',
    );
    // The manifest itself is not served.
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('answers 404, with the app drawing its not-found screen, where the app has no page', async () => {
    for (const url of ['/no-such/page', '/settings/nope', '/post/x/y/z', '/%7Eno']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>OU Buy / Sell</title>');
    }
    for (const url of ['/home', '/settings/account/screen_name', '/messages', '/messages/new']) {
      expect((await t.app.inject({ url, headers: html })).statusCode, url).toBe(200);
    }
  });

  it('answers a reader 404 for a student, post or chat that does not exist, 200 for one that does', async () => {
    const student = await buildUser(t.db, { username: 'maya_k', campus_id: 'ou' });
    const post = await buildPost(t.db, student);
    const elsewhere = await buildPost(t.db, await buildUser(t.db, { campus_id: 'ut' }));
    const reader = await buildUser(t.db, { campus_id: 'ou', verified: true });
    const stranger = await buildUser(t.db, { campus_id: 'ou', verified: true });
    const chatId = await insertChat(student.id, reader.id);
    const cookie = await loginAs(t.app, reader);
    const status = async (url: string, as = cookie) =>
      (await t.app.inject({ url, headers: { ...html, host: 'ou.localhost:3000', cookie: as } }))
        .statusCode;
    expect(await status('/maya_k')).toBe(200);
    expect(await status('/Maya_K')).toBe(200);
    expect(await status('/no_such_student')).toBe(404);
    expect(await status(`/post/${post.id}`)).toBe(200);
    expect(await status(`/post/${post.id}/likes`)).toBe(200);
    expect(await status(`/media/${post.id}`)).toBe(200);
    expect(await status(`/create/comment/${post.id}`)).toBe(200);
    expect(await status(`/post/${randomUUID()}`)).toBe(404);
    expect(await status(`/media/${randomUUID()}`)).toBe(404);
    // Another campus's post is not on this site.
    expect(await status(`/post/${elsewhere.id}`)).toBe(404);
    expect(await status(`/messages/${chatId}`)).toBe(200);
    expect(await status(`/messages/${randomUUID()}`)).toBe(404);
    // Someone else's chat is no more there than a chat that never was.
    expect(await status(`/messages/${chatId}`, await loginAs(t.app, stranger))).toBe(404);
  });

  describe('outsiders of a private campus (ADR 038)', () => {
    const page = (url: string, cookie?: string) =>
      t.app.inject({
        url,
        headers: { ...html, host: 'ut.localhost:3000', ...(cookie ? { cookie } : {}) },
      });
    /** The campus's generic page: what /home answers a guest. */
    const genericHead = async () => headOf((await page('/home')).body);
    const headOf = (body: string) => /<head>(.*)<\/head>/s.exec(body)?.[1];

    async function subjects() {
      const student = await buildUser(t.db, {
        campus_id: 'ut',
        first_name: 'Maya',
        username: `secret_${randomUUID().slice(0, 8)}`,
        bio: 'Ask me about my bike',
        verified: true,
        school_verified: true,
      });
      const post = await buildPost(t.db, student, { text: 'Selling my bike', price: 90 });
      return { student, post, chatId: await insertChat(student.id, (await buildUser(t.db)).id) };
    }

    it('get the same status and page, the generic one, whether the post, student or chat exists', async () => {
      const { student, post, chatId } = await subjects();
      const outsiders: Array<[string, string | undefined]> = [
        ['a guest', undefined],
        ['an unverified account', await loginAs(t.app, await buildUser(t.db, { campus_id: 'ut' }))],
        [
          'a student of another campus',
          await loginAs(
            t.app,
            await buildUser(t.db, { campus_id: 'ou', verified: true, school_verified: true }),
          ),
        ],
      ];
      const generic = await genericHead();
      const pairs = [
        [`/post/${post.id}`, `/post/${randomUUID()}`],
        [`/post/${post.id}/likes`, `/post/${randomUUID()}/likes`],
        [`/media/${post.id}`, `/media/${randomUUID()}`],
        [`/create/comment/${post.id}`, `/create/comment/${randomUUID()}`],
        [`/${student.username}`, '/no_such_student'],
        [`/messages/${chatId}`, `/messages/${randomUUID()}`],
      ];
      for (const [who, cookie] of outsiders) {
        for (const [existing, missing] of pairs) {
          const [there, notThere] = [await page(existing!, cookie), await page(missing!, cookie)];
          expect(there.statusCode, `${who} ${existing}`).toBe(200);
          expect(notThere.statusCode, `${who} ${missing}`).toBe(200);
          expect(there.body, `${who} ${existing}`).toBe(notThere.body);
          if (!cookie) expect(headOf(there.body), existing).toBe(generic);
          for (const secret of [
            'Selling my bike',
            '$90',
            'Maya',
            'Ask me about my bike',
            'og:title',
          ])
            expect(there.body, `${who} ${existing}`).not.toContain(secret);
        }
      }
    });

    it('a student blocked by the author, or blocking them, finds the post missing; the blocked one the profile too', async () => {
      const { student, post } = await subjects();
      const blocked = await buildUser(t.db, { campus_id: 'ut', verified: true });
      const blocking = await buildUser(t.db, { campus_id: 'ut', verified: true });
      await t.db.kysely
        .insertInto('blocks')
        .values([
          { blocker_id: student.id, blocked_id: blocked.id, created_at: Date.now() },
          { blocker_id: blocking.id, blocked_id: student.id, created_at: Date.now() },
        ])
        .execute();
      const missingTo = async (cookie: string, existing: string, missing: string) => {
        const [there, notThere] = [await page(existing, cookie), await page(missing, cookie)];
        expect(there.statusCode, existing).toBe(404);
        expect(there.body, existing).toBe(notThere.body);
        expect(there.body, existing).not.toContain('og:title');
        expect(there.body, existing).not.toContain('Selling my bike');
      };
      // A third student's comment shows the post above it: missing too.
      const third = await buildUser(t.db, { campus_id: 'ut', verified: true });
      const comment = await buildPost(t.db, third, {
        text: 'Is it a road bike?',
        parent_id: post.id,
        root_id: post.id,
      });
      for (const viewer of [blocked, blocking]) {
        const cookie = await loginAs(t.app, viewer);
        await missingTo(cookie, `/post/${post.id}`, `/post/${randomUUID()}`);
        await missingTo(cookie, `/post/${comment.id}`, `/post/${randomUUID()}`);
      }
      await missingTo(await loginAs(t.app, blocked), `/${student.username}`, '/no_such_student');
      // The blocker keeps the profile of the student they blocked, to unblock them there (as the API).
      const blocker = await page(`/${student.username}`, await loginAs(t.app, blocking));
      expect(blocker.statusCode).toBe(200);
    });

    it('a reader of the campus keeps the real preview', async () => {
      const { student, post } = await subjects();
      const reader = await loginAs(
        t.app,
        await buildUser(t.db, { campus_id: 'ut', verified: true }),
      );
      expect((await page(`/post/${post.id}`, reader)).body).toContain(
        '<meta property="og:description" content="$90 · Selling my bike">',
      );
      expect((await page(`/${student.username}`, reader)).body).toContain(
        '<meta property="og:description" content="Ask me about my bike">',
      );
    });
  });

  it('answers 404, not 500, to page paths with a NUL, a control character or a name too long', async () => {
    const reader = await buildUser(t.db, { campus_id: 'ou', verified: true });
    const cookie = await loginAs(t.app, reader);
    const paths = ['/%00', '/post/%00', '/post/%00/likes', '/messages/%00', '/media/%00'];
    paths.push('/create/comment/%00', '/a%01b', `/post/${'a'.repeat(65)}`, `/${'a'.repeat(61)}`);
    for (const url of paths) {
      for (const headers of [html, { ...html, cookie }]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toContain('id="quad-boot"');
      }
    }
  });

  it('gives shared post links Open Graph tags for chat previews, for readers of the campus', async () => {
    const author = await buildUser(t.db, { first_name: 'Maya', campus_id: 'ut' });
    const post = await buildPost(t.db, author, { text: 'Selling a <mini> fridge, barely used' });
    const reader = await utReader();
    const res = await t.app.inject({
      url: `/post/${post.id}?redirect=true`,
      headers: { ...html, host: 'ut.localhost:3000', cookie: reader },
    });
    expect(res.body).toContain(
      `<meta property="og:title" content="Maya&#39;s post · UT Buy / Sell">`,
    );
    expect(res.body).toContain(
      '<meta property="og:description" content="Selling a &#60;mini&#62; fridge, barely used">',
    );
    // Another campus's host does not preview it.
    const elsewhere = await t.app.inject({
      url: `/post/${post.id}`,
      headers: { ...html, host: 'ou.localhost:3000', cookie: reader },
    });
    expect(elsewhere.body).not.toContain('og:title');
  });

  it("leads a listing's preview with its price and tags it as a product in dollars", async () => {
    const author = await buildUser(t.db, { first_name: 'Maya', campus_id: 'ut' });
    const post = await buildPost(t.db, author, { text: 'Desk, solid oak', price: 40, obo: true });
    const res = await t.app.inject({
      url: `/post/${post.id}`,
      headers: { ...html, host: 'ut.localhost:3000', cookie: await utReader() },
    });
    expect(res.body).toContain(
      `<meta property="og:title" content="$40 · OBO · Maya&#39;s post · UT Buy / Sell">`,
    );
    expect(res.body).toContain(
      '<meta property="og:description" content="$40 · OBO · Desk, solid oak">',
    );
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain('<meta property="product:price:amount" content="40">');
    expect(res.body).toContain('<meta property="product:price:currency" content="USD">');
  });

  it('gives shared profile links Open Graph tags: "Jane D. · campus", the bio, the photo', async () => {
    const student = await buildUser(t.db, {
      first_name: 'Maya',
      last_name: 'Lopez',
      username: 'mayalopez',
      campus_id: 'ut',
      bio: 'Selling <textbooks> & bikes',
      avatar_key: 'avatars/maya/face.webp',
    });
    const cookie = await utReader();
    const res = await t.app.inject({
      url: `/${student.username}`,
      headers: { ...html, host: 'ut.localhost:3000', cookie },
    });
    expect(res.body).toContain('<meta property="og:type" content="profile">');
    expect(res.body).toContain('<meta property="og:title" content="Maya L. · UT Buy / Sell">');
    expect(res.body).toContain(
      '<meta property="og:description" content="Selling &#60;textbooks&#62; &#38; bikes">',
    );
    expect(res.body).toMatch(
      /<meta property="og:image" content="http[^"]+avatars\/maya\/face\.webp">/,
    );
    // Any letter case finds the student; another campus's host and reserved names preview nothing.
    const upper = await t.app.inject({
      url: '/MayaLopez',
      headers: { ...html, host: 'ut.localhost:3000', cookie },
    });
    expect(upper.body).toContain('og:title');
    const elsewhere = await t.app.inject({
      url: `/${student.username}`,
      headers: { ...html, host: 'ou.localhost:3000', cookie },
    });
    expect(elsewhere.body).not.toContain('og:title');
    const reserved = await t.app.inject({
      url: '/settings',
      headers: { ...html, host: 'ut.localhost:3000', cookie },
    });
    expect(reserved.body).not.toContain('og:title');
  });

  it('serves /404 with a 404 status', async () => {
    const res = await t.app.inject({ url: '/404', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="quad-boot"');
  });

  it('caches hashed assets forever and other files for an hour', async () => {
    const asset = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves the raw template', async () => {
    const res = await t.app.inject({ url: '/index.html' });
    expect(res.body).not.toContain('<!--app-head-->');
  });

  it('answers unknown API routes and missing assets with JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/home', headers: html });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/campus', '/api/campuses']),
    );
  });
});

describe('without a web build', () => {
  it('explains how to build instead of failing silently', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/home', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
