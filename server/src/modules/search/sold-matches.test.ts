import type { SearchPosts } from '@common/schemas/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type QueryCounter, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { buildPost } from '../../../test/factories';

/**
 * Sold listings that match a search are left out (ADR 023) but counted, so
 * search can say so and offer them (ADR 050), from the facts it already
 * reads: the count costs no statement, however many sold listings match.
 */

const queries: QueryCounter = { count: 0 };
let t: TestContext;
let onUt: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp({ queries });
  onUt = callerOn(t.app, 'ut', '198.72');
});
afterAll(() => t?.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = () =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ut' });

let clock = Date.now() - 10_000_000;
async function listing(who: Student, extra: Parameters<typeof buildPost>[2]) {
  clock += 1000;
  const post = await buildPost(t.db, who.user, { created_at: clock, updated_at: clock, ...extra });
  t.app.services.posts.changed('ut');
  return post;
}

async function search(who: Student, query: string, path = 'posts'): Promise<SearchPosts> {
  const res = await onUt(who, 'GET', `/api/search/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('sold listings that match a search', () => {
  it('are counted, with the price filters applied, and not when they are shown', async () => {
    const seller = await student();
    const lamp = await listing(seller, { price: 10, text: 'Lamp quokkawood' });
    await listing(seller, { price: 5, status: 'sold', text: 'Chair quokkawood' });
    await listing(seller, { price: 50, status: 'sold', text: 'Desk quokkawood' });

    const plain = await search(seller, 'q=quokkawood');
    expect(plain.items.map((p) => p.id)).toEqual([lamp.id]);
    expect(plain.soldMatches).toBe(2);
    expect((await search(seller, 'q=quokkawood&maxPrice=20')).soldMatches).toBe(1);
    expect((await search(seller, 'q=quokkawood&free=true')).soldMatches).toBe(0);
    const shown = await search(seller, 'q=quokkawood&includeSold=true');
    expect(shown.items).toHaveLength(3);
    expect(shown.soldMatches).toBe(0);
  });

  it('are counted when nothing else matches, and none when nothing was sold', async () => {
    const seller = await student();
    await listing(seller, { price: 5, status: 'sold', text: 'Bike numbatframe' });
    const only = await search(seller, 'q=numbatframe');
    expect(only.items).toEqual([]);
    expect(only.soldMatches).toBe(1);
    expect((await search(seller, 'q=zzznomatchzzz')).soldMatches).toBe(0);
  });

  it('cost no statement per sold listing: one sold match or six, the same statements', async () => {
    const seller = await student();
    await listing(seller, { price: 1, text: 'Kettle dugongsteel' });
    await listing(seller, { price: 1, status: 'sold', text: 'Pan dugongsteel' });
    // The same search just before: its words and the session are read; only the ranking is redone.
    const statements = async () => {
      await search(seller, 'q=dugongsteel');
      t.app.services.posts.changed('ut');
      queries.count = 0;
      const answer = await search(seller, 'q=dugongsteel');
      return { count: queries.count, sold: answer.soldMatches };
    };
    const one = await statements();
    for (let i = 0; i < 5; i += 1)
      await listing(seller, { price: 1, status: 'sold', text: `Pot ${i} dugongsteel` });
    const six = await statements();
    expect([one.sold, six.sold]).toEqual([1, 6]);
    expect(six.count).toBe(one.count);
  });
});
