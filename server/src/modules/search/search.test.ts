import { TEXT_MESSAGES } from '@common/schemas/fields';
import { MODERATION_MESSAGES } from '@common/schemas/moderation';
import { SEARCH_MESSAGES, type SearchPosts } from '@common/schemas/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';
import { searchesRepository } from './searches.repository';

/** Search (docs/product/posts-and-listings.md, Search; ADR 009). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
let onUt: ReturnType<typeof callerOn>;
const MOD_DUKE = 'search-mod@duke.edu';
beforeAll(async () => {
  t = await createTestApp({ env: { MODERATORS: `duke:${MOD_DUKE}` } });
  call = callerOn(t.app, 'ou', '198.30');
  onUt = callerOn(t.app, 'ut', '198.31');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

let clock = Date.now() - 1_000_000;
/** A post written straight to the database, each newer than the last. */
const listing = (who: Student, text: string, extra: Parameters<typeof buildPost>[2] = {}) => {
  clock += 1000;
  return buildPost(t.db, who.user, { text, created_at: clock, updated_at: clock, ...extra });
};

async function searchPosts(who: Student | null, q: string, path = 'posts'): Promise<SearchPosts> {
  const res = await call(who, 'GET', `/api/search/${path}?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = async (who: Student, q: string) => (await searchPosts(who, q)).items.map((p) => p.id);

describe('finding listings', () => {
  it('ranks every word as typed above words it begins; newest first among equals', async () => {
    const seller = await student();
    const typo = await listing(seller, 'Vintage lampp for a dorm');
    const older = await listing(seller, 'Desk lamp, brass');
    const plural = await listing(seller, 'Two lamps, brass');
    const prefix = await listing(seller, 'Lampshade, pleated');
    const newer = await listing(seller, 'Reading lamp with bulb');
    expect(await ids(seller, 'lamp')).toEqual([newer.id, plural.id, older.id, prefix.id, typo.id]);
    expect(await ids(seller, 'brass lamp')).toEqual([plural.id, older.id]);
    // No word starts with "lampz": its corrections are searched instead.
    const corrected = await searchPosts(seller, 'lampz');
    expect(corrected.items.map((p) => p.id)).toEqual([newer.id, plural.id, older.id, typo.id]);
    expect(corrected.terms.sort()).toEqual(['lamp', 'lampp', 'lamps', 'lampz']);
  });

  it('matches words in any order, while typing, misspelt, without case or accents', async () => {
    const seller = await student();
    const fridge = await listing(seller, 'Selling a MINI fridge, barely used');
    const bike = await listing(seller, 'Trek bicycle, new tyres');
    const cafe = await listing(seller, 'Café table for two');
    expect(await ids(seller, 'fridge mini')).toEqual([fridge.id]);
    expect(await ids(seller, 'mini fri')).toEqual([fridge.id]);
    expect(await ids(seller, 'bycicle')).toEqual([bike.id]);
    expect(await ids(seller, 'CAFE')).toEqual([cafe.id]);
    const result = await searchPosts(seller, 'bycicle');
    expect(result.terms).toContain('bicycle');
  });

  it('finds a listing by its category and by the words of its comments', async () => {
    const seller = await student();
    const buyer = await student();
    const tickets = await listing(seller, 'Two seats for Saturday', { category: 'tickets' });
    const lamp = await listing(seller, 'Floor light');
    await listing(buyer, 'Is the halogen bulb included?', {
      parent_id: lamp.id,
      root_id: lamp.id,
      depth: 1,
    });
    expect(await ids(buyer, 'tickets saturday')).toEqual([tickets.id]);
    expect(await ids(buyer, 'halogen')).toEqual([lamp.id]);
  });

  it('keeps to the campus: nothing from another campus, ever', async () => {
    const ours = await student();
    const theirs = await student({ campus_id: 'ut' });
    await listing(theirs, 'Kayak paddle, barely used');
    expect(await ids(ours, 'kayak')).toEqual([]);
    const res = await onUt(theirs, 'GET', '/api/search/posts?q=kayak');
    expect(res.json().items).toHaveLength(1);
    // Another campus's suggestions never show this campus's words either.
    const words = await call(ours, 'GET', '/api/search/suggestions?q=kay');
    expect(words.json().items).toEqual([]);
  });

  it('needs a member of the campus: a guest 401, another campus 403', async () => {
    const outsider = await student({ campus_id: 'ut' });
    for (const path of ['posts', 'media', 'people', 'suggestions']) {
      expect((await call(null, 'GET', `/api/search/${path}?q=desk`)).statusCode).toBe(401);
      expect((await call(outsider, 'GET', `/api/search/${path}?q=desk`)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/search/popular')).statusCode).toBe(401);
    const unverified = await student({ school_verified: false, verified: false });
    expect((await call(unverified, 'GET', '/api/search/posts?q=desk')).statusCode).toBe(403);
  });

  it("finds a common word's newest matches first, however many posts have it", async () => {
    const seller = await student();
    const made: string[] = [];
    // More than the 200 candidates: PostgreSQL reads them from the newest posts (ADR 014).
    for (let i = 0; i < 205; i++) made.push((await listing(seller, `Walnut shelf number ${i}`)).id);
    await listing(seller, 'A lamp, not the word');
    const found = await ids(seller, 'walnut');
    expect(found).toEqual(made.slice(-found.length).reverse());
    expect(found.length).toBeGreaterThan(0);
  });

  it('drops deleted posts at once', async () => {
    const seller = await student();
    const res = await call(seller, 'POST', '/api/posts', { text: 'Espresso machine, works' });
    const { id } = res.json();
    expect(await ids(seller, 'espresso')).toEqual([id]);
    expect((await call(seller, 'DELETE', `/api/posts/${id}`)).statusCode).toBe(200);
    expect(await ids(seller, 'espresso')).toEqual([]);
  });

  it('answers query syntax with results or an empty list, never an error', async () => {
    const seller = await student();
    await listing(seller, 'Quoted "special" lamp NEAR the door');
    const hostile = [
      '"',
      '"lamp',
      'lamp*',
      '*',
      '-lamp',
      'lamp -',
      'NEAR(lamp door)',
      'lamp AND OR NOT',
      '(((lamp',
      'lamp)',
      "'; drop table posts; --",
      'col:lamp',
      '^lamp',
      '{text}: lamp',
      'lamp:* & !',
      '🙂',
      '   ',
    ];
    for (const q of hostile) {
      for (const path of ['posts', 'media', 'people', 'suggestions']) {
        const res = await call(seller, 'GET', `/api/search/${path}?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${path} ${q}: ${res.body}`).toBe(200);
      }
    }
    expect((await searchPosts(seller, 'NEAR(lamp door)')).items).toHaveLength(1);
    // A control character is not query syntax: refused like in every other field (ADR 017).
    for (const path of ['posts', 'media', 'people', 'suggestions']) {
      const res = await call(seller, 'GET', `/api/search/${path}?q=lamp%00`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TEXT_MESSAGES.controlCharacters);
    }
  });

  it('pages 10 at a time with an opaque cursor', async () => {
    const seller = await student();
    for (let i = 0; i < 12; i++) await listing(seller, `Textbook number ${i} zythum`);
    const first = await searchPosts(seller, 'zythum');
    expect(first.items).toHaveLength(10);
    const res = await call(
      seller,
      'GET',
      `/api/search/posts?q=zythum&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    const second: SearchPosts = res.json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const bad = await call(seller, 'GET', '/api/search/posts?q=zythum&cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
  });

  it('shows only posts with photos or videos on the media tab', async () => {
    const seller = await student();
    await listing(seller, 'Guitar amp, no photo');
    const withPhoto = await listing(seller, 'Guitar amp with photo', { media_count: 1 });
    const media = await searchPosts(seller, 'guitar', 'media');
    expect(media.items.map((p) => p.id)).toEqual([withPhoto.id]);
  });
});

describe('people', () => {
  it('finds students of the campus by name or @username', async () => {
    const me = await student();
    const jo = await student({
      first_name: 'Josefina',
      last_name: 'Quarles',
      username: 'jq_sells',
    });
    await student({ first_name: 'Josefina', campus_id: 'ut' });
    for (const q of ['josef', 'quarl', 'josefina q', '@jq_s']) {
      const res = await call(me, 'GET', `/api/search/people?q=${encodeURIComponent(q)}`);
      expect(
        res.json().items.map((u: { id: string }) => u.id),
        q,
      ).toEqual([jo.user.id]);
    }
    const none = await call(me, 'GET', '/api/search/people?q=zzzzzz');
    expect(none.json()).toEqual({ items: [], nextCursor: null });
  });
});

/**
 * What one student cannot write on everyone's lists (ADR 040): each campus of
 * these tests is its own, so no other test's queries reach its lists.
 */
describe('popular searches are the campus’s, not one student’s', () => {
  const onDuke = () => callerOn(t.app, 'duke', '198.32');
  const dukeStudent = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
    student({ campus_id: 'duke', ...overrides });
  const popular = async (who: Student) =>
    (await onDuke()(who, 'GET', '/api/search/popular'))
      .json()
      .items.map((i: { text: string }) => i.text);
  const suggested = async (who: Student, q: string) =>
    (await onDuke()(who, 'GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`))
      .json()
      .items.filter((i: { kind: string }) => i.kind === 'query')
      .map((i: { text: string }) => i.text);
  const searched = async (who: Student, text: string, times = 1) => {
    for (let n = 0; n < times; n++) await onDuke()(who, 'POST', '/api/me/searches', { text });
  };

  it('counts students, not searches: 120 repeats by one student put nothing on the lists', async () => {
    const spammer = await dukeStudent();
    const others = [await dukeStudent(), await dukeStudent(), await dukeStudent()];
    await searched(spammer, 'call 405 555 0123 scam-deals.example', 120);
    await searched(others[0]!, 'call 405 555 0123 scam-deals.example');
    for (const who of others.slice(0, 2)) await searched(who, 'couch', 5);
    for (const who of others) await searched(who, 'calculator');
    for (const who of [...others, spammer]) await searched(who, 'textbook');

    const viewer = await dukeStudent();
    expect(await popular(viewer)).toEqual(['textbook', 'calculator']);
    expect(await suggested(viewer, 'ca')).toEqual(['calculator']);
    expect(await suggested(viewer, 'co')).toEqual([]);
  });

  it('lets a moderator drop a query for good; to anyone else the route does not exist', async () => {
    const [a, b, c] = [await dukeStudent(), await dukeStudent(), await dukeStudent()];
    const moderator = await dukeStudent({ email: MOD_DUKE });
    for (const who of [a, b, c]) await searched(who, 'scamdomain.example');
    const viewer = await dukeStudent();
    expect(await popular(a)).toContain('scamdomain.example');
    expect(await suggested(viewer, 'scamd')).toEqual(['scamdomain.example']);
    const { id } = (await onDuke()(a, 'GET', '/api/search/popular'))
      .json()
      .items.find((i: { text: string }) => i.text === 'scamdomain.example');

    const url = `/api/moderation/searches/${id}`;
    for (const who of [a, null]) expect((await onDuke()(who, 'DELETE', url)).statusCode).toBe(404);
    const dropped = await onDuke()(moderator, 'DELETE', url);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toEqual({ message: MODERATION_MESSAGES.searchDropped });
    expect(await popular(a)).not.toContain('scamdomain.example');
    expect(await suggested(viewer, 'scamd')).toEqual([]);

    // More students searching it later do not bring it back; a second drop finds nothing.
    await searched(await dukeStudent(), 'scamdomain.example');
    expect(await popular(a)).not.toContain('scamdomain.example');
    const again = await onDuke()(moderator, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MODERATION_MESSAGES.searchGone);
    // Another campus's moderator finds no such query on theirs.
    expect((await onDuke()(moderator, 'DELETE', '/api/moderation/searches/nope')).statusCode).toBe(
      404,
    );
  });
});

describe('history, popular searches and suggestions', () => {
  it('ignores an empty query and counts a known one instead of adding it', async () => {
    const a = await student();
    const b = await student();
    const empty = await call(a, 'POST', '/api/me/searches', { text: '   ' });
    expect(empty.json()).toEqual({ search: null, message: null });

    const first = await call(a, 'POST', '/api/me/searches', { text: 'Mini  Fridge' });
    expect(first.json()).toMatchObject({ search: { text: 'mini fridge' }, message: null });
    const again = await call(b, 'POST', '/api/me/searches', { text: 'mini fridge' });
    expect(again.json().message).toBe(SEARCH_MESSAGES.alreadyAdded);
    await call(a, 'POST', '/api/me/searches', { text: 'mini fridge' });
    const row = await t.db.kysely
      .selectFrom('searches')
      .select(['unique_views', 'ghost_views', 'total_views'])
      .where('text', '=', 'mini fridge')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ unique_views: 2, ghost_views: 1, total_views: 3 });
  });

  it('keeps each student history, newest first; removes one and clears all', async () => {
    const a = await student();
    const other = await student();
    for (const text of ['desk', 'lamp', 'desk'])
      await call(a, 'POST', '/api/me/searches', { text });
    await call(other, 'POST', '/api/me/searches', { text: 'kayak' });
    const recent = (await call(a, 'GET', '/api/me/searches')).json().items;
    expect(recent.map((r: { text: string }) => r.text)).toEqual(['desk', 'lamp']);

    const notMine = (await call(other, 'DELETE', `/api/me/searches/${recent[0].id}`)).statusCode;
    expect(notMine).toBe(404);
    expect((await call(a, 'DELETE', `/api/me/searches/${recent[0].id}`)).statusCode).toBe(204);
    const left = (await call(a, 'GET', '/api/me/searches')).json().items;
    expect(left.map((r: { text: string }) => r.text)).toEqual(['lamp']);
    expect((await call(a, 'DELETE', '/api/me/searches')).statusCode).toBe(204);
    expect((await call(a, 'GET', '/api/me/searches')).json().items).toEqual([]);
    expect((await call(other, 'GET', '/api/me/searches')).json().items).toHaveLength(1);
  });

  it('keeps the history newest first even for searches in one millisecond', async () => {
    const a = await student();
    const now = Date.now();
    for (const text of ['desk', 'lamp', 'desk'])
      await searchesRepository.record(t.db.kysely, {
        campusId: 'ou',
        userId: a.user.id,
        text,
        now,
      });
    const recent = await searchesRepository.recent(t.db.kysely, a.user.id, 10);
    expect(recent.map((r) => r.text)).toEqual(['desk', 'lamp']);
  });

  it('lists the 14 queries the most students searched, each searched by 3 or more', async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    for (let i = 0; i < 16; i++) {
      for (const who of [a, b, c])
        await call(who, 'POST', '/api/me/searches', {
          text: `popular${String(i).padStart(2, '0')}`,
        });
    }
    await call(await student(), 'POST', '/api/me/searches', { text: 'popular15' });
    const items = (await call(a, 'GET', '/api/search/popular')).json().items;
    expect(items).toHaveLength(14);
    expect(items[0].text).toBe('popular15');
    const ut = await student({ campus_id: 'ut' });
    expect((await onUt(ut, 'GET', '/api/search/popular')).json().items).toEqual([]);
  });

  it('suggests recent queries, campus queries and listing words while typing', async () => {
    const a = await student();
    const b = await student();
    await listing(b, 'Waffle maker and wafflecone mold');
    await call(a, 'POST', '/api/me/searches', { text: 'waffle iron' });
    for (const who of [b, await student(), await student()])
      await call(who, 'POST', '/api/me/searches', { text: 'waffle maker' });
    const res = await call(a, 'GET', '/api/search/suggestions?q=waff');
    expect(res.json().items).toEqual([
      { text: 'waffle iron', kind: 'recent' },
      { text: 'waffle maker', kind: 'query' },
      { text: 'waffle', kind: 'word' },
      { text: 'wafflecone', kind: 'word' },
    ]);
  });
});
