import { SAVED_SEARCHES_MAX, SEARCH_MESSAGES } from '@common/schemas/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { callerOn, userWithSession } from '../../../test/auth';
import { SAVED_SEARCH_MISSING } from '../../core/policies/saved-search';

/** Saved searches: "Alert me" and the settings list (ADR 010). */

let t: TestContext;
let call: ReturnType<typeof callerOn>;
let onUt: ReturnType<typeof callerOn>;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOn(t.app, 'ou', '198.40');
  onUt = callerOn(t.app, 'ut', '198.41');
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });

const save = (who: Student, body: object) => call(who, 'POST', '/api/me/saved-searches', body);
const list = async (who: Student) => {
  const res = await call(who, 'GET', '/api/me/saved-searches');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: string; query: string; paused: boolean; email: string }[];
};

describe('saving a search', () => {
  it('saves the query with its tab and category, newest first', async () => {
    const me = await student();
    const first = await save(me, { query: 'desk' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      query: 'desk',
      show: 'latest',
      category: null,
      email: 'instant',
      paused: false,
    });
    const second = await save(me, {
      query: 'Canon camera',
      show: 'media',
      category: 'cameras & photography',
      email: 'daily',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await list(me)).map((s) => s.query)).toEqual(['Canon camera', 'desk']);
  });

  it('refuses the same query, tab and category twice (409), whatever its case', async () => {
    const me = await student();
    expect((await save(me, { query: 'mini fridge' })).statusCode).toBe(201);
    const again = await save(me, { query: '  Mini FRIDGE! ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'alert_exists',
      message: SEARCH_MESSAGES.alertExists,
    });
    // Another tab or category is another search.
    expect((await save(me, { query: 'mini fridge', show: 'media' })).statusCode).toBe(201);
    expect((await save(me, { query: 'mini fridge', category: 'household' })).statusCode).toBe(201);
    // Another student may save the same.
    expect((await save(await student(), { query: 'mini fridge' })).statusCode).toBe(201);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches`, async () => {
    const me = await student();
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++)
      expect((await save(me, { query: `bike model${i}` })).statusCode).toBe(201);
    const over = await save(me, { query: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(SEARCH_MESSAGES.tooManyAlerts);
    expect(await list(me)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('refuses an empty query and one without words', async () => {
    const me = await student();
    expect((await save(me, { query: '   ' })).statusCode).toBe(400);
    expect((await save(me, { query: '!!!' })).statusCode).toBe(400);
  });

  it('is for school-verified members of the campus', async () => {
    expect((await call(null, 'GET', '/api/me/saved-searches')).statusCode).toBe(401);
    const unverified = await student({ school_verified: false });
    expect((await save(unverified, { query: 'desk' })).statusCode).toBe(403);
    const utStudent = await student({ campus_id: 'ut' });
    expect((await save(utStudent, { query: 'desk' })).statusCode).toBe(403);
    expect(
      (await onUt(utStudent, 'POST', '/api/me/saved-searches', { query: 'desk' })).statusCode,
    ).toBe(201);
    // Each campus lists only its own.
    expect((await onUt(utStudent, 'GET', '/api/me/saved-searches')).json().items).toHaveLength(1);
  });
});

describe('changing a saved search', () => {
  it('pauses, resumes, changes its e-mail and deletes it', async () => {
    const me = await student();
    const { id } = (await save(me, { query: 'lamp' })).json();
    const paused = await call(me, 'PATCH', `/api/me/saved-searches/${id}`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ id, paused: true, email: 'instant' });
    const daily = await call(me, 'PATCH', `/api/me/saved-searches/${id}`, {
      paused: false,
      email: 'daily',
    });
    expect(daily.json()).toMatchObject({ paused: false, email: 'daily' });
    expect(await list(me)).toMatchObject([{ id, paused: false, email: 'daily' }]);
    expect((await call(me, 'DELETE', `/api/me/saved-searches/${id}`)).statusCode).toBe(204);
    expect(await list(me)).toEqual([]);
    // Deleted, its query may be saved again.
    expect((await save(me, { query: 'lamp' })).statusCode).toBe(201);
  });

  it("answers 404 for another student's search or one that is gone", async () => {
    const [me, other] = [await student(), await student()];
    const { id } = (await save(other, { query: 'bike' })).json();
    for (const res of [
      await call(me, 'PATCH', `/api/me/saved-searches/${id}`, { paused: true }),
      await call(me, 'DELETE', `/api/me/saved-searches/${id}`),
      await call(me, 'DELETE', '/api/me/saved-searches/nope'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(SAVED_SEARCH_MISSING);
    }
    expect(await list(other)).toMatchObject([{ id, paused: false }]);
  });
});
