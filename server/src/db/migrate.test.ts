import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { migrateToLatest } from './migrate';

const TABLES = [
  'auth_tokens',
  'chat_unread',
  'chats',
  'events',
  'likes',
  'mail_outbox',
  'message_hearts',
  'message_media',
  'messages',
  'notifications',
  'post_media',
  'posts',
  'reports',
  'searches',
  'sessions',
  'user_searches',
  'users',
  'verification_codes',
];

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

async function insertUser(id: string, first: string, last: string) {
  const now = Date.now();
  await db.kysely
    .insertInto('users')
    .values({
      id,
      campus_id: 'ou',
      email: `${id}@example.com`,
      username: `${first}${last}`.toLowerCase(),
      first_name: first,
      last_name: last,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

describe(`migrations (${process.env.QUAD_TEST_DB ?? 'sqlite'})`, () => {
  it('create every table of the data model', async () => {
    const tables = (await db.kysely.introspection.getTables()).map((t) => t.name).filter((n) => !n.includes('fts') && !n.startsWith('kysely_'));
    expect(tables.sort()).toEqual(expect.arrayContaining(TABLES));
  });

  it('are idempotent', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('apply the defaults of a new user (spec core §9)', async () => {
    await insertUser('u-defaults', 'Jane', 'Doe');
    const user = await db.kysely.selectFrom('users').selectAll().where('id', '=', 'u-defaults').executeTakeFirstOrThrow();
    expect(Boolean(user.email_notifications)).toBe(true);
    expect(user.type).toBe('individual');
    expect(Boolean(user.verified)).toBe(false);
    expect(Boolean(user.school_verified)).toBe(false);
    expect(user.total_posts).toBe(0);
    expect(typeof user.created_at).toBe('number');
  });

  it('enforce unique e-mails, usernames and school e-mails', async () => {
    await insertUser('u-unique', 'Sam', 'Lee');
    await expect(insertUser('u-unique-2', 'Sam', 'Lee')).rejects.toThrow();
  });

  it('cascade a post delete to its comments and likes', async () => {
    await insertUser('u-cascade', 'Ana', 'Ruiz');
    const now = Date.now();
    const post = { campus_id: 'ou', author_id: 'u-cascade', created_at: now, updated_at: now };
    await db.kysely.insertInto('posts').values({ ...post, id: 'p-root', text: 'Desk lamp, $10' } as never).execute();
    await db.kysely
      .insertInto('posts')
      .values({ ...post, id: 'p-reply', parent_id: 'p-root', root_id: 'p-root', depth: 1, text: 'Still available?' } as never)
      .execute();
    await db.kysely.insertInto('likes').values({ post_id: 'p-root', user_id: 'u-cascade', created_at: now }).execute();
    await db.kysely.deleteFrom('posts').where('id', '=', 'p-root').execute();
    expect(await db.kysely.selectFrom('posts').select('id').where('id', 'in', ['p-root', 'p-reply']).execute()).toEqual([]);
    expect(await db.kysely.selectFrom('likes').select('post_id').where('post_id', '=', 'p-root').execute()).toEqual([]);
  });

  it('index post text and people for full-text search', async () => {
    await insertUser('u-search', 'Maria', 'Gonzalez');
    const now = Date.now();
    await db.kysely
      .insertInto('posts')
      .values({ id: 'p-fts', campus_id: 'ou', author_id: 'u-search', text: 'Selling two mini fridges', created_at: now, updated_at: now } as never)
      .execute();
    if (db.dialect === 'sqlite') {
      const posts = await sql<{ id: string }>`select p.id from posts_fts f join posts p on p.rowid = f.rowid where posts_fts match ${'fridge'}`.execute(db.kysely);
      expect(posts.rows.map((r) => r.id)).toEqual(['p-fts']);
      const people = await sql<{ id: string }>`select u.id from users_fts f join users u on u.rowid = f.rowid where users_fts match ${'gonz*'}`.execute(db.kysely);
      expect(people.rows.map((r) => r.id)).toEqual(['u-search']);
      await db.kysely.updateTable('posts').set({ text: 'Selling a futon' }).where('id', '=', 'p-fts').execute();
      const after = await sql`select rowid from posts_fts where posts_fts match ${'fridge'}`.execute(db.kysely);
      expect(after.rows).toEqual([]);
    } else {
      const posts = await sql<{ id: string }>`select id from posts where search @@ websearch_to_tsquery('english', ${'fridge'})`.execute(db.kysely);
      expect(posts.rows.map((r) => r.id)).toEqual(['p-fts']);
      const people = await sql<{ id: string }>`select id from users where (first_name || ' ' || last_name || ' ' || username) % ${'Gonzales'}`.execute(db.kysely);
      expect(people.rows.map((r) => r.id)).toEqual(['u-search']);
    }
  });
});
