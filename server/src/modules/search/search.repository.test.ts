import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPost, buildUser } from '../../../test/factories';
import { createTestDb, type TestDb } from '../../../test/db';
import { searchRepository } from './search.repository';

/**
 * The newest matches of a word, whichever way the database finds them: on
 * PostgreSQL a window of the newest posts, a wider one sized by the share of
 * matches the first held, or every match through GIN (search.repository.ts).
 * Small windows here stand for the real ones over a million posts.
 */
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const WINDOWS = { recent: 8, widest: 100 };
let clock = Date.now() - 10_000_000;

/** `count` posts on `campus`, oldest first; those at the indexes `matches` says hold `word`. */
async function posts(campus: string, count: number, word: string, matches: (i: number) => boolean) {
  const author = await buildUser(db, { campus_id: campus });
  const made: Array<{ id: string; match: boolean }> = [];
  for (let i = 0; i < count; i++) {
    clock += 1000;
    const match = matches(i);
    const text = match ? `A ${word} table number ${i}` : `A plain chair number ${i}`;
    const row = await buildPost(db, author, { text, created_at: clock, updated_at: clock });
    made.push({ id: row.id, match });
  }
  return made.filter((p) => p.match).map((p) => p.id);
}

const newestOf = (campusId: string, word: string, limit: number) =>
  searchRepository
    .candidates(db, { campusId, terms: [{ word, corrections: [] }], media: false, limit }, WINDOWS)
    .then((rows) => rows.map((r) => r.id));

describe('the newest matches of a word', () => {
  it('a word in one post of four: the first window holds too few, a wider one the answer', async () => {
    const matching = await posts('ou', 60, 'zebrawood', (i) => i % 4 === 0);
    expect(await newestOf('ou', 'zebrawood', 5)).toEqual(matching.slice(-5).reverse());
  });

  it('matches only among the oldest posts: past every window, found through the index', async () => {
    const matching = await posts('ut', 150, 'teakwood', (i) => i < 12 || i === 145);
    expect(await newestOf('ut', 'teakwood', 5)).toEqual(matching.slice(-5).reverse());
  });

  it('fewer matches than asked for: every one of them, newest first', async () => {
    const matching = await posts('smu', 40, 'oakwood', (i) => i % 13 === 0);
    expect(matching).toHaveLength(4);
    expect(await newestOf('smu', 'oakwood', 5)).toEqual([...matching].reverse());
  });
});
