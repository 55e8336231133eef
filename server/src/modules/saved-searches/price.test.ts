import { LISTING_MESSAGES as L } from '@common/listings';
import { SEARCH_MESSAGES, type SavedSearchDto } from '@common/schemas/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';

/** Saved searches match on price (ADR 023). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.52');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = () =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou' });

async function saveSearch(who: Student, body: object): Promise<SavedSearchDto> {
  const res = await call(who, 'POST', '/api/me/saved-searches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Posts through the API and waits for the matching that runs after the commit. */
async function post(who: Student, text: string, price?: number): Promise<string> {
  const res = await call(who, 'POST', '/api/posts', { text, price });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.services.savedSearchAlerts.idle();
  return res.json().id;
}

const alertedPosts = async (who: Student) =>
  (
    await t.db.kysely
      .selectFrom('notifications')
      .select('post_id')
      .where('to_user_id', '=', who.user.id)
      .where('type', '=', 'saved search')
      .orderBy('created_at')
      .execute()
  ).map((n) => n.post_id);

describe('a saved search with price filters', () => {
  it('keeps the filters it was saved with and shows them in the list', async () => {
    const buyer = await student();
    const saved = await saveSearch(buyer, { query: 'road bike', maxPrice: 50 });
    expect(saved).toMatchObject({ minPrice: null, maxPrice: 50, free: false });
    await saveSearch(buyer, { query: 'futon', free: true, maxPrice: 30 });
    const list = (await call(buyer, 'GET', '/api/me/saved-searches')).json().items;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ query: 'road bike', minPrice: null, maxPrice: 50, free: false }),
        // Free only says it all: the range beside it is dropped.
        expect.objectContaining({ query: 'futon', minPrice: null, maxPrice: null, free: true }),
      ]),
    );
  });

  it('alerts only for listings within them', async () => {
    const [buyer, seller] = [await student(), await student()];
    await saveSearch(buyer, { query: 'kayak', maxPrice: 50 });
    await saveSearch(buyer, { query: 'beanbag', free: true });
    await saveSearch(buyer, { query: 'telescope', minPrice: 100, maxPrice: 300 });
    await saveSearch(buyer, { query: 'skateboard' });

    const cheap = await post(seller, 'Kayak, two paddles', 40);
    await post(seller, 'Kayak, touring', 80);
    await post(seller, 'Kayak trip this weekend, anyone?');
    const free = await post(seller, 'Beanbag, free to a good home', 0);
    await post(seller, 'Beanbag, red', 10);
    await post(seller, 'Telescope, kids', 60);
    const scope = await post(seller, 'Telescope, 8 inch', 250);
    await post(seller, 'Telescope, observatory grade', 900);
    const plain = await post(seller, 'Skateboard lessons?');
    const board = await post(seller, 'Skateboard deck', 35);

    expect(await alertedPosts(buyer)).toEqual([cheap, free, scope, plain, board]);
  });

  it('is another search than the same words at other prices; the same prices twice is a 409', async () => {
    const buyer = await student();
    await saveSearch(buyer, { query: 'desk lamp' });
    await saveSearch(buyer, { query: 'desk lamp', maxPrice: 20 });
    await saveSearch(buyer, { query: 'desk lamp', free: true });
    const again = await call(buyer, 'POST', '/api/me/saved-searches', {
      query: 'Desk lamp!',
      maxPrice: 20,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SEARCH_MESSAGES.alertExists);
  });

  it('refuses a minimum above the maximum, and prices that are not whole dollars', async () => {
    const buyer = await student();
    for (const [body, message] of [
      [{ minPrice: 50, maxPrice: 10 }, L.minAboveMax],
      [{ maxPrice: 12.5 }, L.priceWhole],
      [{ minPrice: -1 }, L.priceNegative],
    ] as const) {
      const res = await call(buyer, 'POST', '/api/me/saved-searches', { query: 'desk', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});
